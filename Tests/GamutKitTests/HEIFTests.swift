// The codec is built by the package trait HEIF, on Linux.
#if HEIF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// HEIF (HEVC, x265) and AVIF (AV1, aom) files libheif's `heif-enc` wrote from PNGs libpng wrote, read by GamutKit and
    /// compared with `heif-convert`'s decoding (read back with libpng) and with the same pixels as a 16-bit PNG. Skipped
    /// where the tools are missing, unless GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
    ///
    /// What heif-enc 1.15.1 (Debian 12) can't make, and how the tests get around it:
    /// - 10-bit AVIF: with libaom 3.6.0 it aborts (an assertion in aom's `write_color_config`); 10-bit is covered by HEIC,
    ///   12-bit by both.
    /// - nclx code points: it ignores `--colour_primaries`, `--transfer_characteristic` and `--matrix_coefficients`, writing
    ///   `nclx` 2/2/6 (unspecified, BT.601) into AVIF files and no `colr` box into HEIC files. The nclx tests write the code
    ///   points into heif-enc's `colr` box (the coded pixels stay heif-enc's).
    /// - true lossless: `-L -p chroma=444` codes losslessly but after a BT.601 YCbCr conversion (the matrix option being
    ///   ignored), so samples come back within 1 code of the source. Exact comparisons are made with heif-convert's
    ///   decoding of the same file instead.
    @Suite("HEIF and AVIF: files heif-enc wrote, read as heif-convert reads them")
    struct HEIFTests {
        static let (width, height) = (96, 64)

        /// The Display P3 ramp at `depth` bits (8 or 16), RGB or RGBA.
        static func source(depth: Int, alpha: Bool = false) -> [Int] {
            FormatFixtures.ramp(width: width, height: height, depth: depth, alpha: alpha)
        }

        /// `heif-enc arguments` applied to the ramp written by libpng (8- or 16-bit, with the P3 profile unless `icc` is
        /// false); returns the output's path.
        static func make(_ name: String, depth: Int = 8, alpha: Bool = false, icc: Bool = true, _ arguments: [String] = []) throws -> String
        {
            let folder = PNGFixtures.temporaryDirectory
            let png = try LibPNG.encode(
                .init(
                    width: width, height: height, layout: alpha ? .rgba : .rgb, depth: depth,
                    samples: source(depth: depth, alpha: alpha), iccp: icc ? FormatFixtures.p3 : nil))
            let input = try ExternalTool.write(png, "source.png", in: folder)
            let output = folder + "/" + name
            try ExternalTool.run("heif-enc", arguments + [input, "-o", output])
            return output
        }

        /// heif-convert's decoding, written as PNG and read by libpng: samples as heif-convert stores them (more than
        /// 8 bits shifted to the top of 16).
        static func heifConvert(_ path: String) throws -> LibPNG.Image {
            let output = path + ".decoded.png"
            try ExternalTool.run("heif-convert", ["--quiet", path, output])
            return try LibPNG.decode(try ExternalTool.read(output)).get()
        }

        static let lossless = ["-L", "-p", "chroma=444"]

        /// heif-enc's AVIF (8-bit, alpha when asked) with its `colr` box of type `nclx` rewritten to `primaries`/`transfer`
        /// (and `matrix` when given; heif-enc writes 6).
        static func nclx(primaries: Int, transfer: Int, matrix: Int? = nil, alpha: Bool = false) throws -> String {
            let path = try make("nclx.avif", alpha: alpha, icc: false, ["-A", "-q", "90"])
            var bytes = try ExternalTool.read(path)
            let colr = try HEIFBadInputTests.box("colr", in: bytes)
            #expect(Array(bytes[colr + 8..<colr + 12]) == Array("nclx".utf8))
            bytes.replaceSubrange(colr + 12..<colr + 16, with: [0, UInt8(primaries), 0, UInt8(transfer)])
            if let matrix { bytes.replaceSubrange(colr + 16..<colr + 18, with: [0, UInt8(matrix)]) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }

        @Test(
            "heif-enc -L (4:4:4) HEIC with the P3 profile in a colr box: within 1 code of the source, sample for sample as heif-convert decodes it"
        )
        func lossless8() throws {
            guard ExternalTool.available("heif-enc", "heif-convert") else { return }
            let path = try Self.make("p3.heic", Self.lossless)
            let image = try HEIF.read(contentsOf: path)
            #expect(image.pixels.format == .rgb8 && image.width == Self.width && image.height == Self.height && image.fileBitDepth == 8)
            #expect(image.profile.data == ColorProfile.displayP3.data && image.colorSource == .iccp(name: "Display P3"))
            let samples = FormatFixtures.values(image.pixels)
            #expect(zip(samples, Self.source(depth: 8)).map { abs($0 - $1) }.max() == 1)
            let reference = try Self.heifConvert(path)
            #expect(reference.depth == 8 && reference.channels == 3 && samples == reference.samples)
            #expect(reference.iccp?.profile == ColorProfile.displayP3.data)
        }

        @Test(
            "10- and 12-bit files decode to 16 bits, round(v × 65535 / (2ⁿ − 1)) of heif-convert's values v, with the profile",
            arguments: [("p3-10.heic", 10), ("p3-12.heic", 12), ("p3-12.avif", 12)])
        func deep(name: String, bits: Int) throws {
            guard ExternalTool.available("heif-enc", "heif-convert") else { return }
            let path = try Self.make(name, depth: 16, ["-b", "\(bits)", "-q", "90"] + (name.hasSuffix("avif") ? ["-A"] : []))
            let image = try HEIF.read(contentsOf: path)
            #expect(image.pixels.format == .rgb16 && image.fileBitDepth == bits && image.profile.name == "Display P3")
            let reference = try Self.heifConvert(path)
            #expect(reference.depth == 16 && reference.channels == 3)
            let maximum = (1 << bits) - 1
            let values = reference.samples.map { $0 >> (16 - bits) }
            #expect(reference.samples.allSatisfy { $0 & (1 << (16 - bits) - 1) == 0 })  // heif-convert shifts, leaving low bits zero
            #expect(FormatFixtures.values(image.pixels) == values.map { ($0 * 65535 + maximum / 2) / maximum })
            #expect(values.contains(maximum) && values.contains(0))  // the full range is used
        }

        @Test("8-bit AVIF with alpha and nclx 12/13 (no ICC): GamutKit's exact Display P3, pixels and alpha as heif-convert decodes them")
        func nclxDisplayP3() throws {
            guard ExternalTool.available("heif-enc", "heif-convert") else { return }
            let path = try Self.nclx(primaries: 12, transfer: 13, alpha: true)
            let image = try HEIF.read(contentsOf: path)
            #expect(image.pixels.format == .rgba8 && image.fileBitDepth == 8)
            #expect(image.profile === ColorProfile.displayP3 && image.colorSource == .nclx(primaries: 12, transfer: 13))
            #expect(image.warnings.isEmpty)
            let reference = try Self.heifConvert(path)
            #expect(reference.channels == 4 && FormatFixtures.values(image.pixels) == reference.samples)
        }

        @Test(
            "nclx code points map to profiles: BT.2020 linear builds one, BT.709's transfer reads as sRGB's curve, PQ keeps BT.2020 as its SDR rendition with a warning",
            arguments: [
                (9, 8, "HEIF nclx 9/8", 0), (1, 1, "sRGB IEC61966-2.1", 1), (9, 16, "HEIF nclx 9/16", 1), (12, 13, "Display P3", 0),
                (2, 2, "sRGB IEC61966-2.1", 0),
            ])
        func nclxMapping(primaries: Int, transfer: Int, name: String, warnings: Int) throws {
            guard ExternalTool.available("heif-enc") else { return }
            let image = try HEIF.read(contentsOf: try Self.nclx(primaries: primaries, transfer: transfer))
            #expect(image.colorSource == .nclx(primaries: primaries, transfer: transfer))
            #expect(image.profile.name == name && image.warnings.count == warnings, "\(image.profile.name) \(image.warnings)")
            if primaries == 9 && transfer == 8 {
                // BT.2020's green (0.170, 0.797) in linear sRGB: far outside it, as the built profile says.
                let green = try ColorTransform(from: image.profile, format: .rgbFloat, to: .linearSRGB, format: .rgbFloat).convert(
                    samples: [
                        0, 1, 0,
                    ])
                #expect(green[0] < -0.5 && green[1] > 1.1, "\(green)")
            }
        }

        @Test(
            "A colr box of type nclx holding a code point H.273 doesn't define is ignored with a warning, as heif-convert reads the file",
            arguments: [
                (200, 13, 6, "color primaries", 133), (12, 200, 6, "a transfer function", 134), (12, 13, 200, "matrix coefficients", 135),
            ])
        func undefinedBoxCodePoints(primaries: Int, transfer: Int, matrix: Int, undefined: String, subcode: Int) throws {
            guard ExternalTool.available("heif-enc", "heif-convert") else { return }
            let path = try Self.nclx(primaries: primaries, transfer: transfer, matrix: matrix)
            let image = try HEIF.read(contentsOf: path)
            #expect(
                image.warnings == [
                    "the colr box of type nclx holds \(undefined) H.273 doesn't define, so the box is ignored (libheif error 2.\(subcode))"
                ])
            #expect(image.profile === ColorProfile.sRGB && image.colorSource == .untagged)
            let reference = try Self.heifConvert(path)
            #expect(reference.channels == 3 && FormatFixtures.values(image.pixels) == reference.samples)
        }

        @Test(
            "Done when: a P3 HEIF/AVIF gives the out-of-gamut findings of its pixels as a 16-bit PNG (exactly) and of the source (within 5% of pixels), and converts to sRGB within 2 codes of LittleCMS",
            arguments: ["lossless.heic", "lossy.heic", "lossy.avif", "lossy-12.avif", "lossy-10.heic"])
        func sameFindingsAsPNG(name: String) throws {
            guard ExternalTool.available("heif-enc", "heif-convert") else { return }
            let bits = name.contains("12") ? 12 : name.contains("10") ? 10 : 8
            let arguments = name.hasPrefix("lossless") ? Self.lossless : ["-q", "80"] + (bits > 8 ? ["-b", "\(bits)"] : [])
            let path = try Self.make(name, depth: bits > 8 ? 16 : 8, arguments + (name.hasSuffix("avif") ? ["-A"] : []))
            let heif = try HEIF.read(contentsOf: path)
            #expect(heif.fileBitDepth == bits)
            func png(_ samples16: [Int]) throws -> Image {
                try PNG.decode(
                    try LibPNG.encode(
                        .init(
                            width: Self.width, height: Self.height, layout: .rgb, depth: 16, samples: samples16,
                            iccp: FormatFixtures.p3)))
            }
            // The same pixels, as heif-convert decodes them, widened to 16 bits as GamutKit documents.
            let decoded = try Self.heifConvert(path)
            let maximum = (1 << bits) - 1
            let same = decoded.samples.map { bits > 8 ? (($0 >> (16 - bits)) * 65535 + maximum / 2) / maximum : $0 * 257 }
            let sourcePNG = try png(bits > 8 ? Self.source(depth: 16) : Self.source(depth: 8).map { $0 * 257 })
            let fromHEIF = try ImageAnalyzer.analyze(heif).analysis
            let fromSame = try ImageAnalyzer.analyze(try png(same)).analysis, fromSource = try ImageAnalyzer.analyze(sourcePNG).analysis
            let pixels = Self.width * Self.height
            #expect(fromSource.outOfGamutPixels > pixels / 4)  // the ramp really leaves sRGB
            #expect(
                fromHEIF.outOfGamutPixels == fromSame.outOfGamutPixels && fromHEIF.visiblyClippedPixels == fromSame.visiblyClippedPixels)
            #expect(
                abs(fromHEIF.outOfGamutPixels - fromSource.outOfGamutPixels) * 20 <= pixels,
                "out of gamut: \(fromHEIF.outOfGamutPixels) from \(name), \(fromSource.outOfGamutPixels) from the source, of \(pixels)")
            #expect(abs(fromHEIF.visiblyClippedPixels - fromSource.visiblyClippedPixels) * 20 <= pixels)
            #expect(try FormatFixtures.conversionDifference(heif) <= 2)
        }

        @Test("The format is chosen from the content: an AVIF named .png reads through ImageFile")
        func sniffed() throws {
            guard ExternalTool.available("heif-enc") else { return }
            let path = try Self.make("p3.avif", ["-A", "-q", "90"])
            let misnamed = path.replacingOccurrences(of: ".avif", with: "-really-avif.png")
            try FileManager.default.moveItem(atPath: path, toPath: misnamed)
            let bytes = try ExternalTool.read(misnamed)
            #expect(ImageFormat.sniff(bytes) == .avif)
            let image = try ImageFile.read(contentsOf: misnamed)
            #expect(image.profile.name == "Display P3" && image.width == Self.width && image.pixels.format == .rgb8)
        }
    }

    /// Broken and hostile HEIF/AVIF files: every one is a typed ``GamutError`` naming the file, never a crash.
    @Suite("HEIF and AVIF: bad input")
    struct HEIFBadInputTests {
        static func valid(_ name: String = "p3.heic") throws -> [UInt8] {
            try ExternalTool.read(try HEIFTests.make(name, ["-q", "90"] + (name.hasSuffix("avif") ? ["-A"] : [])))
        }

        /// The offset of the first box of `type` (its size field), found by its four type bytes.
        static func box(_ type: String, in bytes: [UInt8]) throws -> Int {
            let tag = Array(type.utf8)
            return try #require((4..<(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == tag }) - 4
        }

        static func be32(_ v: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

        @Test("Truncated at every 61st byte: a typed error naming the file", arguments: ["p3.heic", "p3.avif"])
        func truncated(name: String) throws {
            guard ExternalTool.available("heif-enc") else { return }
            let bytes = try Self.valid(name)
            for length in stride(from: 0, to: bytes.count, by: 61) {
                let error = try #require(
                    decodingError { () throws(GamutError) in try HEIF.decode(Array(bytes.prefix(length)), path: "cut.heic") })
                #expect(error.path == "cut.heic" && [.invalidImage, .unsupportedImage].contains(error.code), "\(length): \(error)")
            }
        }

        @Test(
            "ispe declaring 100000×100000 is over the pixel budget, refused before decoding with PNG's message",
            arguments: ["p3.heic", "p3.avif"])
        func overBudget(name: String) throws {
            guard ExternalTool.available("heif-enc") else { return }
            var bytes = try Self.valid(name)
            let ispe = try Self.box("ispe", in: bytes)
            bytes.replaceSubrange(ispe + 12..<ispe + 20, with: Self.be32(100_000) + Self.be32(100_000))
            let error = try #require(decodingError { () throws(GamutError) in try HEIF.decode(bytes, path: "bomb.heic") })
            #expect(error.code == .imageTooLarge && error.path == "bomb.heic")
            #expect(
                error.message
                    == ImageFile.DecodingOptions.budgetMessage(
                        width: 100_000, height: 100_000, budget: ImageFile.DecodingOptions.defaultMaximumPixels))
        }

        @Test("ispe declaring another size than the coded image is refused")
        func wrongSize() throws {
            guard ExternalTool.available("heif-enc") else { return }
            var bytes = try Self.valid()
            let ispe = try Self.box("ispe", in: bytes)
            bytes.replaceSubrange(ispe + 12..<ispe + 20, with: Self.be32(4000) + Self.be32(3000))
            let error = try #require(decodingError { () throws(GamutError) in try HEIF.decode(bytes, path: "size.heic") })
            #expect([.invalidImage, .unsupportedImage].contains(error.code) && error.path == "size.heic", "\(error)")
        }

        @Test("A broken ICC profile in the colr box (bad signature, then a tag table past its end) is .invalidProfile")
        func brokenProfile() throws {
            guard ExternalTool.available("heif-enc") else { return }
            let bytes = try Self.valid()
            let colr = try Self.box("colr", in: bytes)
            #expect(Array(bytes[colr + 8..<colr + 12]) == Array("prof".utf8))
            let profile = colr + 12
            var badSignature = bytes
            badSignature.replaceSubrange(profile + 36..<profile + 40, with: Array("xxxx".utf8))
            var badTags = bytes
            badTags.replaceSubrange(profile + 128..<profile + 132, with: Self.be32(0x00FF_FFFF))
            for (broken, label) in [(badSignature, "signature"), (badTags, "tag count")] {
                let error = try #require(decodingError { () throws(GamutError) in try HEIF.decode(broken, path: "icc.heic") })
                #expect(error.code == .invalidProfile && error.path == "icc.heic", "\(label): \(error)")
            }
        }

        /// The AV1 sequence header's `color_config` as aom writes it for heif-enc: color_description_present_flag, then
        /// primaries 2, transfer 2 and matrix 6 (8 bits each, not byte-aligned), rewritten to 200, 200, 200 (none defined
        /// by H.273). libheif's AV1 plugin then adds one warning for each; with libheif 1.15.1 all but the last message
        /// pointer dangle (fuzz-heif found this as a heap-use-after-free, and heif-convert prints garbage for this file).
        @Test("Three decoding warnings (code points H.273 doesn't define in the AV1 sequence header) are read by their codes")
        func unknownCodedCodePoints() throws {
            guard ExternalTool.available("heif-enc") else { return }
            var bytes = try Self.valid("p3.avif")
            let mdat = try Self.box("mdat", in: bytes) + 8
            let head = Array(bytes[mdat..<min(mdat + 24, bytes.count)])
            var bits = head.flatMap { byte in (0..<8).reversed().map { (byte >> UInt8($0)) & 1 } }
            func bits8(_ v: UInt8) -> [UInt8] { (0..<8).reversed().map { (v >> UInt8($0)) & 1 } }
            let pattern = [1] + bits8(2) + bits8(2) + bits8(6)
            let found = (0...(bits.count - pattern.count)).filter { Array(bits[$0..<$0 + pattern.count]) == pattern }
            let at = try #require(found.count == 1 ? found.first : nil, "color_config found at bits \(found)")
            bits.replaceSubrange(at + 1..<at + pattern.count, with: bits8(200) + bits8(200) + bits8(200))
            for (i, chunk) in stride(from: 0, to: bits.count, by: 8).enumerated() {
                bytes[mdat + i] = bits[chunk..<chunk + 8].reduce(0) { $0 << 1 | $1 }
            }
            let image = try HEIF.decode(bytes, path: "unknown.avif")
            #expect(
                image.warnings == [
                    "libheif: the coded image signals color primaries H.273 doesn't define (read as unspecified) (libheif error 2.133)",
                    "libheif: the coded image signals a transfer function H.273 doesn't define (read as unspecified) "
                        + "(libheif error 2.134)",
                    "libheif: the coded image signals matrix coefficients H.273 doesn't define (read as unspecified) "
                        + "(libheif error 2.135)",
                ], "\(image.warnings)")
            #expect(image.profile.name == "Display P3" && image.width == HEIFTests.width)
        }

        @Test("A corrupt coded image is refused or decoded (never a crash); a file that is only an ftyp box is refused")
        func corrupt() throws {
            guard ExternalTool.available("heif-enc") else { return }
            var bytes = try Self.valid()
            let mdat = try Self.box("mdat", in: bytes)
            for i in stride(from: mdat + 40, to: bytes.count, by: 7) { bytes[i] ^= 0xA5 }
            do { _ = try HEIF.decode(bytes, path: "corrupt.heic") } catch {
                #expect([.invalidImage, .unsupportedImage].contains(error.code) && error.path == "corrupt.heic", "\(error)")
            }
            let ftyp = Array(bytes.prefix(try Self.box("meta", in: bytes)))
            let error = try #require(decodingError { () throws(GamutError) in try HEIF.decode(ftyp, path: "ftyp.heic") })
            #expect([.invalidImage, .unsupportedImage].contains(error.code) && error.path == "ftyp.heic", "\(error)")
        }
    }
#endif
