import Foundation
@testable import GamutKit
import Testing

/// Files whose structure is unusual but legal (many text chunks, animations) or damaged where a decoder can miss it
/// (after the last row, in a chunk header, in palette indices): what each path reports, and that it is the first
/// real problem, never libspng's "non-recoverable state" from a later call.
@Suite("PNG structure and honest errors")
struct PNGStructureTests {
    /// A 16-bit RGB Display P3 image of 24×5 pixels, as GamutKit writes it (text kept out: this is about chunks).
    static func sample() throws -> [UInt8] {
        try PNG.encode(Image(pixels: PNGFixtures.random16(width: 24, height: 5, layout: .rgb), profile: .displayP3))
    }

    static func offset(of type: String, in png: [UInt8], last: Bool = false) throws -> (offset: Int, type: String, data: Range<Int>) {
        let chunks = PNGFixtures.chunks(png).filter { $0.type == type }
        return try #require(last ? chunks.last : chunks.first)
    }

    static func write(_ bytes: [UInt8], named name: String = "in.png") -> String {
        let path = PNGFixtures.temporaryDirectory + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test("A file cut inside an IDAT chunk header reports that, not a later call's non-recoverable state")
    func cutInsideChunkHeader() throws {
        let png = try Self.sample()
        let idat = try Self.offset(of: "IDAT", in: png)
        for cut in [idat.offset + 2, idat.offset + 6] {  // inside the length field, inside the type field
            do {
                _ = try PNG.decode(Array(png[..<cut]), path: "cut.png")
                Issue.record("a file cut at \(cut) decoded")
            } catch {
                #expect(error.path == "cut.png")
                #expect(!error.description.contains("non-recoverable"), "\(error)")
                #expect(error.description.contains("the file ends early (truncated"), "\(error)")
            }
        }
    }

    @Test("A valid PNG with 1,500 tEXt chunks is read, every text kept in order, and converted")
    func manyTextChunks() throws {
        var png = try Self.sample()
        let texts = (0..<1500).flatMap { PNGFixtures.chunk("tEXt", Array("Note\u{0}entry \($0)".utf8)) }
        png = PNGFixtures.inserting(texts, into: png)
        let image = try PNG.decode(png, path: "texts.png")
        #expect(image.metadata.texts.count == 1500)
        #expect(image.metadata.texts.first?.text == "entry 0" && image.metadata.texts.last?.text == "entry 1499")
        #expect(image.pixels == PNGFixtures.random16(width: 24, height: 5, layout: .rgb))
        #expect(image.profile.data == ColorProfile.displayP3.data)
        // convert takes the whole-image path for it and keeps the texts.
        let output = PNGFixtures.temporaryDirectory + "/out.png"
        let summary = try ImageConversion.convert(file: Self.write(png), to: output, settings: .init(profile: .sRGB))
        #expect(!summary.streamed)
        #expect(try PNG.read(contentsOf: output).metadata.texts.count == 1500)
    }

    @Test("An APNG: the default image is read, with a warning that the other frames were not", arguments: [false, true])
    func animated(convert: Bool) throws {
        let png = PNGFixtures.inserting(PNGFixtures.chunk("acTL", PNGFixtures.be32(3) + PNGFixtures.be32(0)), into: try Self.sample())
        if convert {
            let summary = try ImageConversion.convert(
                file: Self.write(png), to: PNGFixtures.temporaryDirectory + "/out.png",
                settings: .init(profile: .sRGB))
            #expect(summary.warnings.contains { $0.contains("APNG") && $0.contains("3 frames") && $0.contains("were not") })
        } else {
            let image = try PNG.decode(png, path: "anim.png")
            #expect(
                image.warnings == [
                    "animated PNG (APNG) of 3 frames: only the default image was processed, "
                        + "the other frames were not checked or converted"
                ])
            let report = try AssetChecker.check(files: [Self.write(png, named: "anim.png")])
            #expect(report.files[0].findings.contains { $0.ruleID == RuleID.decoderWarning && $0.message.contains("APNG") })
        }
    }

