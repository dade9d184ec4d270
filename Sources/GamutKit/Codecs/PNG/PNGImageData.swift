#if ISAL && os(Linux)
    internal import CISAL
#endif
internal import CZlib
import Dispatch
import Foundation
import Synchronization

/// Writes a PNG's image data and its end: rows filtered (PNG filter types 0–4, chosen per row as libspng and libpng
/// choose them), deflated in pieces on every core, and framed as IDAT chunks, then IEND.
///
/// The pieces are independent raw-deflate streams, each primed with the previous piece's last 32 KiB and ending on a
/// byte boundary (`Z_SYNC_FLUSH`, the last `Z_FINISH`), so their concatenation behind a zlib header, with the combined
/// Adler-32 behind it, is one valid zlib stream — as pigz makes them. Level 1 is deflated by ISA-L's igzip where the
/// trait ISAL builds it (its level 1, same flushes and dictionary): about four times zlib's level-1 speed and a few
/// percent smaller on 16-bit images (``ISALDeflater``); the other levels, and every level without ISA-L, by zlib. Piece
/// boundaries depend only on the row length, never on the number of cores. So the image data is the same on any
/// machine with the same traits, and the bytes are the same on any number of cores and in every run on one machine
/// (ISA-L's x86-64 variants parse alike, but its arm64 body may choose other matches).
/// libspng writes everything before the image data (it has no way to deflate on several cores).
final class PNGImageDataWriter {
    /// Where the bytes go; returns false when they could not be written.
    typealias Sink = (UnsafeRawBufferPointer) -> Bool

    /// Uncompressed bytes per piece (rounded up to whole rows).
    static let pieceSize = 256 << 10
    static let window = 32 << 10

    private let sink: Sink
    private let level: Int32, strategy: Int32
    private let choices: [UInt8]
    private let rowLength: Int, bytesPerPixel: Int, swap16: Bool
    private var previous: [UInt8], current: [UInt8], candidate: [UInt8], best: [UInt8]
    private var piece: [UInt8] = []
    private var dictionary: [UInt8] = []
    private var jobs: [Job] = []
    private let maximumInFlight = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    private var submitted = 0, lanesUsed: Int

    /// Where pieces are deflated: one serial queue per core, shared by every writer (a writer also deflates the oldest
    /// piece itself when no lane has started it). Level 1 uses one lane fewer, so a streamed conversion's decoding
    /// thread keeps a core of its own (with the decoder on ISA-L too, every lane measured no faster on 2 cores);
    /// slower levels, where deflating is the longest, use every core.
    private static let lanes: [DispatchQueue] = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map {
        DispatchQueue(label: "GamutKit.PNG.deflate.\($0)", qos: .userInitiated)
    }
    private var adler: uLong = 1
    private var failed = false

    /// One piece to deflate, by whichever thread claims it first: a worker, or the writer when it needs the piece
    /// before any worker started it (so a writer called from a busy thread pool never waits on work that can't start).
    /// `done` is signalled once `output` is set.
    private final class Job: @unchecked Sendable {
        let input: [UInt8], dictionary: [UInt8], last: Bool
        let claimed = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        var output: [UInt8] = []
        var adler: uLong = 1
        var error: String?
        init(input: [UInt8], dictionary: [UInt8], last: Bool) {
            (self.input, self.dictionary, self.last) = (input, dictionary, last)
        }
    }

    /// - Parameters:
    ///   - rowLength: bytes per row as the rows are given (samples in the machine's byte order).
    ///   - bytesPerPixel: bytes per pixel (PNG filters look one pixel back).
    ///   - sixteenBit: whether samples are 16-bit (written big-endian).
    init(rowLength: Int, bytesPerPixel: Int, sixteenBit: Bool, options: PNG.EncodingOptions, sink: @escaping Sink) {
        self.sink = sink
        self.rowLength = rowLength
        self.bytesPerPixel = bytesPerPixel
        swap16 = sixteenBit
        level = Int32(min(max(options.compressionLevel, 0), 9))
        lanesUsed = level == 1 ? max(1, Self.lanes.count - 1) : Self.lanes.count
        // As libspng: Z_FILTERED for filtered rows, the default strategy when nothing is filtered.
        strategy = options.filters == .none ? Z_DEFAULT_STRATEGY : Z_FILTERED
        choices =
            switch options.filters {
            case .adaptive: [0, 1, 2, 3, 4]
            case .paeth: [4]
            case .up: [2]
            case .sub: [1]
            case .none: [0]
            }
        previous = [UInt8](repeating: 0, count: rowLength)
        current = previous
        candidate = previous
        best = previous
        // The zlib header: deflate, 32 KiB window, the level class, and the check bits.
        let cmf: UInt8 = 0x78
        let levelClass: UInt8 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        var flg = levelClass << 6
        flg += UInt8(31 - (Int(cmf) * 256 + Int(flg)) % 31)
        writeChunk([cmf, flg])
    }

