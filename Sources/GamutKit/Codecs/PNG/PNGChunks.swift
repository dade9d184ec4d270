/// What one walk over a PNG's chunk framing found.
struct PNGChunkLayout {
    /// Chunk types before the first IDAT.
    var beforeData = Set<String>()
    /// Chunk types after the first IDAT.
    var afterData = Set<String>()
    /// Chunks libspng keeps in its cache (text, sPLT, and chunks it doesn't know), which it counts against its limit.
    var cachedChunks = 0
    /// Structure the decoder reports as warnings (an animation's other frames).
    var warnings: [String] = []
    /// A chunk out of its place, which libspng refuses and libpng reads past with a warning: a palette image's `tRNS`
    /// before its `PLTE` (the transparency of no palette yet), which libpng drops; or an RGB image's suggested `PLTE`
    /// after its `tRNS`, where libpng 1.6.47 and later (and ImageMagick) keep the transparency and so drop the suggestion
    /// (libpng 1.6.46 and earlier dropped the `tRNS`).
    /// The indices of every such chunk among ``PNGChunks/list(_:)``'s, and the warning for the first.
    var misplaced: (indices: Set<Int>, warning: String)?
    /// The orientation tag of an `eXIf` chunk before the image data (1–8), which Apple's platforms apply (one after the
    /// image data is ignored, as CSS Images 3 allows and browsers do).
    var orientation: Int?

    /// Records a misplaced chunk.
    mutating func misplace(_ index: Int, _ warning: String) {
        if misplaced == nil { misplaced = ([], warning) }
        misplaced?.indices.insert(index)
    }

    /// The IHDR's bit depth, color type and interlace method, when the file has a whole IHDR.
    var header: (depth: UInt8, colorType: UInt8, interlace: UInt8)?

    /// Whether the file takes the whole-image path rather than streaming rows: interlaced images; palette images (small,
    /// 8-bit at most), whose indices that path checks against the PLTE; 16-bit gray with `tRNS` (libspng has no such
    /// output); a misplaced chunk; an orientation to apply; more ancillary chunks than one libspng context caches.
    var needsWholeImage: Bool {
        guard let header, header.interlace == 0 else { return true }
        return header.colorType == 3 || (header.colorType == 0 && header.depth == 16 && beforeData.contains("tRNS"))
            || misplaced != nil || (orientation ?? 1) != 1 || cachedChunks > PNG.cachedChunkLimit
    }
}

/// The chunk framing of PNG bytes (length, type, data, CRC), walked without interpreting chunk contents: for the
/// decisions libspng leaves to its caller (which path to take, a copy without chunks it would refuse to cache).
enum PNGChunks {
    /// A chunk's place in the buffer: its whole bytes (length to CRC) and its data.
    struct Chunk {
        var type: String
        var whole: Range<Int>
        var data: Range<Int>
    }

