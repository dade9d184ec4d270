#if SystemLibraries && os(Linux)
    internal import CSPNG
#else
    internal import CVendoredSPNG
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns one libspng context. libspng reports errors by return code (no setjmp/longjmp), so no
/// non-local jump ever crosses a Swift frame.
struct SPNGContext: ~Copyable {
    let raw: OpaquePointer
    let path: String?
    /// The file a decoder reads (`spng_set_png_file`), owned by the context: closed after it is freed.
    private let stream: UnsafeMutablePointer<FILE>?
    /// A copy of the bytes a decoder reads (`spng_set_png_buffer`), owned by the context: freed after it is.
    private let buffer: UnsafeMutableRawBufferPointer?

    /// A context; `stream`, if given, is closed with it (also when this fails).
    init(encoder: Bool, path: String?, stream: UnsafeMutablePointer<FILE>? = nil) throws(GamutError) {
        guard let raw = spng_ctx_new(encoder ? Int32(SPNG_CTX_ENCODER.rawValue) : 0) else {
            if let stream { fclose(stream) }
            throw GamutError(.io, "libspng could not create a context", path: path)
        }
        self.raw = raw
        self.path = path
        self.stream = stream
        buffer = nil
    }

    /// A decoder reading its own copy of `bytes`.
    init(decoding bytes: [UInt8], path: String?) throws(GamutError) {
        guard let raw = spng_ctx_new(0) else { throw GamutError(.io, "libspng could not create a context", path: path) }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        copy.copyBytes(from: bytes)
        let status = spng_set_png_buffer(raw, copy.baseAddress, bytes.count)
        guard status == 0 else {
            spng_ctx_free(raw)
            copy.deallocate()
            throw GamutError(.invalidPNG, "cannot read the PNG: \(Self.message(status))", path: path)
        }
        (self.raw, self.path, stream, buffer) = (raw, path, nil, copy)
    }

    deinit {
        spng_ctx_free(raw)
        if let stream { fclose(stream) }
        buffer?.deallocate()
    }

    /// Throws `code` with libspng's message when `status` is an error.
    func check(_ status: Int32, _ what: String, _ code: GamutError.Code = .invalidPNG) throws(GamutError) {
        guard status != 0 else { return }
        throw GamutError(code, "\(what): \(Self.message(status))", path: path, underlying: [])
    }

    static func message(_ status: Int32) -> String {
        if status == Int32(SPNG_IO_EOF.rawValue) {
            return "the file ends early (truncated, or a chunk claims more bytes than the file has)"
        }
        return spng_strerror(status).map { String(cString: $0) } ?? "libspng error \(status)"
    }

    /// Whether `status` says the chunk is absent (not an error).
    static func isAbsent(_ status: Int32) -> Bool {
        status == Int32(SPNG_ECHUNKAVAIL.rawValue)
    }

    /// For `spng_get_*` calls: true when the chunk was read, false when the file has none, and the error
    /// otherwise. Every call's status is checked, so the first error libspng meets is the one reported (a
    /// failed call leaves the context unusable, and later calls would only say "non-recoverable state").
    func present(_ status: Int32, _ what: String) throws(GamutError) -> Bool {
        if status == 0 { return true }
        if Self.isAbsent(status) { return false }
        try check(status, what)
        return false
    }
}