    /// Filters and queues one row (`rowLength` bytes at `row`).
    /// - Returns: false once writing failed.
    @discardableResult
    func append(_ row: UnsafeRawPointer) -> Bool {
        guard !failed else { return false }
        current.withUnsafeMutableBytes { out in
            if swap16 {
                for i in stride(from: 0, to: rowLength - 1, by: 2) {
                    out[i] = row.load(fromByteOffset: i + 1, as: UInt8.self)
                    out[i + 1] = row.load(fromByteOffset: i, as: UInt8.self)
                }
            } else {
                out.copyMemory(from: UnsafeRawBufferPointer(start: row, count: rowLength))
            }
        }
        let filter = filterRow()
        piece.append(filter)
        piece.append(contentsOf: filter == 0 ? current : best)
        swap(&previous, &current)
        if piece.count >= Self.pieceSize { submit(last: false) }
        return !failed
    }

    /// Deflates what is left, writes every piece in order, the Adler-32 and IEND.
    /// - Returns: false when a piece could not be deflated or written.
    func finish() -> Bool {
        guard !failed else { return false }
        submit(last: true)
        while !jobs.isEmpty { writeOldest() }
        guard !failed else { return false }
        writeChunk([UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        let end: [UInt8] = [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82]
        if !failed, !end.withUnsafeBytes(sink) { failed = true }
        return !failed
    }

    /// The deflate error, if one failed.
    private(set) var deflateError: String?

    // MARK: Filtering

    /// Chooses the row's filter among `choices` by the smallest sum of the filtered bytes taken as signed (libpng's and
    /// libspng's heuristic; the lowest type wins ties) and leaves the filtered row in `best` (unless it is type 0).
    private func filterRow() -> UInt8 {
        if choices.count == 1 {
            if choices[0] != 0 { apply(choices[0], into: &best) }
            return choices[0]
        }
        var bestType: UInt8 = 0, bestScore = Int.max
        for type in choices {
            let score: Int
            if type == 0 {
                score = current.reduce(0) { $0 + Int(min($1, 0 &- $1)) }
            } else {
                apply(type, into: &candidate)
                score = candidate.reduce(0) { $0 + Int(min($1, 0 &- $1)) }
            }
            if score < bestScore {
                (bestScore, bestType) = (score, type)
                if type != 0 { swap(&best, &candidate) }
            }
        }
        return bestType
    }

    /// PNG filter `type` (1 sub, 2 up, 3 average, 4 Paeth) of `current` against `previous`.
    private func apply(_ type: UInt8, into output: inout [UInt8]) {
        let bpp = bytesPerPixel, n = rowLength
        current.withUnsafeBufferPointer { x in
            previous.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { out in
                    switch type {
                    case 1:
                        for i in 0..<n { out[i] = x[i] &- (i >= bpp ? x[i - bpp] : 0) }
                    case 2:
                        for i in 0..<n { out[i] = x[i] &- b[i] }
                    case 3:
                        for i in 0..<n {
                            let a = i >= bpp ? Int(x[i - bpp]) : 0
                            out[i] = x[i] &- UInt8((a + Int(b[i])) / 2)
                        }
                    default:
                        for i in 0..<n {
                            let a = i >= bpp ? Int(x[i - bpp]) : 0, up = Int(b[i]), c = i >= bpp ? Int(b[i - bpp]) : 0
                            let p = a + up - c
                            let pa = abs(p - a), pb = abs(p - up), pc = abs(p - c)
                            let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? up : c
                            out[i] = x[i] &- UInt8(predictor)
                        }
                    }
                }
            }
        }
    }

    // MARK: Deflating in pieces

    private func submit(last: Bool) {
        let job = Job(input: piece, dictionary: dictionary, last: last)
        // The next piece's dictionary: the last 32 KiB of everything before it.
        if piece.count >= Self.window {
            dictionary = Array(piece.suffix(Self.window))
        } else {
            dictionary = Array((dictionary + piece).suffix(Self.window))
        }
        piece.removeAll(keepingCapacity: true)
        let (level, strategy) = (self.level, self.strategy)
        jobs.append(job)
        submitted += 1
        Self.lanes[submitted % lanesUsed].async {
            guard job.claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
            Self.deflate(job, level: level, strategy: strategy)
            job.done.signal()
        }
        while jobs.count > maximumInFlight { writeOldest() }
    }

    /// Waits for the oldest piece and writes it as an IDAT chunk.
    private func writeOldest() {
        let job = jobs.removeFirst()
        if job.claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            Self.deflate(job, level: level, strategy: strategy)
        } else {
            job.done.wait()
        }
        if let error = job.error {
            deflateError = error
            failed = true
        }
        guard !failed else { return }
        adler = adler32_combine(adler, job.adler, off_t(job.input.count))
        if !job.output.isEmpty { writeChunk(job.output) }
    }

