import Foundation
@testable import GamutKit
import Testing

/// Broken input gets a typed error naming the file and the problem; never a crash or partial output.
@Suite("Bad input")
struct BadInputTests {
    static let good: [UInt8] = try! PNG.encode(Image(pixels: PNGFixtures.random16(width: 64, height: 64), profile: .displayP3))

    static func expectError(_ code: GamutError.Code, containing text: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected \(code) error containing '\(text)'")
        } catch let error as GamutError {
            #expect(error.code == code, "\(error)")
            #expect(error.description.lowercased().contains(text.lowercased()), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("An empty file, or one shorter than any signature, says so whatever its name", arguments: ["a.jpg", "a.heic", "a.png"])
    func emptyFiles(name: String) throws {
        let folder = CatalogFixtures.temporaryFolder()
        for (bytes, message) in [([UInt8](), "the file is empty"), ([0xFF, 0xD8], "the file is 2 bytes, too short for any image format")] {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
            Self.expectError(.invalidImage, containing: message) { _ = try ImageFile.read(contentsOf: folder + "/" + name) }
            Self.expectError(.invalidImage, containing: name) { _ = try ImageFile.read(contentsOf: folder + "/" + name) }
        }
    }

    @Test("Truncated PNG")
    func truncated() {
        let cut = Array(Self.good.prefix(Self.good.count / 2))
        Self.expectError(.invalidPNG, containing: "bad.png") { _ = try PNG.decode(cut, path: "bad.png") }
    }

    @Test("Bad CRC")
    func badCRC() throws {
        var bytes = Self.good
        let idat = try #require(PNGFixtures.chunks(bytes).first { $0.type == "IDAT" })
        bytes[idat.data.lowerBound + 5] ^= 0xFF
        Self.expectError(.invalidPNG, containing: "crc") { _ = try PNG.decode(bytes, path: "crc.png") }
    }

    @Test("Corrupt zlib stream in iCCP (CRC fixed, so only the compressed profile is wrong)")
    func corruptICCP() throws {
        var bytes = Self.good
        let iccp = try #require(PNGFixtures.chunks(bytes).first { $0.type == "iCCP" })
        // Past the name, its NUL and the method byte, corrupt the deflate data.
        let start = bytes[iccp.data].firstIndex(of: 0)! + 2
        for i in start + 2..<start + 40 { bytes[i] = 0xA5 }
        PNGFixtures.fixCRC(&bytes, chunkAt: iccp.offset)
        Self.expectError(.invalidPNG, containing: "iCCP") { _ = try PNG.decode(bytes, path: "zlib.png") }
    }

    @Test("ICC profile with a bad signature")
    func badSignature() {
        var bytes = ColorProfile.sRGB.data
        bytes.replaceSubrange(36..<40, with: Array("xxxx".utf8))
        Self.expectError(.invalidProfile, containing: "my.icc") { _ = try ColorProfile(data: bytes, path: "my.icc") }
        // LittleCMS's own message, captured from the profile's context, is part of the error.
        do {
            _ = try ColorProfile(data: bytes, path: "my.icc")
        } catch {
            #expect(error.underlying == ["not an ICC profile, invalid signature"])
        }
    }

    @Test("ICC profile with truncated tags (LittleCMS opens it; GamutKit reads the tags at load)", arguments: [300, 420, 520])
    func truncatedTags(length: Int) {
        let bytes = Array(ColorProfile.displayP3.data.prefix(length))
        Self.expectError(.invalidProfile, containing: "cut.icc") { _ = try ColorProfile(data: bytes, path: "cut.icc") }
    }

    @Test("Garbage and empty profiles")
    func garbage() {
        Self.expectError(.invalidProfile, containing: "truncated") { _ = try ColorProfile(data: [1, 2, 3]) }
        Self.expectError(.invalidProfile, containing: "not a usable ICC profile") {
            _ = try ColorProfile(data: [0, 0, 1, 0x90] + [UInt8](repeating: 0, count: 396))
        }
    }

    @Test("A matrix/TRC profile whose colorants are all zero (every color black) is refused at load, naming the file")
    func zeroColorants() throws {
        var bytes = ColorProfile.displayP3.data
        // The tag table (ICC.1:2010 7.3): a count at 128, then signature, offset and size per tag; an XYZ tag's
        // numbers follow its 8-byte type header.
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var zeroed = 0
        for k in 0..<word(128) {
            let entry = 132 + 12 * k
            let signature = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            guard ["rXYZ", "gXYZ", "bXYZ"].contains(signature) else { continue }
            let offset = word(entry + 4)
            for i in offset + 8..<offset + 20 { bytes[i] = 0 }
            zeroed += 1
        }
        #expect(zeroed == 3)
        Self.expectError(.invalidProfile, containing: "zero.icc") { _ = try ColorProfile(data: bytes, path: "zero.icc") }
        Self.expectError(.invalidProfile, containing: "singular") { _ = try ColorProfile(data: bytes, path: "zero.icc") }
        // The untouched bytes load.
        #expect(try ColorProfile(data: ColorProfile.displayP3.data).shaper != nil)
    }

    @Test("A profile whose color space doesn't match the image (CMYK profile in an RGB PNG)")
    func mismatchedProfile() throws {
        var cmyk = ColorProfile.sRGB.data
        cmyk.replaceSubrange(16..<20, with: Array("CMYK".utf8))
        var options = PNG.EncodingOptions()
        options.writeCICP = false
        let png = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 4, height: 4), profile: .sRGB), options: options)
        let iccp = try #require(PNGFixtures.chunks(png).first { $0.type == "iCCP" })
        // Re-embed the CMYK-tagged profile in place of the sRGB one.
        var rebuilt = Array(png[..<iccp.offset])
        let deflated = try zlibCompressed(cmyk)
        rebuilt += PNGFixtures.chunk("iCCP", Array("cmyk".utf8) + [0, 0] + deflated)
        rebuilt += png[(iccp.data.upperBound + 4)...]
        Self.expectError(.profileMismatch, containing: "CMYK") { _ = try PNG.decode(rebuilt, path: "cmyk.png") }
        // Also through the transform API.
        Self.expectError(.profileMismatch, containing: "GRAY") {
            _ = try ColorTransform(from: .grayGamma22, format: .rgb16, to: .sRGB, format: .rgb16)
        }
    }

    @Test("Image header above the pixel limit is refused before decoding")
    func pixelLimit() throws {
        // A 100000 × 100000 RGB header with a tiny IDAT.
        let png = PNGFixtures.headerOnly(width: 100_000, height: 100_000, depth: 8, colorType: 2)
        Self.expectError(.imageTooLarge, containing: "100000×100000") { _ = try PNG.decode(png, path: "huge.png") }
        var options = ImageFile.DecodingOptions()
        options.maximumPixels = 1000
        Self.expectError(.imageTooLarge, containing: "1000 pixels") { _ = try PNG.decode(Self.good, path: "x.png", options: options) }
    }

    @Test("A small file that decodes to more than the decoded-size limit is refused before the image is allocated")
    func decompressionBomb() throws {
        // 16384 × 16384 16-bit RGBA: over the default pixel budget, refused from the header, naming the option to raise it.
        let header = PNGFixtures.headerOnly(width: 16_384, height: 16_384, depth: 16, colorType: 6)
        Self.expectError(
            .imageTooLarge,
            containing:
                "image of 16384×16384 pixels (268 megapixels) exceeds the pixel budget of 67108864 pixels (67 megapixels); raise it with --max-pixels"
        ) {
            _ = try PNG.decode(header, path: "bomb.png")
        }
        // With the budget raised, the decoded-size limit still refuses it: 2 GiB decoded, from a file of a few bytes.
        var raised = ImageFile.DecodingOptions()
        raised.maximumPixels = 1 << 28
        Self.expectError(.imageTooLarge, containing: "decodes to 2048 MiB") {
            _ = try PNG.decode(header, path: "bomb.png", options: raised)
        }
        // A real one: 4096 × 4096 zeros compress to kilobytes and inflate to 16 MiB.
        let zeros = Image(pixels: PixelBuffer(width: 4096, height: 4096, format: .gray8), profile: .graySRGB)
        var compact = PNG.EncodingOptions()
        compact.compressionLevel = 9
        let bomb = try PNG.encode(zeros, options: compact)
        #expect(bomb.count < 64 << 10)
        var options = ImageFile.DecodingOptions()
        options.maximumDecodedSize = 8 << 20
        Self.expectError(.imageTooLarge, containing: "decodes to 16 MiB, over the limit of 8 MiB") {
            _ = try PNG.decode(bomb, path: "zeros.png", options: options)
        }
        #expect(try PNG.decode(bomb).width == 4096)
    }

    @Test("Regression (fuzz-icc): a profile whose matrix yields −0.0 converts without reading outside the output table")
    func fuzzNegativeZero() throws {
        let path = ProfileTests.repositoryRoot.appendingPathComponent("Tests/GamutKitTests/Fixtures/fuzz-icc-negative-zero.icc").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let profile = try ColorProfile(data: [UInt8](data))
        let converted = try ColorTransform(from: profile, format: .rgb16, to: .sRGB, format: .rgb16).convert(samples: [0, 32768, 65535])
        #expect(converted.allSatisfy { (0...65535).contains($0) })
        // The cause, directly: −0.0 encodes as 0.
        let table = ShaperKernel.outputTable(ShaperCurve(.sRGB), scale: 65535)
        table.withUnsafeBufferPointer { t in
            #expect(ShaperKernel.encode(-0.0, t.baseAddress!) == t[0])
            #expect(ShaperKernel.encode(.nan, t.baseAddress!) == t[0])
            #expect(ShaperKernel.encode(2, t.baseAddress!) == 65535)
        }
    }

    @Test("Unwritable output: typed error, nothing partial left behind, existing file untouched")
    func unwritable() throws {
        let image = try PNG.decode(Self.good)
        Self.expectError(.io, containing: "/proc/gamutkit.png") { try PNG.write(image, to: "/proc/gamutkit.png") }
        Self.expectError(.io, containing: "not a directory") { try PNG.write(image, to: "/etc/hostname/out.png") }
        // A rename onto a directory fails after the temporary file was written: it must be removed.
        let directory = PNGFixtures.temporaryDirectory
        try FileManager.default.createDirectory(atPath: directory + "/taken.png", withIntermediateDirectories: false)
        Self.expectError(.io, containing: "taken.png") { try PNG.write(image, to: directory + "/taken.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken.png"])
    }

    /// The zlib stream of `profile` as an iCCP chunk holds it: encode a PNG embedding those bytes and
    /// lift the compressed stream out (libspng compresses; there is no zlib API to call directly here).
    func zlibCompressed(_ profile: [UInt8]) throws -> [UInt8] {
        // Build a PNG whose iCCP holds `profile`, then lift the compressed stream out of it.
        let loaded = try ColorProfileBytesCarrier(profile)
        let png = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 1, height: 1), profile: loaded.profile))
        let iccp = PNGFixtures.chunks(png).first { $0.type == "iCCP" }!
        let data = Array(png[iccp.data])
        return Array(data[(data.firstIndex(of: 0)! + 2)...])
    }
}

