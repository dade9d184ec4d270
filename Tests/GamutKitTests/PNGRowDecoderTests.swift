import Foundation
import Testing

@testable import GamutKit

/// ``PNGRowDecoder``'s fast path (``PNGImageDataReader``: ISA-L's inflate and GamutKit's own filter reversal) must decode
/// every row exactly as libspng does, and refuse every file libspng refuses, on files other encoders wrote and on files
/// built here byte by byte (stored deflate blocks, so any filter type and any length can be written).
@Suite("PNG row decoder: ISA-L and the filter kernel against libspng")
struct PNGRowDecoderTests {
    /// Every row of `path` and how decoding ended, by the fast path or by libspng.
    static func decode(_ path: String, fast: Bool) throws -> (rows: [UInt8], error: GamutError?) {
        let file = try #require(try PNGFile(path, maximumSize: 1 << 30))
        var rows: [UInt8] = []
        do throws(GamutError) {
            var decoder = try PNGRowDecoder(file, options: .init(), fast: fast)
            let length = decoder.header.width * decoder.format.bytesPerPixel
            rows = [UInt8](repeating: 0, count: length * decoder.header.height)
            for y in 0..<decoder.header.height { try decoder.decode(into: &rows, at: y * length) }
            try decoder.finish()
            return (rows, nil)
        } catch {
            return ([], error)
        }
    }

