internal import CPNGFilter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes a PNG's image data row by row, the fast way: reads the IDAT chunks from the file (checking each CRC), inflates
/// them with ISA-L or zlib (``PNGInflater``, checking the zlib header and Adler-32), and reverses each row's filter in C (`gk_png_unfilter`,
/// vector code for 3- to 8-byte pixels). On a 4K 16-bit RGB PNG written by ImageMagick this decodes in about a third of
/// libspng's time, which inflates with zlib and reverses the filters of 6-byte pixels one byte at a time.
///
/// It takes only the plainest files (``PNGRowDecoder`` decides): not interlaced, 8 or 16 bits of gray, gray and alpha,
/// RGB or RGBA, no `tRNS`, IDAT chunks in one run (``PNGFile/imageDataOffset``); libspng still reads and checks every
/// other chunk. A bad IDAT CRC, a bad zlib header, a damaged or short stream or an unknown filter type is an
/// `.invalidPNG` error, as with libspng. It is stricter than libspng in a few places, where the callers then have
/// libspng decode the file, so the result is libspng's: data past the last row, bytes or non-empty IDATs past the zlib
/// stream, a stream without its end or with a wrong Adler-32 after the last row (libspng stops reading there). It is
/// laxer in one where ISA-L inflates: it decodes a dynamic block whose Huffman code set is incomplete (but whose
/// symbols all decode), which zlib refuses; no encoder writes one, and the Adler-32 still checks the rows. The tests compare every row with
/// libspng's on PngSuite's and libpng's files and on files built byte by byte, and two fuzzers on mutated ones.
///
/// Every buffer given to inflate stays put until it is consumed: the read-ahead is moved only once inflate has taken
/// all of it (the inflater then holds what it needs in its own state).
final class PNGImageDataReader {
    /// The file read from, or nil when the whole file is in memory (`input`).
    private let descriptor: Int32?
    private let path: String?
    private let rowLength: Int, bytesPerPixel: UInt32, swap16: Bool
    /// The bytes at hand: `input[start..<end]` are unconsumed. Reading a file, `input` is `storage`, read ahead, and
    /// `fileOffset` is where `end` is in the file; reading memory, it is the caller's bytes.
    private let input: UnsafeRawBufferPointer
    private let storage: UnsafeMutableRawBufferPointer?
    private var start = 0, end = 0, fileOffset: Int
    /// The IDAT whose data is being read: its bytes not yet given to inflate, and the CRC so far.
    private var chunkLeft = 0, chunkCRC: UInt32 = 0, inChunk = false
    /// Whether the header of the chunk after the image data has been read.
    private var after = false
    /// The zlib stream's first two bytes, checked once both are read (ISA-L checks neither the header's check bits
    /// nor whether it asks for a preset dictionary).
    private var zlibHeader: [UInt8] = []
    /// Whether the image data has ended (the chunk after it was reached).
    private var inputEnded = false
    private let inflater = PNGInflater()
    /// The row as inflated (its filter type first), and the last two rows reversed, each with the kernel's padding.
    private let filtered: UnsafeMutableRawBufferPointer
    private var previous: UnsafeMutableRawBufferPointer, current: UnsafeMutableRawBufferPointer
    private var row = 0

    /// Whether the fast path is on for the process: `GAMUTKIT_LIBSPNG_ROWS=1` in the environment has libspng decode
    /// every row instead. Read once, at the first PNG decoded; a caller switches it per decode with
    /// `ImageFile.DecodingOptions.rowsByLibspng` (the fuzzers and a benchmark do, to hold this reader to libspng), never
    /// with `setenv`, which races with every other thread's `getenv`.
    static let isEnabled = getenv("GAMUTKIT_LIBSPNG_ROWS") == nil

    /// Whether this reader decodes the rows of a decode made with `options`.
    static func isEnabled(for options: ImageFile.DecodingOptions) -> Bool { isEnabled && !options.rowsByLibspng }