    @Test("Palette indices past the PLTE are a warning naming the count, in the image and in check's findings")
    func paletteIndexPastPLTE() throws {
        // Two entries; the second row uses index 5.
        let png = PNGFixtures.encode(
            width: 3, height: 2, rows: [0, 1, 0, 1, 5, 5],
            .init(colorType: 3, depth: 8, palette: [(255, 0, 0), (0, 0, 255)]))
        let image = try PNG.decode(png, path: "badpal.png")
        #expect(
            image.warnings == [
                "2 pixels use palette indices up to 5, past the PLTE's 2 entries; they show as black "
                    + "(the file is damaged or was written by a faulty encoder)"
            ])
        let report = try AssetChecker.check(files: [Self.write(png, named: "badpal.png")])
        let finding = try #require(report.files[0].findings.first { $0.ruleID == RuleID.decoderWarning })
        #expect(finding.severity == .warning && finding.location.file.hasSuffix("badpal.png"))
        // A good palette image has no warning, at every depth and interlaced.
        let good = PNGFixtures.encode(
            width: 9, height: 2, rows: [0x01, 0x23, 0x45, 0x60, 0x10, 0x65, 0x43, 0x21, 0x06, 0x50],
            .init(colorType: 3, depth: 4, palette: [(0, 0, 0), (9, 9, 9), (99, 99, 99), (200, 0, 0), (1, 2, 3), (4, 5, 6), (7, 8, 9)]))
        #expect(try PNG.decode(good).warnings.isEmpty)
    }

    @Test(
        "convert refuses what check refuses: no IEND, or a bad CRC on the last IDAT, and writes nothing",
        arguments: ["no IEND", "bad last CRC"])
    func damagedEnd(_ damage: String) throws {
        let png = try Self.sample()
        var broken = png
        if damage == "no IEND" {
            broken.removeLast(12)
        } else {
            let idat = try Self.offset(of: "IDAT", in: png, last: true)
            broken[idat.data.upperBound + 3] ^= 0x01
        }
        #expect(throws: GamutError.self) { _ = try PNG.decode(broken, path: "in.png") }
        let input = Self.write(broken)
        let output = PNGFixtures.temporaryDirectory + "/out.png"
        do {
            _ = try ImageConversion.convert(file: input, to: output, settings: .init(profile: .sRGB))
            Issue.record("a file with \(damage) was converted")
        } catch {
            #expect(error.path == input)
            #expect(damage == "no IEND" ? error.description.contains("IEND") : error.description.contains("checksum"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        // The intact file streams.
        #expect(try ImageConversion.convert(file: Self.write(png), to: output, settings: .init(profile: .sRGB)).streamed)
    }

    @Test("A dangling symbolic link in a checked folder is reported as unreadable, not skipped")
    func danglingLink() throws {
        let folder = PNGFixtures.temporaryDirectory
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.png", withDestinationPath: folder + "/missing.png")
        #expect(AssetChecker.imageFiles(in: [folder]) == [folder + "/gone.png"])
        let report = try AssetChecker.check([folder])
        let finding = try #require(report.files.first?.findings.first)
        #expect(finding.ruleID == RuleID.unreadable)
        #expect(finding.message.contains("symbolic link to \(folder)/missing.png, which does not exist (dangling link)"))
    }
}

@Suite("Files in the wrong clothes")
struct FormatMismatchTests {
    #if JPEG && os(Linux)
        @Test("check reads a JPEG named .png by its content and says so once, at info")
        func jpegNamedPNG() throws {
            let folder = PNGFixtures.temporaryDirectory
            let image = Image(
                pixels: try PixelBuffer(width: 4, height: 2, layout: .rgb, samples: [UInt8](repeating: 200, count: 24)), profile: .sRGB)
            try ImageFile.write(image, to: folder + "/photo.jpg")
            try FileManager.default.moveItem(atPath: folder + "/photo.jpg", toPath: folder + "/photo.png")
            let report = try AssetChecker.check([folder])
            let file = try #require(report.files.first)
            #expect(file.analysis?.countedPixels == 8)
            #expect(file.findings.map(\.ruleID) == [RuleID.fileFormatMismatch])
            #expect(file.findings.first?.message == "photo.png is a JPEG image named .png; it was read by its content")
            #expect(file.findings.first?.severity == .info)
            // Agreeing names, and HEIF/AVIF's shared container, are no finding.
            #expect(ImageFormat.mismatch(at: "a.jpeg", head: [0xFF, 0xD8, 0xFF, 0xE0]) == nil)
            #expect(ImageFormat.mismatch(at: "a.heic", head: Array("\u{0}\u{0}\u{0}\u{18}ftypavif".utf8)) == nil)
            #expect(ImageFormat.mismatch(at: "a.PNG", head: Array("RIFF\u{1a}\u{0}\u{0}\u{0}WEBPVP8L".utf8)) == "a WebP image named .png")
        }
    #endif
}