    @Test("PngSuite's and libpng's files: the fast path takes every plain one, and every row equals libspng's")
    func conformanceFiles() throws {
        #expect(PNGImageDataReader.isEnabled, "GAMUTKIT_LIBSPNG_ROWS is set: the fast path would not be tested")
        let fixture = PNGConformanceTests.Fixture.self
        var fastFiles: [String] = [], pixelSizes = Set<Int>()
        for name in fixture.readFiles + fixture.crasherFiles + fixture.badPaletteFiles {
            let path = fixture.path(name)
            guard let file = try? PNGFile(path, maximumSize: 1 << 30), PNGRowDecoder.decodesFast(file) else { continue }
            fastFiles.append(name)
            let (fast, reference) = (try Self.decode(path, fast: true), try Self.decode(path, fast: false))
            #expect(fast.rows == reference.rows, "\(name)")
            #expect(
                (fast.error == nil) == (reference.error == nil),
                "\(name): \(String(describing: fast.error)) vs \(String(describing: reference.error))")
            if fast.error == nil, let decoder = try? PNGRowDecoder(file, options: .init()) {
                pixelSizes.insert(decoder.format.bytesPerPixel)
                // The whole-image decoder, from memory, takes the fast path too.
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let png = try bytes.withUnsafeBytes { try PNGReader.read($0, path: path, options: .init()) }
                #expect(png.rowsDecodedFast && png.pixels.bytes == reference.rows, "\(name)")
            }
        }
        // Every plain color type and depth: gray, gray+alpha, RGB, RGBA at 8 and 16 bits (pixels of 1 to 8 bytes).
        for name in ["basn0g08", "basn0g16", "basn4a08", "basn4a16", "basn2c08", "basn2c16", "basn6a08", "basn6a16"] {
            #expect(fastFiles.contains("pngsuite/\(name).png"), "\(name)")
        }
        #expect(pixelSizes == [1, 2, 3, 4, 6, 8])
        #expect(fastFiles.count >= 50, "\(fastFiles.count) files")
    }

    /// A zlib stream of `data` in stored (uncompressed) deflate blocks, with its Adler-32 (RFC 1950, 1951).
    static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let last: UInt8 = start + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            out += data[start..<start + count]
            start += count
        } while start < data.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { (a, b) = ((a + UInt32(byte)) % 65_521, (b + (a + UInt32(byte)) % 65_521) % 65_521) }
        return out + PNGFixtures.be32(b << 16 | a)
    }

    /// A PNG of `width`×`height` (16-bit RGB unless told) whose image data is `zlib` in IDAT chunks of `split` bytes,
    /// then `after`.
    static func png(
        width: Int, height: Int, depth: UInt8 = 16, colorType: UInt8 = 2, before: [UInt8] = [], zlib: [UInt8],
        split: Int = 1 << 20, after: [UInt8] = PNGFixtures.chunk("IEND", [])
    ) -> [UInt8] {
        var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        bytes += PNGFixtures.chunk(
            "IHDR", PNGFixtures.be32(UInt32(width)) + PNGFixtures.be32(UInt32(height)) + [depth, colorType, 0, 0, 0])
        bytes += before
        for start in stride(from: 0, to: zlib.count, by: split) {
            bytes += PNGFixtures.chunk("IDAT", Array(zlib[start..<min(start + split, zlib.count)]))
        }
        return bytes + after
    }

    /// Rows of `rowLength` seeded random bytes (`smooth`: small steps, so the predictors' choices are close calls)
    /// behind the given filter types, cycling.
    static func filteredRows(rowLength: Int, height: Int, filters: [UInt8], smooth: Bool = false) -> [UInt8] {
        var rng = SplitMix64(seed: 7)
        var data: [UInt8] = []
        for y in 0..<height {
            data.append(filters[y % filters.count])
            data += (0..<rowLength).map { _ in smooth ? UInt8.random(in: 0...2, using: &rng) &- 1 : UInt8.random(in: 0...255, using: &rng) }
        }
        return data
    }

    @Test(
        "Files built byte by byte: every plain color type and depth, every filter, IDATs split anywhere, text after the data: the same rows as libspng"
    )
    func builtFiles() throws {
        #expect(PNGImageDataReader.isEnabled, "GAMUTKIT_LIBSPNG_ROWS is set: the fast path would not be tested")
        let folder = TestScratch.folder("png-row-decoder")
        let text = PNGFixtures.chunk("tEXt", Array("Comment\u{0}after the data".utf8))
        // (bit depth, color type, bytes per pixel)
        let kinds: [(UInt8, UInt8, Int)] = [(8, 0, 1), (16, 0, 2), (8, 4, 2), (8, 2, 3), (8, 6, 4), (16, 4, 4), (16, 2, 6), (16, 6, 8)]
        for (depth, colorType, pixelBytes) in kinds {
            for (index, split) in [1, 5, 4096, 1 << 20].enumerated() {
                let (width, height) = (37 - index, 23)
                let data = Self.filteredRows(
                    rowLength: width * pixelBytes, height: height, filters: [0, 1, 2, 3, 4, 4, 3, 1], smooth: index == 1)
                let path = folder + "/built-\(depth)-\(colorType)-\(index).png"
                let after = index.isMultiple(of: 2) ? PNGFixtures.chunk("IEND", []) : text + PNGFixtures.chunk("IEND", [])
                try Data(
                    Self.png(
                        width: width, height: height, depth: depth, colorType: colorType, zlib: Self.storedZlib(data),
                        split: split, after: after)
                ).write(to: URL(fileURLWithPath: path))
                let file = try #require(try PNGFile(path, maximumSize: 1 << 20))
                #expect(PNGRowDecoder.decodesFast(file))
                let (fast, reference) = (try Self.decode(path, fast: true), try Self.decode(path, fast: false))
                #expect(fast.error == nil && reference.error == nil, "\(path)")
                #expect(fast.rows == reference.rows && fast.rows.count == width * height * pixelBytes, "\(path)")
                // The whole-image decoder (from memory) takes the same path, and reads the text after the image data.
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let png = try bytes.withUnsafeBytes { try PNGReader.read($0, path: path, options: .init()) }
                #expect(png.pixels.bytes == reference.rows && png.rowsDecodedFast, "\(path)")
                let texts = png.metadata.texts.map { "\($0.keyword)=\($0.text)" }
                #expect(texts == (index.isMultiple(of: 2) ? [] : ["Comment=after the data"]), "\(path)")
            }
        }
    }

    @Test("Damaged image data: refused by the fast path wherever libspng refuses it, with a message naming the damage")
    func damagedFiles() throws {
        let folder = TestScratch.folder("png-row-decoder-damaged")
        let (width, height) = (19, 11)
        let data = Self.filteredRows(rowLength: width * 6, height: height, filters: [4, 1, 3])
        let zlib = Self.storedZlib(data)
        let iend = PNGFixtures.chunk("IEND", [])
        var badFilter = data
        badFilter[5 * (width * 6 + 1)] = 5
        var badAdler = zlib
        badAdler[badAdler.count - 1] ^= 1
        var dictionary = zlib
        dictionary[1] = 0x20 | (31 - (0x78 << 8 | 0x20) % 31)  // asks for a preset dictionary (check bits right)
        var badCheck = zlib
        badCheck[1] ^= 0x02  // check bits wrong
        var badEnd = iend
        badEnd[badEnd.count - 1] ^= 1
        let tail = PNGFixtures.chunk("tEXt", Array("Comment\u{0}text".utf8))
        // (name, file, what the fast path's message says, whether libspng refuses it too)
        let cases: [(String, [UInt8], String, Bool)] = [
            ("filter type 5", Self.png(width: width, height: height, zlib: Self.storedZlib(badFilter)), "filter type 5", true),
            ("short", Self.png(width: width, height: height, zlib: Self.storedZlib(Array(data.dropLast(9)))), "ends at row", true),
            ("bad Adler-32", Self.png(width: width, height: height, zlib: badAdler), "Adler-32", true),
            ("preset dictionary", Self.png(width: width, height: height, zlib: dictionary), "zlib header", true),
            ("bad zlib check bits", Self.png(width: width, height: height, zlib: badCheck), "zlib header", true),
            ("damaged IEND", Self.png(width: width, height: height, zlib: zlib, after: tail + badEnd), "after the image data", true),
            ("no IEND after the text", Self.png(width: width, height: height, zlib: zlib, after: tail), "IEND", true),
            // libspng refuses a PLTE once it has read a bKGD: the chunks after the image data are checked in the state
            // the chunks before it left.
            (
                "PLTE after the image data, bKGD before",
                Self.png(
                    width: width, height: height, before: PNGFixtures.chunk("bKGD", [0, 1, 0, 2, 0, 3]), zlib: zlib,
                    after: PNGFixtures.chunk("PLTE", [1, 2, 3]) + iend), "after the image data", true
            ),
            // Stricter than libspng: it lets these be. The callers then decode the file on the whole-image path.
            (
                "data past the rows", Self.png(width: width, height: height, zlib: Self.storedZlib(data + [0, 0, 0])), "more than its rows",
                false
            ),
            ("bytes past the zlib stream", Self.png(width: width, height: height, zlib: zlib + [1, 2, 3]), "past the zlib", false),
        ]
        for (name, bytes, message, refused) in cases {
            let path = folder + "/\(name).png"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let file = try #require(try PNGFile(path, maximumSize: 1 << 20))
            #expect(PNGRowDecoder.decodesFast(file), "\(name)")
            let (fast, reference) = (try Self.decode(path, fast: true), try Self.decode(path, fast: false))
            #expect(fast.error?.code == .invalidPNG && fast.error?.path == path, "\(name): \(String(describing: fast.error))")
            #expect(fast.error?.message.contains(message) == true, "\(name): \(fast.error?.message ?? "no error")")
            #expect((reference.error != nil) == refused, "\(name): libspng \(String(describing: reference.error))")
            // The whole-image decoder, from memory: the same verdict as libspng, and its rows when it reads the file.
            // (A damaged ancillary chunk, the misplaced PLTE's bKGD, is read without it and a warning, as ever.)
            let whole = Result { () throws(GamutError) in try ImageFile.decode(bytes, path: path) }
            switch whole {
            case .success(let image) where name.hasPrefix("PLTE"):
                #expect(image.warnings.contains { $0.contains("read without the bKGD") }, "\(image.warnings)")
            case .success(let image): #expect(!refused && image.pixels.bytes == reference.rows, "\(name)")
            case .failure(let error): #expect(refused && error.code == .invalidPNG, "\(name): \(error)")
            }
            if !refused {
                // Read by libspng after the fast path refused it.
                let png = try bytes.withUnsafeBytes { try PNGReader.read($0, path: path, options: .init()) }
                #expect(!png.rowsDecodedFast && png.pixels.bytes == reference.rows, "\(name)")
                let analyzed = try ImageAnalyzer.analyzeFile(
                    path, target: .sRGB, settings: AnalysisSettings(), options: .init(), includeClipMask: false, threads: 1,
                    keepImage: false)
                #expect(analyzed.image != nil, "\(name): read on the whole-image path")
            }
        }
        // A bad CRC on an IDAT chunk.
        var bytes = Self.png(width: width, height: height, zlib: zlib)
        let idat = try #require(PNGFixtures.chunks(bytes).first { $0.type == "IDAT" })
        bytes[idat.data.upperBound] ^= 1
        let path = folder + "/bad-crc.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let (fast, reference) = (try Self.decode(path, fast: true), try Self.decode(path, fast: false))
        #expect(fast.error?.message.contains("CRC") == true && reference.error != nil, "\(String(describing: fast.error))")
    }

    /// A black 8-bit gray PNG whose image data uses an incomplete Huffman code set, written to a scratch file.
    static func incompleteHuffmanFile(width: Int, height: Int) throws -> (bytes: [UInt8], path: String) {
        let bytes = png(width: width, height: height, depth: 8, colorType: 0, zlib: incompleteHuffmanZlib(zeros: (width + 1) * height))
        let path = TestScratch.folder("png-row-decoder-huffman") + "/incomplete.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (bytes, path)
    }

    /// A zlib stream of `count` zero bytes in one dynamic-Huffman block whose literal/length code is incomplete
    /// (RFC 1951 §3.2.7): literal 0 has a 1-bit code, end-of-block a 2-bit one, and nothing has the third code of
    /// two bits. zlib refuses such a set ("invalid literal/lengths set"); ISA-L's inflate decodes it.
    static func incompleteHuffmanZlib(zeros count: Int) -> [UInt8] {
        var bits: [UInt8] = []
        // Header fields go least significant bit first, Huffman codes most significant bit first.
        func put(_ value: Int, _ n: Int) { for i in 0..<n { bits.append(UInt8(value >> i & 1)) } }
        func code(_ value: Int, _ n: Int) { for i in (0..<n).reversed() { bits.append(UInt8(value >> i & 1)) } }
        put(1, 1)  // the final block
        put(2, 2)  // dynamic Huffman codes
        put(0, 5)  // 257 literal/length codes
        put(0, 5)  // 1 distance code
        put(14, 4)  // 18 code length codes, in RFC 1951's order
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
        for symbol in order { put([0, 1, 2, 18].contains(symbol) ? 2 : 0, 3) }  // a complete code: 00, 01, 10, 11
        let lengthCode = [0: 0b00, 1: 0b01, 2: 0b10, 18: 0b11]
        code(lengthCode[1]!, 2)  // literal 0: 1 bit
        code(lengthCode[18]!, 2)
        put(138 - 11, 7)  // literals 1–138: none
        code(lengthCode[18]!, 2)
        put(117 - 11, 7)  // literals 139–255: none
        code(lengthCode[2]!, 2)  // end of block: 2 bits
        code(lengthCode[0]!, 2)  // the distance code: none
        for _ in 0..<count { code(0b0, 1) }  // literal 0
        code(0b10, 2)  // end of block
        bits += [UInt8](repeating: 0, count: (8 - bits.count % 8) % 8)
        let deflate = stride(from: 0, to: bits.count, by: 8).map { i in (0..<8).reduce(UInt8(0)) { $0 | bits[i + $1] << $1 } }
        let adler = UInt32(count % 65_521) << 16 | 1  // zeros: a stays 1, b grows by 1 per byte
        return [0x78, 0x01] + deflate + PNGFixtures.be32(adler)
    }

    #if ISAL && os(Linux)
        @Test("An incomplete Huffman code set: read by ISA-L, refused by zlib; rowsByLibspng has libspng decode every row")
        func incompleteHuffmanCode() throws {
            let (width, height) = (5, 3)
            let (bytes, path) = try Self.incompleteHuffmanFile(width: width, height: height)
            let folder = (path as NSString).deletingLastPathComponent
            // An independent decoder over zlib refuses it.
            guard case .failure = LibPNG.decode(bytes) else {
                Issue.record("libpng read a stream zlib refuses: the fixture is not what it says")
                return
            }
            // The row decoder reads it: black, every row by ISA-L.
            let fast = try Self.decode(path, fast: true), reference = try Self.decode(path, fast: false)
            #expect(fast.error == nil && fast.rows == [UInt8](repeating: 0, count: width * height), "\(String(describing: fast.error))")
            #expect(reference.error?.code == .invalidPNG, "libspng: \(String(describing: reference.error))")
            let png = try bytes.withUnsafeBytes { try PNGReader.read($0, path: path, options: .init()) }
            #expect(png.rowsDecodedFast && png.pixels.bytes.allSatisfy { $0 == 0 } && png.pixels.bytes.count == width * height)
            // With rowsByLibspng, libspng decodes the rows on every path, so every path refuses it.
            var libspng = ImageFile.DecodingOptions()
            libspng.rowsByLibspng = true
            #expect(throws: Never.self) { try ImageFile.decode(bytes, path: path) }
            do {
                _ = try ImageFile.decode(bytes, path: path, options: libspng)
                Issue.record("the whole-image path read it with rowsByLibspng")
            } catch { #expect(error.code == .invalidPNG && error.path == path, "\(error)") }
            // The streamed decoder (check's and convert's), given the options, not told `fast: false`.
            let file = try #require(try PNGFile(path, maximumSize: 1 << 20))
            let streamed = Result { () throws(GamutError) in
                var decoder = try PNGRowDecoder(file, options: libspng)
                var rows = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height { try decoder.decode(into: &rows, at: y * width) }
                try decoder.finish()
            }
            #expect(throws: GamutError.self) { try streamed.get() }
            var settings = ImageConversion.Settings(profile: .sRGB)
            let output = folder + "/converted.png"
            try ImageConversion.convert(file: path, to: output, settings: settings)
            #expect(FileManager.default.fileExists(atPath: output))
            try FileManager.default.removeItem(atPath: output)
            settings.decoding.rowsByLibspng = true
            #expect(throws: GamutError.self) { try ImageConversion.convert(file: path, to: output, settings: settings) }
            #expect(!FileManager.default.fileExists(atPath: output), "a refused conversion left an output file")
        }
    #else
        @Test("An incomplete Huffman code set: refused by zlib, which inflates the rows in a build without ISAL, as by libspng")
        func incompleteHuffmanCodeRefused() throws {
            let (width, height) = (5, 3)
            let (bytes, path) = try Self.incompleteHuffmanFile(width: width, height: height)
            let fast = try Self.decode(path, fast: true), reference = try Self.decode(path, fast: false)
            #expect(
                fast.error?.code == .invalidPNG && fast.error?.message.contains("not a valid zlib stream") == true,
                "\(String(describing: fast.error))")
            #expect(reference.error?.code == .invalidPNG, "libspng: \(String(describing: reference.error))")
            do {
                _ = try ImageFile.decode(bytes, path: path)
                Issue.record("a stream zlib refuses was read")
            } catch { #expect(error.code == .invalidPNG && error.path == path, "\(error)") }
        }
    #endif
}
