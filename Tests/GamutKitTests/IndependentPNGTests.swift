import Foundation
@testable import GamutKit
import Testing

// libpng, the independent PNG decoder, comes from pkg-config: Linux only.
#if canImport(PNGOracle)
    /// 16-bit Display P3 files written by libpng (not by GamutKit), checked and converted end to end, and what
    /// GamutKit writes read back by libpng: the boundary where a byte-order mistake would show.
    @Suite("Files another encoder wrote, end to end")
    struct IndependentPNGTests {
        static let p3 = (name: "Display P3", profile: ColorProfile.displayP3.data)

        /// A 16-bit RGB Display P3 PNG written by libpng, every pixel `rgb`.
        static func flat(_ rgb: [Int], width: Int = 16, height: Int = 8) throws -> [UInt8] {
            try LibPNG.encode(
                .init(
                    width: width, height: height, layout: .rgb, depth: 16,
                    samples: (0..<width * height).flatMap { _ in rgb }, iccp: p3))
        }

        static func write(_ bytes: [UInt8], _ name: String) -> String {
            let path = PNGFixtures.temporaryDirectory + "/" + name
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            return path
        }

        @Test("check: P3 green (0, 65280, 0) is wholly outside sRGB and visibly clipped; (0, 255, 0) is inside")
        func greens() throws {
            let report = try AssetChecker.check(files: [
                Self.write(try Self.flat([0, 65280, 0]), "green.png"),
                Self.write(try Self.flat([0, 255, 0]), "dark.png"),
            ])
            let green = try #require(report.files.first { $0.path.hasSuffix("green.png") }?.analysis)
            #expect(green.countedPixels == 128 && green.outOfGamutPixels == 128 && green.visiblyClippedPixels == 128)
            #expect(green.maxDeltaE > 5)
            let dark = try #require(report.files.first { $0.path.hasSuffix("dark.png") }?.analysis)
            #expect(dark.countedPixels == 128 && dark.outOfGamutPixels == 0)
        }

        /// Samples whose two bytes differ, spread over the cube, in and out of sRGB.
        static func samples(count: Int) -> [Int] {
            var rng = SplitMix64(seed: 12)
            return (0..<count * 3).map { _ in
                let value = Int.random(in: 0...65535, using: &rng)
                return value >> 8 == value & 0xFF ? value ^ 1 : value
            }
        }

        @Test("convert: a 16-bit P3 file from libpng converts to sRGB within 2 codes of LittleCMS's float transform", arguments: [16, 8])
        func convertAgainstLittleCMS(depth: Int) throws {
            let (width, height) = (97, 31)
            let source = Self.samples(count: width * height)
            let input = Self.write(
                try LibPNG.encode(.init(width: width, height: height, layout: .rgb, depth: 16, samples: source, iccp: Self.p3)),
                "p3.png")
            let output = PNGFixtures.temporaryDirectory + "/srgb.png"
            let summary = try ImageConversion.convert(file: input, to: output, settings: .init(profile: .sRGB, bitDepth: depth))
            #expect(summary.streamed && summary.sourceBitDepth == 16 && summary.destinationBitDepth == depth)
            // libpng reads what GamutKit wrote.
            let written = try LibPNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))).get()
            #expect(written.depth == depth && written.channels == 3 && written.iccp?.profile == ColorProfile.sRGB.data)
            // LittleCMS, float, from the profile as the file carries it to GamutKit's sRGB.
            let reference = try ColorTransform.littleCMS(
                from: try ColorProfile(data: Self.p3.profile), format: .rgbFloat, to: .sRGB, format: .rgbFloat
            )
            .convert(samples: source.map { Double($0) / 65535 })
            let scale = depth == 16 ? 65535.0 : 255.0
            let expected = reference.map { Int((min(max($0, 0), 1) * scale).rounded()) }
            let worst = zip(written.samples, expected).map { abs($0 - $1) }.max() ?? .max
            #expect(worst <= 2, "largest difference \(worst) codes")
            // The values really are spread: some leave sRGB, most channels are neither 0 nor full scale.
            #expect(reference.contains { $0 < -0.01 } && reference.contains { $0 > 1.01 })
        }

        @Test("The bundled example reads in libpng as the ramp it describes (row 0: green 0, 128, 257, 385, …)")
        func example() throws {
            let bytes = [UInt8](try Data(contentsOf: ProfileTests.repositoryRoot.appendingPathComponent("Examples/p3-assets.png")))
            let image = try LibPNG.decode(bytes).get()
            #expect(image.depth == 16 && image.width == 512)
            let greens = (0..<4).map { image.samples[$0 * 3 + 1] }
            #expect(greens == (0..<4).map { Int((Double($0) / 511 * 65535).rounded()) })
            #expect(image.samples[0] == 65535)  // red stays full along the ramp
        }
    }
