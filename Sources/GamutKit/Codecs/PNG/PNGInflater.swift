#if ISAL && os(Linux)
    internal import CISAL
#else
    internal import CZlib
#endif

/// Inflates a PNG's zlib stream for ``PNGImageDataReader``, checking its Adler-32 at the end: with ISA-L's igzip where
/// the trait ISAL builds it (about three times zlib's speed on 16-bit images), else with zlib, which every platform
/// has. Both take input and output piece by piece; input given to ``run(into:count:)`` must stay put until consumed.
final class PNGInflater {
    #if ISAL && os(Linux)
        private let state: UnsafeMutablePointer<inflate_state>
    #else
        private let stream: UnsafeMutablePointer<z_stream>
        private var ended = false
    #endif

    init() {
        #if ISAL && os(Linux)
            state = .allocate(capacity: 1)
            isal_inflate_init(state)
            state.pointee.crc_flag = UInt32(ISAL_ZLIB)
        #else
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            // Fails only when malloc does; the first inflate call then reports Z_STREAM_ERROR.
            _ = inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        #endif
    }

    deinit {
        #if ISAL && os(Linux)
            state.deallocate()
        #else
            inflateEnd(stream)
            stream.deallocate()
        #endif
    }

    /// The CRC-32 of PNG chunks (ISO 3309, as zlib's `crc32`), continued from `crc`.
    static func crc32(_ crc: UInt32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
        #if ISAL && os(Linux)
            crc32_gzip_refl(crc, bytes, UInt64(count))
        #else
            UInt32(CZlib.crc32(uLong(crc), bytes, uInt(count)))
        #endif
    }

    /// Compressed bytes given and not yet consumed.
    var availableInput: Int {
        #if ISAL && os(Linux)
            Int(state.pointee.avail_in)
        #else
            Int(stream.pointee.avail_in)
        #endif
    }

    /// Whether the stream's end (and its checksum) has been reached.
    var finished: Bool {
        #if ISAL && os(Linux)
            state.pointee.block_state == ISAL_BLOCK_FINISH
        #else
            ended
        #endif
    }

    /// Gives the next compressed bytes (at most 4 GiB − 1), read only.
    func setInput(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        #if ISAL && os(Linux)
            (state.pointee.next_in, state.pointee.avail_in) = (bytes, UInt32(count))
        #else
            (stream.pointee.next_in, stream.pointee.avail_in) = (bytes, uInt(count))
        #endif
    }

    /// Inflates what the input allows into `output`, at most `count` bytes; returns how many were written, or a
    /// sentence saying what is wrong with the stream.
    func run(into output: UnsafeMutablePointer<UInt8>, count: Int) -> Result<Int, InflateFailure> {
        #if ISAL && os(Linux)
            (state.pointee.next_out, state.pointee.avail_out) = (output, UInt32(count))
            let status = isal_inflate(state)
            guard status == ISAL_DECOMP_OK || status == ISAL_END_INPUT || status == ISAL_OUT_OVERFLOW else {
                return .failure(
                    InflateFailure(
                        message: status == ISAL_INCORRECT_CHECKSUM
                            ? "the image data's Adler-32 checksum does not match"
                            : "the image data is not a valid zlib stream (ISA-L error \(status))"))
            }
            return .success(count - Int(state.pointee.avail_out))
        #else
            (stream.pointee.next_out, stream.pointee.avail_out) = (output, uInt(count))
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK, Z_BUF_ERROR: break
            default:
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                return .failure(
                    InflateFailure(
                        message: detail == "incorrect data check"
                            ? "the image data's Adler-32 checksum does not match"
                            : "the image data is not a valid zlib stream (\(detail))"))
            }
            return .success(count - Int(stream.pointee.avail_out))
        #endif
    }
}

/// What is wrong with a zlib stream, in a sentence.
struct InflateFailure: Error {
    var message: String
}