/// A profile object whose `data` is arbitrary bytes (for embedding deliberately wrong profiles).
struct ColorProfileBytesCarrier {
    let profile: ColorProfile
    init(_ bytes: [UInt8]) throws {
        let real = ColorProfile.sRGB
        profile = ColorProfile(handle: real.handle, shaper: real.shaper, data: bytes, info: real.info, builtIn: nil)
    }
}

/// Inputs fuzzing found that trapped outside the decoders.
@Suite("Fuzz regressions outside the decoders")
struct FuzzRegressionTests {
    /// Reads `Fixtures/fuzz/<name>` and analyzes it as fuzz-tiff does (float samples at 16 bits first), on one core.
    static func analyzeOnOneCore(_ name: String) throws -> (Image, ImageAnalysis) {
        let path = ProfileTests.repositoryRoot.appendingPathComponent("Tests/GamutKitTests/Fixtures/fuzz/" + name).path
        let image = try ImageFile.read(contentsOf: path)
        let sixteen = image.pixels.format.sample == .float32 ? try image.converted(to: image.profile, bitDepth: 16) : image
        return (image, try ImageAnalyzer.analyze(sixteen, threads: 1).analysis)
    }

    #if TIFF && os(Linux)
        @Test("Regression (fuzz-tiff): a profile that gives NaN ΔE is analyzed, not a trap; NaN samples convert")
        func analyzerNaN() throws {
            let (_, analysis) = try Self.analyzeOnOneCore("analyzer-nan-deltae-tiff-crash.tif")
            #expect(analysis.maxDeltaE.isFinite && analysis.meanDeltaE.isFinite && analysis.p95DeltaE.isFinite)
            let samples = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .sRGB, format: .rgb16)
                .convert(samples: [.nan, .infinity, -.infinity])
            #expect(samples.allSatisfy { (0...65535).contains($0) })
        }
    #endif

    #if TIFF && os(Linux)
        @Test("Regression (fuzz-tiff): a profile that sends Lab past Int.max is analyzed, not a trap")
        func analyzerLabOverflow() throws {
            let (image, analysis) = try Self.analyzeOnOneCore("analyzer-lab-overflow-tiff-crash.tif")
            #expect(analysis.countedPixels == image.width * image.height || image.pixels.format.hasAlpha)
            #expect(CellTable.key(code: 0, lab: SIMD3(.infinity, -.infinity, .nan)) == (255 << 18 | 0 << 9 | 0) + 1)
            #expect(CellTable.key(code: 1, lab: SIMD3(50, 0, 0)) == (1 << 26 | 114 << 18 | 256 << 9 | 256) + 1)
        }
    #endif
}
