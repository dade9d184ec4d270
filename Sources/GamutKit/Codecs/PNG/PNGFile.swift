#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PNG file opened for the streaming paths (``AnalysisPipeline`` and ``PNGStream``), which decode its rows straight from
/// the file instead of holding it in memory.
///
/// Everything but the image data is read at once: ``chunks`` is the file's signature and every chunk, whole, except the
/// IDAT chunks, which are replaced by one empty IDAT where the first one was. That is all the decisions before decoding
/// need (the header, the chunk layout, text chunks after the image data); every other chunk is held whole (an APNG's
/// other frames too, as when the file was read whole). The decoder then reads the file itself from its start
/// (``PNGRowDecoder``), checking every chunk and CRC as it goes, and ``checkUnchanged()`` that the file is the one
/// whose chunks were read.
final class PNGFile: Sendable {
    let path: String
    /// The file's descriptor; the decoder reads through a duplicate of it, which shares its file offset, so one decoder
    /// reads a `PNGFile` at a time (this type itself only reads at given offsets).
    let descriptor: Int32
    /// The file's first 16 bytes (fewer for a shorter file): enough to tell its format.
    let head: [UInt8]
    /// The signature and every chunk but the image data (see the type's description).
    let chunks: [UInt8]
    /// Where the first IDAT chunk starts in the file, when the IDAT chunks follow one another and a whole chunk other
    /// than IDAT follows them (and no IDAT comes later): a file whose image data a ``PNGImageDataReader`` may decode.
    /// Nil for any other layout, which libspng decodes.
    let imageDataOffset: Int?
    /// Where the chunks after the image data start in ``chunks`` (past the empty IDAT); ``chunks``'s end without one.
    let chunksAfterImageData: Int

    /// Opens `path` and reads its chunks other than the image data; nil (the file closed again) when it doesn't start
    /// with the PNG signature. The chunk walk stops where the framing does (a chunk running past the end of the file),
    /// as ``PNGChunks/list(_:)`` does on a file in memory: the decoder reports what is wrong there.
    /// - Throws: ``GamutError`` `.io` when the file can't be opened or read, or is larger than `maximumSize`.
    init?(_ path: String, maximumSize: Int) throws(GamutError) {
        let (descriptor, size) = try FileIO.open(path, maximumSize: maximumSize, what: "image file")
        func fail(_ error: GamutError) -> GamutError {
            close(descriptor)
            return error
        }
        func read(_ count: Int, at offset: Int) throws(GamutError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let n = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    if n < 0 { throw fail(GamutError(.io, "cannot read image file: \(errnoText())", path: path)) }
                    break
                }
                done += n
            }
            return Array(bytes.prefix(done))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail(GamutError(.io, "cannot read image file: \(errnoText())", path: path)) }
        let head = try read(16, at: 0)
        guard ImageFormat.sniff(head) == .png else {
            close(descriptor)
            return nil
        }
        var chunks = Array(head.prefix(8))
        var offset = 8, sawData = false
        var dataRun = PNGChunks.ImageDataRun(), after = 0
        while offset + 12 <= size {
            let header = try read(8, at: offset)
            guard header.count == 8 else { break }
            let length = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            guard length <= Int(Int32.max), end <= size else { break }
            let isData = header[4..<8].elementsEqual(PNGFile.imageData)
            dataRun.add(offset..<end, isImageData: isData)
            if isData {
                if !sawData {
                    chunks += PNGFile.emptyImageData
                    after = chunks.count
                }
                sawData = true
            } else {
                let chunk = try read(end - offset, at: offset)
                guard chunk.count == end - offset else { break }
                chunks += chunk
            }
            offset = end
        }
        self.path = path
        self.descriptor = descriptor
        self.head = head
        self.chunks = chunks
        imageDataOffset = dataRun.run?.start
        chunksAfterImageData = sawData ? after : chunks.count
        layout = chunks.withUnsafeBytes { PNGReader.chunkLayout($0) }
        self.identity = FileIO.identity(info)
    }

    /// The chunk layout of ``chunks``, read once: whether the rows can stream (``PNGChunkLayout/needsWholeImage``),
    /// the chunk types before and after the image data, and the structure warnings.
    let layout: PNGChunkLayout

    /// The file's identity (``FileIO/identity(_:)``) when the chunks were read.
    private let identity: [Int]

    /// Throws when the file changed (size or modification time) since its chunks were read: the chunks held and the rows
    /// decoded would then belong to different contents. Called once the decoder has read the file to its end.
    func checkUnchanged() throws(GamutError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileIO.identity(info) == identity else {
            throw GamutError(.io, "the file changed while it was read; read it again", path: path)
        }
    }

    deinit { close(descriptor) }

    static let imageData = Array("IDAT".utf8)
    /// An IDAT chunk of no data: length 0, type, and the CRC of the type alone.
    static let emptyImageData: [UInt8] = [0, 0, 0, 0] + imageData + [0x35, 0xAF, 0x06, 0x1E]
}
