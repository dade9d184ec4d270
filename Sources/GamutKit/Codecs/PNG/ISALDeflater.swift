#if ISAL && os(Linux)
    internal import CISAL

    /// Raw deflate with ISA-L's igzip at its level 1, the PNG writer's level 1: one piece of a stream, primed with a
    /// dictionary (the previous piece's last 32 KiB, or none for the first), ending on a byte boundary (`SYNC_FLUSH`) or,
    /// for the last piece, with the final block.
    ///
    /// The first piece starts with its first four bytes deflated alone. ISA-L's x86-64 level-1 body (2.24 and later)
    /// hashes a stream's third byte from a register holding the stream's address when the stream has no history, so the
    /// same rows could deflate to different (valid) bytes from run to run; inputs of 16 bytes or fewer take its finish
    /// step, which is right. The cost is a few bytes per file (see <doc:FormatsAndProfiles>).
    enum ISALDeflater {
        /// How the first piece's first bytes are deflated: ``primed`` (GamutKit's way, above) or ``asISALDoes`` (the
        /// address-dependent way; for the test that shows the difference).
        enum FirstBytes { case primed, asISALDoes }

        /// Bytes the stream's state takes, for ``deflate(_:dictionary:last:state:firstBytes:)``.
        static let stateByteCount = MemoryLayout<isal_zstream>.size

        /// The deflated piece, or why ISA-L failed.
        static func deflate(_ input: [UInt8], dictionary: [UInt8], last: Bool) -> Result<[UInt8], DeflateError> {
            var stream = isal_zstream()
            return deflate(input, dictionary: dictionary, last: last, stream: &stream, firstBytes: .primed)
        }

        /// The same with the stream's state at `state` (``stateByteCount`` bytes on an 8-byte boundary, not necessarily
        /// initialised): tests place it at chosen addresses.
        static func deflate(
            _ input: [UInt8], dictionary: [UInt8], last: Bool, state: UnsafeMutableRawPointer, firstBytes: FirstBytes
        ) -> Result<[UInt8], DeflateError> {
            let stream = state.bindMemory(to: isal_zstream.self, capacity: 1)
            return deflate(input, dictionary: dictionary, last: last, stream: stream, firstBytes: firstBytes)
        }

        /// What went wrong, in words for the writer's error.
        struct DeflateError: Error {
            let description: String
        }

        /// Inputs the level-1 body leaves to the finish step: its input padding when a flush is asked for.
        private static let finishOnly = 16
        /// The first bytes deflated on their own: the fewest that take the finish step's first-byte path (it keeps its last
        /// three bytes for literals).
        private static let primedCount = 4

        private static func deflate(
            _ input: [UInt8], dictionary: [UInt8], last: Bool, stream: UnsafeMutablePointer<isal_zstream>,
            firstBytes: FirstBytes
        ) -> Result<[UInt8], DeflateError> {
            isal_deflate_init(stream)
            let levelBufferSize = Int(gk_isal_level1_buffer_size)
            let levelBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: levelBufferSize)
            defer { levelBuffer.deallocate() }
            stream.pointee.level = 1
            stream.pointee.level_buf = levelBuffer
            stream.pointee.level_buf_size = UInt32(levelBufferSize)
            stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
            stream.pointee.flush = UInt16(SYNC_FLUSH)
            if !dictionary.isEmpty {
                let status = dictionary.withUnsafeBufferPointer {  // igzip copies the dictionary; it never writes to it
                    isal_deflate_set_dict(stream, UnsafeMutablePointer(mutating: $0.baseAddress), UInt32($0.count))
                }
                guard status == COMP_OK else {
                    return .failure(DeflateError(description: "ISA-L refused the dictionary (status \(status))"))
                }
            }
            let primed = firstBytes == .primed && dictionary.isEmpty && input.count > finishOnly ? primedCount : 0
            // Incompressible input grows by a stored-block header per 64 KiB; `feed` grows the buffer if needed.
            var output = [UInt8](repeating: 0, count: input.count + input.count / 1024 + 1024)
            var produced = 0
            let failure: DeflateError? = input.withUnsafeBufferPointer { input in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                // Deflates the next `count` bytes, to the end of a flushed block or, with `end`, of the final block.
                func feed(_ count: Int, end: Bool) -> DeflateError? {
                    stream.pointee.avail_in = UInt32(count)
                    stream.pointee.end_of_stream = end ? 1 : 0
                    while true {
                        let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                            stream.pointee.next_out = out.baseAddress! + produced
                            stream.pointee.avail_out = UInt32(out.count - produced)
                            let status = isal_deflate(stream)
                            produced = out.count - Int(stream.pointee.avail_out)
                            return status
                        }
                        guard status == COMP_OK else {
                            return DeflateError(description: "ISA-L failed while deflating (status \(status))")
                        }
                        let state = stream.pointee.internal_state.state
                        if stream.pointee.avail_in == 0 && (end ? state == ZSTATE_END : state == ZSTATE_NEW_HDR) { return nil }
                        output += [UInt8](repeating: 0, count: max(4096, output.count / 2))
                    }
                }
                if primed > 0, let failure = feed(primed, end: false) { return failure }
                return feed(input.count - primed, end: last)
            }
            if let failure { return .failure(failure) }
            output.removeSubrange(produced...)
            return .success(output)
        }
    }
#endif