    /// The chunks after the signature, as far as their framing is complete.
    static func list(_ buffer: UnsafeRawBufferPointer) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 8 <= buffer.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(buffer[offset + $1]) }
            let type = String(decoding: buffer[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            guard length <= Int(Int32.max), end <= buffer.count else { break }
            chunks.append(Chunk(type: type, whole: offset..<end, data: offset + 8..<offset + 8 + length))
            offset = end
        }
        return chunks
    }

    /// The chunks libspng 0.7.3 reads and keeps itself (text, sPLT) or, with `SPNG_KEEP_UNKNOWN_CHUNKS`, keeps as unknown.
    static func isCached(_ type: String) -> Bool {
        !known.contains(type) || ["tEXt", "zTXt", "iTXt", "sPLT"].contains(type)
    }

    /// Whether a chunk is kept when a file whose ancillary chunks are damaged is read again without them: the critical
    /// chunks, and those that say what the pixels' colors are (dropping a damaged iCCP would silently make the image
    /// sRGB) unless they are empty, and so say nothing.
    static func isKeptWhenDamaged(_ chunk: Chunk) -> Bool {
        ["IHDR", "PLTE", "IDAT", "IEND"].contains(chunk.type)
            || (["tRNS", "iCCP", "sRGB", "gAMA", "cHRM", "cICP"].contains(chunk.type) && !chunk.data.isEmpty)
    }

    /// Chunk types libspng 0.7.3 interprets.
    static let known: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "tEXt", "zTXt",
        "iTXt", "bKGD", "hIST", "pHYs", "sPLT", "tIME", "oFFs", "eXIf",
    ]

    /// The PNG with only the chunks `keep` accepts (IHDR, PLTE, IDAT and IEND are always kept); each kept chunk is
    /// copied whole, CRC included.
    static func filtered(_ buffer: UnsafeRawBufferPointer, keeping keep: (Chunk) -> Bool) -> [UInt8] {
        var bytes = Array(buffer.prefix(8))
        for chunk in list(buffer) where ["IHDR", "PLTE", "IDAT", "IEND"].contains(chunk.type) || keep(chunk) {
            bytes += buffer[chunk.whole]
        }
        return bytes
    }

    /// Where a PNG's image data is, when its IDAT chunks follow one another and a whole chunk follows them (and no
    /// IDAT comes later): the first IDAT's offset and the offset of the chunk after the last. Nil for any other layout.
    static func imageDataRun(_ buffer: UnsafeRawBufferPointer) -> (start: Int, end: Int)? {
        var tracker = ImageDataRun()
        for chunk in list(buffer) { tracker.add(chunk.whole, isImageData: chunk.type == "IDAT") }
        return tracker.run
    }

    /// The layout rule of ``imageDataRun(_:)``, fed the chunks in file order (from memory, or as ``PNGFile`` walks a
    /// file): the run of IDAT chunks a ``PNGImageDataReader`` may decode.
    struct ImageDataRun {
        private var start: Int?, end = 0, ended = false, split = false

        /// The next whole chunk, by its offsets in the file.
        mutating func add(_ chunk: Range<Int>, isImageData: Bool) {
            if isImageData {
                if ended { split = true } else { (start, end) = (start ?? chunk.lowerBound, chunk.upperBound) }
            } else if start != nil {
                ended = true
            }
        }

        /// The first IDAT's offset and the offset of the chunk after the last; nil for any other layout.
        var run: (start: Int, end: Int)? { ended && !split ? start.map { ($0, end) } : nil }
    }

    /// The text chunks of a PNG with too many for one libspng context, read by libspng in batches: each batch is the
    /// file's IHDR (and PLTE), up to ``PNG/cachedChunkLimit`` text chunks in file order, its first IDAT and an IEND.
    static func texts(
        inBatchesFrom buffer: UnsafeRawBufferPointer, path: String?, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> [PNGMetadata.Text] {
        let chunks = list(buffer)
        let texts = chunks.filter { ["tEXt", "zTXt", "iTXt"].contains($0.type) }
        let total = texts.reduce(0) { $0 + $1.data.count }
        guard total <= options.maximumChunkSize else {
            throw GamutError(
                .invalidPNG, "\(texts.count) text chunks hold \(total) bytes, over the limit of \(options.maximumChunkSize)", path: path)
        }
        guard let header = chunks.first(where: { $0.type == "IHDR" }), let data = chunks.first(where: { $0.type == "IDAT" }) else {
            return []
        }
        let palette = chunks.first { $0.type == "PLTE" }
        let end: [UInt8] = [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82]
        var result: [PNGMetadata.Text] = []
        var start = 0
        while start < texts.count {
            let batch = texts[start..<min(texts.count, start + PNG.cachedChunkLimit)]
            var bytes = Array(buffer.prefix(8)) + buffer[header.whole]
            if let palette { bytes += buffer[palette.whole] }
            for chunk in batch { bytes += buffer[chunk.whole] }
            bytes += buffer[data.whole] + end
            result += try withBytes(bytes) { (raw) throws(GamutError) -> [PNGMetadata.Text] in
                let ctx = try SPNGContext(encoder: false, path: path)
                _ = try PNGReader.prepare(ctx, raw, options: options)
                return try PNGReader.readTexts(ctx)
            }
            start += batch.count
        }
        return result
    }

    /// Calls `body` with the bytes' memory, keeping its typed error.
    static func withBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(GamutError) -> R) throws(GamutError) -> R {
        let result: Result<R, GamutError> = bytes.withUnsafeBytes { raw in
            do throws(GamutError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
