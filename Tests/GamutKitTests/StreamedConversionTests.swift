import Foundation
@testable import GamutKit
import Testing

@Suite("Streaming PNG conversion")
struct StreamedConversionTests {
    static func wholeImage(_ png: [UInt8], _ settings: ImageConversion.Settings) throws -> [UInt8] {
        let image = try PNG.decode(png)
        return try PNG.encode(try image.converted(to: settings.profile, bitDepth: settings.bitDepth), options: settings.encoding.png)
    }

    static func write(_ bytes: [UInt8]) -> String {
        let path = PNGFixtures.temporaryDirectory + "/in.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test(
        "Streamed output is byte-identical to the whole-image path",
        arguments: [
            (PixelFormat.Layout.rgb, 16, ColorProfile.BuiltIn.sRGB), (.rgba, 16, .sRGB), (.rgba, 8, .displayP3), (.rgb, 8, .adobeRGB),
            (.grayAlpha, 16, .sRGB), (.gray, 8, .grayGamma22),
        ])
    func sameAsWholeImage(layout: PixelFormat.Layout, depth: Int, target: ColorProfile.BuiltIn) throws {
        // 70 rows: more than two chunks of 32, the last one partial.
        let pixels = PNGFixtures.random16(width: 45, height: 70, layout: layout, seed: UInt64(depth))
        let source: ColorProfile = pixels.format.colorChannelCount == 1 ? .grayGamma22 : .displayP3
        let input = try PNG.encode(
            Image(
                pixels: pixels, profile: source,
                metadata: PNGMetadata(texts: [.init(keyword: "Title", text: "t")])))
        let settings = ImageConversion.Settings(profile: .builtIn(target), bitDepth: depth)
        let output = PNGFixtures.temporaryDirectory + "/out.png"
        let summary = try ImageConversion.convert(file: Self.write(input), to: output, settings: settings)
        #expect(summary.streamed)
        #expect(summary.destinationBitDepth == depth && summary.width == 45 && summary.height == 70)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))) == (try Self.wholeImage(input, settings)))
    }

    @Test("Low-depth gray streams; palette inputs take the whole-image path (indices checked against the PLTE)")
    func palette() throws {
        let png = PNGFixtures.encode(
            width: 2, height: 1, rows: [1, 0], .init(colorType: 3, depth: 8, palette: [(255, 0, 0), (0, 128, 255)]))
        let settings = ImageConversion.Settings(profile: .displayP3)
        let output = PNGFixtures.temporaryDirectory + "/out.png"
        let summary = try ImageConversion.convert(file: Self.write(png), to: output, settings: settings)
        #expect(!summary.streamed && summary.sourceBitDepth == 8)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))) == (try Self.wholeImage(png, settings)))
        let gray = PNGFixtures.encode(
            width: 9, height: 2, rows: [0b1011_0001, 0b0100_0000, 0b1100_0000, 0b0110_0000, 0b1000_0000, 0b0000_0000],
            .init(colorType: 0, depth: 2))
        let grayOut = PNGFixtures.temporaryDirectory + "/gray.png"
        let graySettings = ImageConversion.Settings(profile: .sRGB)
        let graySummary = try ImageConversion.convert(file: Self.write(gray), to: grayOut, settings: graySettings)
        #expect(graySummary.streamed && graySummary.sourceBitDepth == 2)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: grayOut))) == (try Self.wholeImage(gray, graySettings)))
    }

    @Test("Text after the image data streams: every text chunk kept in file order, bytes as the whole-image path writes them")
    func textAfterData() throws {
        let base = try PNG.encode(
            Image(
                pixels: PNGFixtures.random16(width: 8, height: 40), profile: .displayP3,
                metadata: PNGMetadata(texts: [.init(keyword: "Title", text: "early")])))
        let iend = PNGFixtures.chunks(base).last!.offset
        let late = PNGFixtures.chunk("tEXt", Array("Comment".utf8) + [0] + Array("late".utf8))
        let png = Array(base[..<iend]) + late + Array(base[iend...])
        let output = PNGFixtures.temporaryDirectory + "/out.png"
        let settings = ImageConversion.Settings(profile: .sRGB)
        let summary = try ImageConversion.convert(file: Self.write(png), to: output, settings: settings)
        #expect(summary.streamed)
        #expect(try PNG.read(contentsOf: output).metadata.texts.map(\.text) == ["early", "late"])
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))) == (try Self.wholeImage(png, settings)))
    }

    @Test("A 16-bit P3 PNG as ImageMagick writes it (cHRM, bKGD, its dates in tEXt after the data) streams, text kept")
    func imageMagickFile() throws {
        guard ExternalTool.available("convert", "identify") else { return }
        let folder = PNGFixtures.temporaryDirectory
        let ours = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 64, height: 48), profile: .displayP3))
        let source = try ExternalTool.write(ours, "ours.png", in: folder)
        _ = try ExternalTool.run("convert", [source, "-define", "png:compression-level=6", folder + "/magick.png"])
        let magick = try ExternalTool.read(folder + "/magick.png")
        let chunks = PNGFixtures.chunks(magick).map(\.type)
        let firstData = try #require(chunks.firstIndex(of: "IDAT"))
        #expect(chunks[firstData...].contains("tEXt"), "ImageMagick wrote its text after the data: \(chunks)")
        let output = folder + "/magick-srgb.png"
        let settings = ImageConversion.Settings(profile: .sRGB)
        let summary = try ImageConversion.convert(file: folder + "/magick.png", to: output, settings: settings)
        #expect(summary.streamed)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))) == (try Self.wholeImage(magick, settings)))
        // ImageMagick reads back its own dates from what GamutKit wrote.
        let properties = String(decoding: try ExternalTool.run("identify", ["-verbose", output]), as: UTF8.self)
        #expect(properties.contains("date:create") && properties.contains("date:modify"))
    }

    @Test("A PNG truncated mid-data fails with the file named and writes nothing")
    func truncatedMidStream() throws {
        let png = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 200, height: 200), profile: .displayP3))
        let path = Self.write(Array(png.prefix(png.count * 2 / 3)))
        let directory = PNGFixtures.temporaryDirectory
        #expect(throws: GamutError.self) {
            try ImageConversion.convert(file: path, to: directory + "/out.png", settings: .init(profile: .sRGB))
        }
        do {
            try ImageConversion.convert(file: path, to: directory + "/out.png", settings: .init(profile: .sRGB))
        } catch {
            #expect(error.path == path && error.code == .invalidPNG)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