    /// Deflates a piece (level 1 with ISA-L when it is built, the others with zlib) and takes its Adler-32.
    private static func deflate(_ job: Job, level: Int32, strategy: Int32) {
        #if ISAL && os(Linux)
            job.adler = job.input.withUnsafeBufferPointer { $0.isEmpty ? 1 : uLong(isal_adler32(1, $0.baseAddress, UInt64($0.count))) }
            guard level == 1 else { return deflateZlib(job, level: level, strategy: strategy) }
            switch ISALDeflater.deflate(job.input, dictionary: job.dictionary, last: job.last) {
            case .success(let output): job.output = output
            case .failure(let error): job.error = error.description
            }
        #else
            job.adler = job.input.withUnsafeBufferPointer { $0.isEmpty ? 1 : adler32(1, $0.baseAddress, uInt($0.count)) }
            deflateZlib(job, level: level, strategy: strategy)
        #endif
    }

    private static func deflateZlib(_ job: Job, level: Int32, strategy: Int32) {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            job.error = "zlib could not start deflating"
            return
        }
        defer { deflateEnd(&stream) }
        if !job.dictionary.isEmpty {
            let status = job.dictionary.withUnsafeBufferPointer {
                deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count))
            }
            guard status == Z_OK else {
                job.error = "zlib refused the dictionary"
                return
            }
        }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(job.input.count))) + 64)
        var produced = 0
        let flush = job.last ? Z_FINISH : Z_SYNC_FLUSH
        job.input.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                if produced == output.count { output += [UInt8](repeating: 0, count: max(4096, output.count / 2)) }
                let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = uInt(out.count - produced)
                    let status = CZlib.deflate(&stream, flush)
                    produced = out.count - Int(stream.avail_out)
                    return status
                }
                if status == Z_STREAM_END || (!job.last && status == Z_OK && stream.avail_in == 0 && stream.avail_out > 0) { break }
                guard status == Z_OK || status == Z_BUF_ERROR else {
                    job.error = "zlib failed while deflating (status \(status))"
                    return
                }
            }
        }
        output.removeSubrange(produced...)
        job.output = output
    }

    /// Writes one IDAT chunk: length, type, data, CRC-32 of type and data.
    private func writeChunk(_ data: [UInt8]) {
        guard !failed else { return }
        let (head, tail) = Self.chunkFrame("IDAT", data)
        for part in [head, data, tail] where !part.withUnsafeBytes(sink) {
            failed = true
            return
        }
    }

    /// What goes around a chunk's data: its length and type before it, the CRC-32 of type and data after it.
    static func chunkFrame(_ type: String, _ data: [UInt8]) -> (head: [UInt8], tail: [UInt8]) {
        let type = Array(type.utf8)
        var crc: uLong = type.withUnsafeBufferPointer { crc32(0, $0.baseAddress, 4) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        let length = UInt32(data.count)
        let head: [UInt8] = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + type
        let tail: [UInt8] = [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return (head, tail)
    }
}
