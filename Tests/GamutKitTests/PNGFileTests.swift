import Foundation
import Testing

@testable import GamutKit

/// ``PNGFile``: what the streaming paths keep of a PNG in memory (every chunk but the image data) must say what the whole
/// file says, checked against the tests' own chunk walker on files other encoders wrote.
@Suite("PNG file without its image data")
struct PNGFileTests {
    /// The file's chunks as the tests' walker reads them, the IDAT chunks replaced by one empty IDAT where the first was.
    static func expectedChunks(_ bytes: [UInt8]) -> [UInt8] {
        var result = Array(bytes.prefix(8)), sawData = false
        for chunk in PNGFixtures.chunks(bytes) where chunk.data.upperBound + 4 <= bytes.count {
            if chunk.type == "IDAT" {
                if !sawData { result += PNGFixtures.chunk("IDAT", []) }
                sawData = true
            } else {
                result += bytes[chunk.offset..<chunk.data.upperBound + 4]
            }
            if chunk.type == "IEND" { break }
        }
        return result
    }

    @Test("PngSuite and libpng's files: every chunk but the image data, byte for byte, and the same chunk layout")
    func conformanceFiles() throws {
        for file in PNGConformanceTests.Fixture.readFiles {
            let bytes = try PNGConformanceTests.Fixture.bytes(file)
            let png = try #require(try PNGFile(PNGConformanceTests.Fixture.path(file), maximumSize: 1 << 30), "\(file)")
            #expect(png.head == Array(bytes.prefix(16)), "\(file)")
            #expect(png.chunks == Self.expectedChunks(bytes), "\(file)")
            let idat = PNGFixtures.chunks(bytes).filter { $0.type == "IDAT" }
            #expect(png.chunks.count == bytes.count - idat.reduce(0) { $0 + $1.data.count + 12 } + 12, "\(file)")
            let (inMemory, fromFile) = (
                bytes.withUnsafeBytes { PNGReader.chunkLayout($0) }, png.chunks.withUnsafeBytes { PNGReader.chunkLayout($0) }
            )
            #expect(inMemory.beforeData == fromFile.beforeData && inMemory.afterData == fromFile.afterData, "\(file)")
            #expect(inMemory.cachedChunks == fromFile.cachedChunks && inMemory.warnings == fromFile.warnings, "\(file)")
        }
    }

    @Test("Image data split over many IDAT chunks, text after it: one empty IDAT kept, the text kept, the same analysis")
    func splitImageData() throws {
        // libpng's basn2c16 (16-bit RGB) with its image data cut into 7-byte IDAT chunks and a tEXt chunk after them.
        let original = try PNGConformanceTests.Fixture.bytes("pngsuite/basn2c16.png")
        let chunks = PNGFixtures.chunks(original)
        let data = chunks.filter { $0.type == "IDAT" }.flatMap { original[$0.data] }
        var bytes = Array(original.prefix(8))
        for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
            bytes += original[chunk.offset..<chunk.data.upperBound + 4]
        }
        for start in stride(from: 0, to: data.count, by: 7) {
            bytes += PNGFixtures.chunk("IDAT", Array(data[start..<min(start + 7, data.count)]))
        }
        let text = PNGFixtures.chunk("tEXt", Array("Comment\u{0}after the data".utf8))
        bytes += text + PNGFixtures.chunk("IEND", [])
        let path = TestScratch.folder("png-file-split") + "/split.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let png = try #require(try PNGFile(path, maximumSize: 1 << 20))
        #expect(png.chunks == Self.expectedChunks(bytes))
        #expect(png.chunks.count == bytes.count - (data.count + 6) / 7 * 12 - data.count + 12)
        let layout = png.chunks.withUnsafeBytes { PNGReader.chunkLayout($0) }
        #expect(layout.afterData == ["tEXt", "IEND"])
        #expect(try FileAnalysisTests.compare(path: path, threads: nil))
    }

    @Test("Not a PNG: nil; too large or missing: an error naming the file; cut short: the chunks before the cut")
    func edges() throws {
        let folder = TestScratch.folder("png-file")
        let text = folder + "/notes.png"
        try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: text))
        #expect(try PNGFile(text, maximumSize: 1 << 20) == nil)

        let bytes = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 64, height: 64, layout: .rgb), profile: .displayP3))
        let path = folder + "/image.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect { try PNGFile(path, maximumSize: bytes.count - 1) } throws: {
            let error = $0 as? GamutError
            return error?.code == .io && error?.path == path && error?.message.contains("exceeds the limit") == true
        }
        let missing = folder + "/missing.png"
        #expect { try PNGFile(missing, maximumSize: 1 << 20) } throws: { ($0 as? GamutError)?.path == missing }

        let idat = try #require(PNGFixtures.chunks(bytes).first { $0.type == "IDAT" })
        let cut = folder + "/cut.png"
        try Data(bytes.prefix(idat.data.lowerBound + 10)).write(to: URL(fileURLWithPath: cut))
        // A file changed after its chunks were read is refused once decoded (the chunks would belong to other contents).
        let changing = try #require(try PNGFile(path, maximumSize: 1 << 30))
        try changing.checkUnchanged()
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect { try changing.checkUnchanged() } throws: {
            ($0 as? GamutError)?.path == path && ($0 as? GamutError)?.message.contains("changed while it was read") == true
        }

        let png = try #require(try PNGFile(cut, maximumSize: 1 << 20))
        let cutBytes = Array(bytes.prefix(idat.data.lowerBound + 10))
        #expect(png.chunks == Self.expectedChunks(cutBytes))
        #expect(!png.chunks.isEmpty && png.chunks.count < cutBytes.count)
    }
}