    /// Whether this reader decodes an image's rows, from its header: 8 or 16 bits, not a palette, not interlaced, no
    /// `tRNS`, and a row (with its filter byte) within ISA-L's 32-bit output count; and `options` allow it. The one
    /// place the fast path is chosen, for whole images (``SPNGReader``) and streamed rows (``PNGRowDecoder``) alike.
    static func decodes(
        bitDepth: Int, colorType: Int, interlaced: Bool, hasTRNS: Bool, width: Int, options: ImageFile.DecodingOptions
    ) -> Bool {
        isEnabled(for: options) && (bitDepth == 8 || bitDepth == 16) && [0, 2, 4, 6].contains(colorType) && !interlaced
            && !hasTRNS && width < Int(UInt32.max) / 8
    }

    /// Bytes read from the file at a time.
    static let readSize = 256 << 10

    /// A reader of the file open as `descriptor`.
    /// - Parameters:
    ///   - offset: where the first IDAT chunk starts in the file.
    ///   - rowLength: bytes per row; `bytesPerPixel` bytes per pixel (1 to 8); `sixteenBit`: samples are 16-bit.
    convenience init(descriptor: Int32, path: String, offset: Int, rowLength: Int, bytesPerPixel: Int, sixteenBit: Bool) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        self.init(
            descriptor: descriptor, storage: storage, input: UnsafeRawBufferPointer(storage), start: 0, end: 0, offset: offset,
            path: path, rowLength: rowLength, bytesPerPixel: bytesPerPixel, sixteenBit: sixteenBit)
    }

    /// A reader of a whole file in memory, `bytes`, which must outlive it (`offset`: where the first IDAT starts).
    convenience init(bytes: UnsafeRawBufferPointer, path: String?, offset: Int, rowLength: Int, bytesPerPixel: Int, sixteenBit: Bool) {
        self.init(
            descriptor: nil, storage: nil, input: bytes, start: offset, end: bytes.count, offset: bytes.count, path: path,
            rowLength: rowLength, bytesPerPixel: bytesPerPixel, sixteenBit: sixteenBit)
    }

    private init(
        descriptor: Int32?, storage: UnsafeMutableRawBufferPointer?, input: UnsafeRawBufferPointer, start: Int, end: Int,
        offset: Int, path: String?, rowLength: Int, bytesPerPixel: Int, sixteenBit: Bool
    ) {
        (self.descriptor, self.storage, self.input, self.start, self.end, fileOffset) = (descriptor, storage, input, start, end, offset)
        self.path = path
        (self.rowLength, self.bytesPerPixel) = (rowLength, UInt32(bytesPerPixel))
        swap16 = sixteenBit && UInt16(1).bigEndian != 1
        let padded = rowLength + 1 + Int(GK_PNG_ROW_PADDING)
        filtered = .allocate(byteCount: padded, alignment: 16)
        previous = .allocate(byteCount: padded, alignment: 16)
        current = .allocate(byteCount: padded, alignment: 16)
        filtered.initializeMemory(as: UInt8.self, repeating: 0)
        previous.initializeMemory(as: UInt8.self, repeating: 0)  // the row above the first is zeros
        current.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit {
        storage?.deallocate()
        filtered.deallocate()
        previous.deallocate()
        current.deallocate()
    }

    private func invalid(_ message: String) -> GamutError { GamutError(.invalidPNG, message, path: path) }

    /// Makes at least `count` bytes available from `start`; false at the end of the file.
    private func buffer(_ count: Int) throws(GamutError) -> Bool {
        if end - start >= count { return true }
        guard let descriptor, let storage else { return false }
        if start > 0 {
            if end > start { storage.baseAddress!.copyMemory(from: storage.baseAddress! + start, byteCount: end - start) }
            (end, start) = (end - start, 0)
        }
        while end < count {
            let n = pread(descriptor, storage.baseAddress! + end, storage.count - end, off_t(fileOffset))
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw GamutError(.io, "cannot read image file: \(errnoText())", path: path) }
            if n == 0 { return false }
            end += n
            fileOffset += n
        }
        return true
    }

    private func readUInt32() -> UInt32 {
        let bytes = input.baseAddress! + start
        start += 4
        return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes.load(fromByteOffset: $1, as: UInt8.self)) }
    }

    /// Points inflate at the next bytes of image data; false once the image data has ended (the next chunk is read).
    private func nextInput() throws(GamutError) -> Bool {
        while chunkLeft == 0 {
            if inChunk {
                guard try buffer(4) else { throw invalid("the file ends inside an IDAT chunk (truncated)") }
                guard readUInt32() == chunkCRC else { throw invalid("an IDAT chunk's CRC does not match its data") }
                inChunk = false
            }
            if after { return false }
            guard try buffer(8) else { throw invalid("the file ends before its IEND chunk (truncated)") }
            let length = Int(readUInt32())
            let type = Array(UnsafeRawBufferPointer(rebasing: input[start..<start + 4]))
            guard type == PNGFile.imageData else {
                after = true
                return false
            }
            chunkCRC = PNGInflater.crc32(0, input.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, 4)
            start += 4
            (chunkLeft, inChunk) = (length, true)
        }
        guard try buffer(1) else { throw invalid("the file ends inside an IDAT chunk (truncated)") }
        let count = min(chunkLeft, end - start, Int(UInt32.max))
        let bytes = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + start)  // read only
        chunkCRC = PNGInflater.crc32(chunkCRC, bytes, count)
        if zlibHeader.count < 2 {
            zlibHeader += UnsafeBufferPointer(start: bytes, count: min(count, 2 - zlibHeader.count))
            // RFC 1950: method 8 (deflate), a window of at most 32 KiB, no preset dictionary, check bits.
            if zlibHeader.count == 2 {
                let (cmf, flg) = (Int(zlibHeader[0]), Int(zlibHeader[1]))
                guard cmf & 0x0F == 8, cmf >> 4 <= 7, flg & 0x20 == 0, (cmf << 8 | flg) % 31 == 0 else {
                    throw invalid("the image data's zlib header is invalid")
                }
            }
        }
        inflater.setInput(bytes, count: count)
        start += count
        chunkLeft -= count
        return true
    }

    /// Inflates until `count` bytes are at `output` or the stream ends; returns how many were written.
    private func inflate(into output: UnsafeMutableRawPointer, count: Int) throws(GamutError) -> Int {
        var written = 0
        while written < count && !inflater.finished {
            if inflater.availableInput == 0, !inputEnded, try !nextInput() { inputEnded = true }
            // Once the image data has ended, the inflater may still hold output it had no room for: drain it.
            let made: Int
            switch inflater.run(into: output.assumingMemoryBound(to: UInt8.self) + written, count: count - written) {
            case .success(let count): made = count
            case .failure(let failure): throw invalid(failure.message)
            }
            written += made
            if inputEnded && made == 0 { break }
        }
        return written
    }

    /// Decodes the next row into `output` (`rowLength` bytes, 16-bit samples in the machine's byte order).
    func decode(into output: UnsafeMutableRawPointer) throws(GamutError) {
        guard try inflate(into: filtered.baseAddress!, count: rowLength + 1) == rowLength + 1 else {
            throw invalid("the image data ends at row \(row) of its rows (truncated or damaged)")
        }
        let bytes = filtered.baseAddress!.assumingMemoryBound(to: UInt8.self)
        swap(&previous, &current)
        let status = gk_png_unfilter(
            current.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes + 1,
            previous.baseAddress!.assumingMemoryBound(to: UInt8.self), rowLength, bytesPerPixel, UInt32(bytes[0]))
        guard status == 0 else { throw invalid("row \(row) has filter type \(bytes[0]); PNG defines 0 to 4") }
        gk_png_copy_row(output, current.baseAddress!.assumingMemoryBound(to: UInt8.self), rowLength, swap16 ? 1 : 0)
        row += 1
    }

    /// After the last row: the zlib stream must end there (its checksum checked), with no data left in the IDAT
    /// chunks, the last of whose CRC is checked. (``PNGRowDecoder`` has libspng check the chunks after them.)
    func finish() throws(GamutError) {
        var spare: UInt64 = 0
        let extra = try withUnsafeMutableBytes(of: &spare) { (bytes) throws(GamutError) -> Int in
            try inflate(into: bytes.baseAddress!, count: bytes.count)
        }
        guard extra == 0, inflater.finished else {
            throw invalid(extra > 0 ? "the image data holds more than its rows" : "the image data's zlib stream does not end")
        }
        // Reads the last IDAT's CRC and the next chunk's header (empty IDATs before it are let be, as libspng does).
        if !inputEnded, inflater.availableInput == 0, chunkLeft == 0, try !nextInput() { inputEnded = true }
        guard inflater.availableInput == 0, chunkLeft == 0, inputEnded else {
            throw invalid("the IDAT chunks hold data past the zlib stream's end")
        }
    }
}