#endif

/// What GamutKit writes, decoded by ImageMagick (a second decoder beside libpng), sample for sample. Skipped where
/// ImageMagick isn't installed, unless GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
@Suite("PNGs GamutKit writes, read by ImageMagick")
struct ImageMagickPNGTests {
    static let convert = ["/usr/bin/convert", "/opt/homebrew/bin/magick", "/usr/local/bin/magick"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let required = ProcessInfo.processInfo.environment["GAMUTKIT_REQUIRE_IMAGEMAGICK"] == "1"

    /// ImageMagick's decoding of `png` as 16-bit RGBA samples, asked for big-endian (its raw default is the host's order).
    static func decode(_ png: [UInt8]) throws -> [Int] {
        let path = PNGFixtures.temporaryDirectory + "/in.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(png)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(convert))
        process.arguments = ["png:" + path, "-endian", "MSB", "-depth", "16", "rgba:-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return stride(from: 0, to: data.count - 1, by: 2).map { Int(data[data.startIndex + $0]) << 8 | Int(data[data.startIndex + $0 + 1]) }
    }

    /// `pixels` as ImageMagick reports them: RGBA, gray repeated into R, G and B, alpha full when there is none, 8-bit ×257.
    static func expected(_ pixels: PixelBuffer) -> [Int] {
        let scale = pixels.format.sample == .uint8 ? 257 : 1
        var result: [Int] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let value = { (c: Int) in pixels.integer(x: x, y: y, channel: c) * scale }
                let color = pixels.format.colorChannelCount == 1 ? [value(0), value(0), value(0)] : [value(0), value(1), value(2)]
                result += color + [pixels.format.hasAlpha ? value(pixels.format.channelCount - 1) : 65535]
            }
        }
        return result
    }

    @Test("16-bit images GamutKit encodes read the same in ImageMagick", arguments: PixelFormat.Layout.allCases.filter { $0 != .cmyk })
    func encoded(layout: PixelFormat.Layout) throws {
        guard Self.convert != nil || Self.required else { return }
        let pixels = PNGFixtures.random16(width: 37, height: 11, layout: layout, seed: 5)
        let profile: ColorProfile = [.gray, .grayAlpha].contains(layout) ? .graySRGB : .displayP3
        let png = try PNG.encode(Image(pixels: pixels, profile: profile))
        #expect(try Self.decode(png) == Self.expected(pixels))
    }

    @Test("An 8-bit file converted --depth 16 through a real transform reads in ImageMagick as GamutKit converted it")
    func convertedDeeper() throws {
        guard Self.convert != nil || Self.required else { return }
        let samples = (0..<64 * 3).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
        let source = try PixelBuffer(width: 8, height: 8, layout: .rgb, samples: samples)
        let input = PNGFixtures.temporaryDirectory + "/srgb8.png"
        try PNG.write(Image(pixels: source, profile: .sRGB), to: input)
        let output = PNGFixtures.temporaryDirectory + "/p3-16.png"
        let summary = try ImageConversion.convert(file: input, to: output, settings: .init(profile: .displayP3, bitDepth: 16))
        #expect(summary.destinationBitDepth == 16)
        let meant = try ColorTransform(from: .sRGB, format: .rgb8, to: .displayP3, format: .rgb16).convert(source)
        #expect(try Self.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))) == Self.expected(meant))
    }
}
