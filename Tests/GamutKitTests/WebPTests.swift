// The codec is built by the package trait WebP, on Linux.
#if WebP && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// WebP files libwebp's own tools wrote (`cwebp`, `img2webp`, from PNGs libpng wrote), read by GamutKit and compared
    /// with libwebp's `dwebp` and with the same pixels as a 16-bit PNG. Skipped where the tools are missing, unless
    /// GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
    @Suite("WebP: files cwebp wrote, read as dwebp reads them")
    struct WebPTests {
        static let (width, height) = (96, 64)

        /// The 8-bit Display P3 ramp, RGBA or RGB.
        static func source(alpha: Bool) -> [Int] { FormatFixtures.ramp(width: width, height: height, depth: 8, alpha: alpha) }

        /// `cwebp arguments` applied to the ramp, written as an 8-bit P3 PNG by libpng; returns the WebP's path.
        static func make(alpha: Bool, _ arguments: [String], folder: String = PNGFixtures.temporaryDirectory) throws -> String {
            let png = try LibPNG.encode(
                .init(
                    width: width, height: height, layout: alpha ? .rgba : .rgb, depth: 8,
                    samples: source(alpha: alpha), iccp: FormatFixtures.p3))
            let input = try ExternalTool.write(png, "p3.png", in: folder)
            let output = folder + "/p3.webp"
            try ExternalTool.run("cwebp", ["-quiet", "-metadata", "icc"] + arguments + [input, "-o", output])
            return output
        }

        /// dwebp's decoding, RGBA.
        static func dwebp(_ path: String) throws -> [Int] {
            let pam = try FormatFixtures.pam(try ExternalTool.run("dwebp", ["-quiet", "-pam", path, "-o", "-"]))
            #expect(pam.width == width && pam.height == height)
            return pam.samples
        }

        /// RGB samples with alpha 255 added, as dwebp's PAM has them.
        static func rgba(_ samples: [Int], channels: Int) -> [Int] {
            guard channels == 3 else { return samples }
            var result: [Int] = []
            for i in stride(from: 0, to: samples.count, by: 3) { result += [samples[i], samples[i + 1], samples[i + 2], 255] }
            return result
        }

        @Test(
            "cwebp -lossless -exact: the ramp sample for sample, as dwebp reads it, with the P3 profile from ICCP",
            arguments: [true, false])
        func lossless(alpha: Bool) throws {
            guard ExternalTool.available("cwebp", "dwebp") else { return }
            let path = try Self.make(alpha: alpha, ["-lossless", "-exact"])
            let image = try WebP.read(contentsOf: path)
            #expect(image.pixels.format == (alpha ? .rgba8 : .rgb8) && image.width == Self.width && image.height == Self.height)
            #expect(image.profile.data == ColorProfile.displayP3.data && image.colorSource == .iccp(name: "Display P3"))
            #expect(image.fileBitDepth == 8 && image.warnings.isEmpty)
            let samples = FormatFixtures.values(image.pixels)
            #expect(samples == Self.source(alpha: alpha))
            #expect(Self.rgba(samples, channels: alpha ? 4 : 3) == (try Self.dwebp(path)))
        }

        @Test(
            "cwebp -q 85 (lossy): sample for sample as dwebp decodes it, alpha kept exactly, colors within 20 codes of the source",
            arguments: [true, false])
        func lossy(alpha: Bool) throws {
            guard ExternalTool.available("cwebp", "dwebp") else { return }
            let path = try Self.make(alpha: alpha, ["-q", "85"])
            let image = try WebP.read(contentsOf: path)
            #expect(image.pixels.format == (alpha ? .rgba8 : .rgb8) && image.profile.name == "Display P3")
            let samples = FormatFixtures.values(image.pixels)
            #expect(Self.rgba(samples, channels: alpha ? 4 : 3) == (try Self.dwebp(path)))
            let source = Self.source(alpha: alpha), channels = alpha ? 4 : 3
            let differences = zip(samples, source).enumerated().map { (i, pair) in (channel: i % channels, difference: abs(pair.0 - pair.1))
            }
            if alpha { #expect(differences.filter { $0.channel == 3 }.allSatisfy { $0.difference == 0 }) }
            let worst = differences.filter { $0.channel < 3 }.map(\.difference).max() ?? 0
            #expect(worst > 0 && worst <= 20, "largest color difference \(worst) codes")  // 16 measured
        }

        @Test(
            "Done when: a P3 WebP gives the out-of-gamut findings of the same pixels as a 16-bit PNG (lossless: exactly; lossy: within 5% of pixels), and converts to sRGB within 2 codes of LittleCMS",
            arguments: [["-lossless", "-exact"], ["-q", "85"]])
        func sameFindingsAsPNG(arguments: [String]) throws {
            guard ExternalTool.available("cwebp") else { return }
            let webp = try WebP.read(contentsOf: try Self.make(alpha: true, arguments))
            let png = try PNG.decode(
                try LibPNG.encode(
                    .init(
                        width: Self.width, height: Self.height, layout: .rgba, depth: 16,
                        samples: Self.source(alpha: true).map { $0 * 257 }, iccp: FormatFixtures.p3)))
            let fromWebP = try ImageAnalyzer.analyze(webp).analysis, fromPNG = try ImageAnalyzer.analyze(png).analysis
            #expect(fromPNG.outOfGamutPixels > Self.width * Self.height / 4)  // the ramp really leaves sRGB
            let pixels = Self.width * Self.height
            if arguments.contains("-lossless") {
                #expect(fromWebP.countedPixels == fromPNG.countedPixels && fromWebP.outOfGamutPixels == fromPNG.outOfGamutPixels)
                #expect(fromWebP.visiblyClippedPixels == fromPNG.visiblyClippedPixels)
            } else {
                #expect(
                    abs(fromWebP.outOfGamutPixels - fromPNG.outOfGamutPixels) * 20 <= pixels,
                    "out of gamut: \(fromWebP.outOfGamutPixels) from WebP, \(fromPNG.outOfGamutPixels) from PNG, of \(pixels)")
                #expect(abs(fromWebP.visiblyClippedPixels - fromPNG.visiblyClippedPixels) * 20 <= pixels)
            }
            #expect(try FormatFixtures.conversionDifference(webp) <= 2)
        }

        @Test("The format is chosen from the content: a WebP named .png reads through ImageFile as WebP")
        func sniffed() throws {
            guard ExternalTool.available("cwebp") else { return }
            let path = try Self.make(alpha: false, ["-lossless"])
            let misnamed = path.replacingOccurrences(of: ".webp", with: "-really-webp.png")
            try FileManager.default.moveItem(atPath: path, toPath: misnamed)
            let image = try ImageFile.read(contentsOf: misnamed)
            #expect(image.profile.name == "Display P3" && FormatFixtures.values(image.pixels) == Self.source(alpha: false))
        }

        @Test("An animated WebP (img2webp) reads its first frame, with a warning about the others")
        func animated() throws {
            guard ExternalTool.available("img2webp", "cwebp") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let frames = try [[255, 0, 0], [0, 0, 255]].enumerated().map { (i, rgb) in
                try ExternalTool.write(
                    try LibPNG.encode(
                        .init(
                            width: 8, height: 4, layout: .rgb, depth: 8,
                            samples: (0..<32).flatMap { _ in rgb })), "frame\(i).png", in: folder)
            }
            try ExternalTool.run("img2webp", ["-lossless"] + frames + ["-o", folder + "/anim.webp"])
            let image = try WebP.read(contentsOf: folder + "/anim.webp")
            #expect(image.width == 8 && image.height == 4 && image.pixels.format == .rgba8)
            #expect(FormatFixtures.values(image.pixels) == (0..<32).flatMap { _ in [255, 0, 0, 255] })
            #expect(image.colorSource == .untagged && image.warnings.count == 1 && image.warnings[0].contains("first frame"))
        }
    }

    /// Broken and hostile WebP files: every one is a typed ``GamutError`` naming the file, never a crash.
    @Suite("WebP: bad input")
    struct WebPBadInputTests {
        /// A small lossless WebP with an ICCP chunk, from cwebp.
        static func valid() throws -> [UInt8] {
            try ExternalTool.read(try WebPTests.make(alpha: true, ["-lossless"]))
        }

        static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        static func le24(_ v: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

        /// A RIFF/WEBP file of the given chunks.
        static func riff(_ chunks: [(String, [UInt8])]) -> [UInt8] {
            var body: [UInt8] = []
            for (type, data) in chunks { body += Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : []) }
            return Array("RIFF".utf8) + le32(body.count + 4) + Array("WEBP".utf8) + body
        }

        /// The chunks of a RIFF/WEBP file.
        static func chunks(_ file: [UInt8]) -> [(String, [UInt8])] {
            var result: [(String, [UInt8])] = []
            var offset = 12
            while offset + 8 <= file.count {
                let size = file[offset + 4..<offset + 8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
                result.append(
                    (
                        String(decoding: file[offset..<offset + 4], as: UTF8.self),
                        Array(file[offset + 8..<min(file.count, offset + 8 + size)])
                    ))
                offset += 8 + size + size % 2
            }
            return result
        }

        @Test("Truncated at every 37th byte: .invalidImage naming the file")
        func truncated() throws {
            guard ExternalTool.available("cwebp") else { return }
            let bytes = try Self.valid()
            for length in stride(from: 0, to: bytes.count, by: 37) {
                #expect(throws: GamutError.self) { try WebP.decode(Array(bytes.prefix(length)), path: "cut.webp") }
                do { _ = try WebP.decode(Array(bytes.prefix(length)), path: "cut.webp") } catch {
                    #expect(error.path == "cut.webp" && [.invalidImage, .invalidPNG].contains(error.code), "\(length): \(error)")
                }
            }
        }

        /// The file with its VP8X canvas and its VP8L bitstream header both declaring `width` × `height` (at most 16384 each).
        static func declaring(width: Int, height: Int) throws -> [UInt8] {
            var parts = Self.chunks(try Self.valid())
            let vp8x = try #require(parts.firstIndex { $0.0 == "VP8X" }), vp8l = try #require(parts.firstIndex { $0.0 == "VP8L" })
            parts[vp8x].1 = Array(parts[vp8x].1.prefix(4)) + Self.le24(width - 1) + Self.le24(height - 1)
            // VP8L: signature 0x2F, then 14 bits of width − 1, 14 of height − 1, the alpha bit and 3 version bits, little-endian.
            let header = parts[vp8l].1[1..<5].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let patched = (header & ~0x0FFF_FFFF) | (width - 1) | (height - 1) << 14
            parts[vp8l].1.replaceSubrange(1..<5, with: Self.le32(patched))
            return Self.riff(parts)
        }

        @Test("A header declaring 16384×16384 is over the pixel budget, refused before decoding with PNG's message")
        func overBudget() throws {
            guard ExternalTool.available("cwebp") else { return }
            let bomb = try Self.declaring(width: 16384, height: 16384), lie = try Self.declaring(width: 2000, height: 1000)
            let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(bomb, path: "bomb.webp") })
            #expect(error.code == .imageTooLarge && error.path == "bomb.webp")
            #expect(
                error.message
                    == ImageFile.DecodingOptions.budgetMessage(
                        width: 16384, height: 16384, budget: ImageFile.DecodingOptions.defaultMaximumPixels))
            // Within the budget, the same lie gets as far as the (short) bitstream.
            let decoding = try #require(decodingError { () throws(GamutError) in try WebP.decode(lie, path: "bomb.webp") })
            #expect(decoding.code == .invalidImage)
        }

        @Test("A VP8X canvas of 100000×100000 (10¹⁰ pixels) is refused")
        func hugeCanvas() throws {
            guard ExternalTool.available("cwebp") else { return }
            var parts = Self.chunks(try Self.valid())
            let vp8x = try #require(parts.firstIndex { $0.0 == "VP8X" })
            parts[vp8x].1 = Array(parts[vp8x].1.prefix(4)) + Self.le24(99999) + Self.le24(99999)
            let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(parts), path: "huge.webp") })
            #expect([.imageTooLarge, .invalidImage].contains(error.code) && error.path == "huge.webp", "\(error)")
        }

        @Test("A canvas that disagrees with the bitstream's size is refused")
        func wrongSize() throws {
            guard ExternalTool.available("cwebp") else { return }
            var parts = Self.chunks(try Self.valid())
            let vp8x = try #require(parts.firstIndex { $0.0 == "VP8X" })
            parts[vp8x].1 = Array(parts[vp8x].1.prefix(4)) + Self.le24(47) + Self.le24(63)
            let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(parts), path: "size.webp") })
            #expect(error.code == .invalidImage && error.path == "size.webp", "\(error)")
        }

        @Test(
            "A broken ICCP chunk (a truncated profile, then not a profile at all) is .invalidProfile; a missing one the VP8X announces is .invalidImage"
        )
        func brokenProfile() throws {
            guard ExternalTool.available("cwebp") else { return }
            let parts = Self.chunks(try Self.valid())
            let iccp = try #require(parts.firstIndex { $0.0 == "ICCP" })
            for broken in [Array(parts[iccp].1.prefix(200)), Array(repeating: 0x41, count: 300)] {
                var damaged = parts
                damaged[iccp].1 = broken
                let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(damaged), path: "icc.webp") })
                #expect(error.code == .invalidProfile && error.path == "icc.webp", "\(error)")
            }
            var gray = parts
            gray[iccp].1 = ColorProfile.graySRGB.data
            let mismatch = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(gray), path: "gray.webp") })
            #expect(mismatch.code == .profileMismatch)
            var missing = parts
            missing.remove(at: iccp)
            let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(missing), path: "none.webp") })
            #expect(error.code == .invalidImage && error.message.contains("no ICCP chunk"), "\(error)")
        }

        @Test("A corrupt bitstream is .invalidImage")
        func corrupt() throws {
            guard ExternalTool.available("cwebp") else { return }
            var parts = Self.chunks(try Self.valid())
            let data = try #require(parts.firstIndex { $0.0 == "VP8L" })
            for i in stride(from: 5, to: parts[data].1.count, by: 3) { parts[data].1[i] ^= 0x5A }
            let error = try #require(decodingError { () throws(GamutError) in try WebP.decode(Self.riff(parts), path: "corrupt.webp") })
            #expect(error.code == .invalidImage && error.path == "corrupt.webp", "\(error)")
        }
    }
#endif