@Suite("Other formats in the report and in fix")
struct OtherFormatsEverywhereTests {
    #if JPEG && os(Linux)
        @Test("The HTML report draws pictures for a Display P3 JPEG, not only for PNGs")
        func htmlPictures() throws {
            let folder = PNGFixtures.temporaryDirectory
            let green: [UInt8] = Array((0..<16 * 8).map { _ in [UInt8(0), 255, 0] }.joined())
            try ImageFile.write(
                Image(pixels: try PixelBuffer(width: 16, height: 8, layout: .rgb, samples: green), profile: .displayP3),
                to: folder + "/green.jpg")
            let report = try AssetChecker.check([folder + "/green.jpg"], pictures: true)
            #expect((report.files.first?.analysis?.outOfGamutPixels ?? 0) > 100)
            let kinds = HTMLVisuals(for: report, settings: AnalysisSettings()).pictures[folder + "/green.jpg"]?.map(\.kind) ?? []
            #expect(kinds.contains(.source) && kinds.contains(.shown) && kinds.contains(.clipMask))
        }
    #endif
}

// libpng, the independent PNG decoder, comes from pkg-config: Linux only.
#if canImport(PNGOracle)
    /// Chunks out of their place, which libpng reads by dropping the misplaced one with a warning and libspng refuses:
    /// GamutKit reads them as libpng does (libavif keeps such a file, `circle-trns-before-plte.png`, in its tests).
    @Suite("PNG: misplaced tRNS and PLTE, read as libpng reads them")
    struct PNGMisplacedChunkTests {
        /// `png`'s chunks with `moved` put right before the first chunk of type `before`.
        static func moving(_ moved: String, before: String, in png: [UInt8]) throws -> [UInt8] {
            let chunks = PNGFixtures.chunks(png)
            let bytes = chunks.map { Array(png[$0.offset..<$0.data.upperBound + 4]) }
            var order = chunks.map(\.type)
            let from = try #require(order.firstIndex(of: moved))
            var reordered = bytes
            let chunk = reordered.remove(at: from)
            order.remove(at: from)
            reordered.insert(chunk, at: try #require(order.firstIndex(of: before)))
            return Array(png[..<8]) + reordered.flatMap { $0 }
        }

        @Test(
            "PngSuite's palette images with transparency, tRNS moved before PLTE: libpng's samples (no alpha), with its warning; the file as stored keeps alpha",
            arguments: ["ftbbn3p08", "ftbgn3p08"])
        func paletteTransparencyFirst(name: String) throws {
            let original = try PNGConformanceTests.Fixture.bytes("pngsuite/\(name).png")
            let moved = try Self.moving("tRNS", before: "PLTE", in: original)
            let expected = try LibPNG.decode(moved).get()
            #expect(expected.warning?.contains("out of place") == true && expected.channels == 3, "\(String(describing: expected.warning))")
            let image = try PNG.decode(moved, path: "moved.png")
            #expect(image.pixels.format == .rgb8 && FormatFixtures.values(image.pixels) == expected.samples)
            #expect(image.warnings.first?.hasPrefix("a tRNS chunk before PLTE is out of place; ignored") == true, "\(image.warnings)")
            // The original, in order, keeps its transparency (the warning isn't given to every palette file).
            let intact = try PNG.decode(original, path: "intact.png")
            #expect(intact.pixels.format == .rgba8 && intact.warnings.isEmpty)
        }

        @Test("Fifty tRNS chunks before the PLTE of a palette image: all dropped in one copy, with one warning, as libpng drops them")
        func manyMisplaced() throws {
            let original = try PNGConformanceTests.Fixture.bytes("pngsuite/ftbbn3p08.png")
            let moved = try Self.moving("tRNS", before: "PLTE", in: original)
            let chunks = PNGFixtures.chunks(moved)
            let trns = try #require(chunks.first { $0.type == "tRNS" })
            let trnsBytes = Array(moved[trns.offset..<trns.data.upperBound + 4])
            let many =
                Array(moved[..<trns.offset]) + Array(repeating: trnsBytes, count: 50).flatMap { $0 }
                + Array(moved[(trns.data.upperBound + 4)...])
            let expected = try LibPNG.decode(moved).get()
            let image = try PNG.decode(many, path: "many.png")
            #expect(FormatFixtures.values(image.pixels) == expected.samples && image.pixels.format == .rgb8)
            #expect(
                image.warnings.count == 1 && image.warnings[0].hasPrefix("a tRNS chunk before PLTE is out of place"), "\(image.warnings)")
        }

        @Test(
            "An RGB image with a suggested PLTE after its tRNS (as libavif's test file has it): the PLTE is dropped and the tRNS kept, as libpng 1.6.47+ and ImageMagick read it"
        )
        func suggestedPaletteAfterTransparency() throws {
            let original = try PNGConformanceTests.Fixture.bytes("pngsuite/ftbrn2c08.png")
            #expect(!PNGFixtures.chunks(original).contains { $0.type == "PLTE" })
            // A suggested palette of two entries after the tRNS, as in circle-trns-before-plte.png.
            let trns = try #require(PNGFixtures.chunks(original).first { $0.type == "tRNS" })
            let end = trns.data.upperBound + 4
            let png = Array(original[..<end]) + PNGFixtures.chunk("PLTE", [255, 0, 0, 0, 0, 255]) + Array(original[end...])
            // This libpng (before 1.6.47) drops the tRNS instead; the file without its suggestion is what newer ones read.
            let older = try LibPNG.decode(png).get()
            #expect(older.warning?.contains("tRNS must be after") == true && older.channels == 3, "\(String(describing: older.warning))")
            let expected = try LibPNG.decode(original).get()
            #expect(expected.channels == 4)
            let image = try PNG.decode(png, path: "suggested.png")
            #expect(image.pixels.format == .rgba8 && FormatFixtures.values(image.pixels) == expected.samples)
            #expect(
                image.warnings.first?.hasPrefix("a suggested PLTE chunk after tRNS is out of place; ignored") == true, "\(image.warnings)")
            if ExternalTool.available("convert") {
                let path = PNGStructureTests.write(png, named: "magick.png")
                // ImageMagick's alpha is libpng 1.6.47's: the tRNS color's pixels, and only they, are transparent.
                let alpha = try ExternalTool.run("convert", [path, "-alpha", "extract", "-depth", "8", "gray:-"]).map(Int.init)
                #expect(alpha == stride(from: 3, to: expected.samples.count, by: 4).map { expected.samples[$0] })
            }
            // The streaming paths hand such a file to the whole-image path: check and convert give the same result.
            let file = PNGStructureTests.write(png, named: "suggested.png")
            let analyzed = try ImageAnalyzer.analyzeFile(
                file, target: .sRGB, settings: .init(), options: .init(), includeClipMask: false, threads: 1, keepImage: false)
            #expect(analyzed.analyzed.warnings.contains { $0.hasPrefix("a suggested PLTE chunk after tRNS") })
            let output = PNGFixtures.temporaryDirectory + "/converted.png"
            let summary = try ImageConversion.convert(file: file, to: output, settings: .init(profile: .sRGB))
            #expect(!summary.streamed && summary.warnings.contains { $0.hasPrefix("a suggested PLTE chunk after tRNS") })
            let converted = try LibPNG.decode(try ExternalTool.read(output)).get()
            let alphas = { (samples: [Int]) in stride(from: 3, to: samples.count, by: 4).map { samples[$0] } }
            #expect(converted.channels == 4 && alphas(converted.samples) == alphas(expected.samples))
        }
    }
#endif
