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
        let summary = try PNGConversion.convert(file: Self.write(png), to: output, settings: .init(profile: .sRGB))
        #expect(!summary.streamed)
        #expect(try PNG.read(contentsOf: output).metadata.texts.count == 1500)
    }

    @Test("An APNG: the default image is read, with a warning that the other frames were not", arguments: [false, true])
    func animated(convert: Bool) throws {
        let png = PNGFixtures.inserting(PNGFixtures.chunk("acTL", PNGFixtures.be32(3) + PNGFixtures.be32(0)), into: try Self.sample())
        if convert {
            let summary = try PNGConversion.convert(
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
            _ = try PNGConversion.convert(file: input, to: output, settings: .init(profile: .sRGB))
            Issue.record("a file with \(damage) was converted")
        } catch {
            #expect(error.path == input)
            #expect(damage == "no IEND" ? error.description.contains("IEND") : error.description.contains("checksum"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        // The intact file streams.
        #expect(try PNGConversion.convert(file: Self.write(png), to: output, settings: .init(profile: .sRGB)).streamed)
    }

    @Test("A dangling symbolic link in a checked folder is reported as unreadable, not skipped")
    func danglingLink() throws {
        let folder = PNGFixtures.temporaryDirectory
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.png", withDestinationPath: folder + "/missing.png")
        #expect(AssetChecker.pngFiles(in: [folder]) == [folder + "/gone.png"])
        let report = try AssetChecker.check([folder])
        let finding = try #require(report.files.first?.findings.first)
        #expect(finding.ruleID == RuleID.unreadable)
        #expect(finding.message.contains("symbolic link to \(folder)/missing.png, which does not exist (dangling link)"))
    }
}

@Suite("Files in the wrong clothes")
struct FormatMismatchTests {
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
}

@Suite("Other formats in the report and in fix")
struct OtherFormatsEverywhereTests {
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
}
