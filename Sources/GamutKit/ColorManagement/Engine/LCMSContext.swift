#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif

/// Collects the messages LittleCMS logs for one context, so they can be thrown with the failure.
final class LCMSErrorSink: Sendable {
    private let messages = Locked<[String]>([])

    func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    /// Returns and clears the messages logged so far.
    func drain() -> [String] {
        messages.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }
}

/// Owns one LittleCMS context (`cmsContext`), whose error log goes to an ``LCMSErrorSink``.
///
/// Every profile and transform holds its own context, so errors are captured per object and no
/// LittleCMS global state is touched (its default logger prints nothing and is shared by all).
/// Sendable: the context is only read after creation; the sink is mutex-guarded.
final class LCMSContext: Sendable {
    nonisolated(unsafe) let raw: cmsContext
    let sink: LCMSErrorSink

    init() throws(GamutError) {
        let sink = LCMSErrorSink()
        guard let raw = cmsCreateContext(nil, Unmanaged.passUnretained(sink).toOpaque()) else {
            throw GamutError(.transformFailed, "LittleCMS could not create a context")
        }
        cmsSetLogErrorHandlerTHR(raw) { context, _, text in
            guard let context, let userData = cmsGetContextUserData(context) else { return }
            let sink = Unmanaged<LCMSErrorSink>.fromOpaque(userData).takeUnretainedValue()
            sink.append(text.map { String(cString: $0) } ?? "unknown LittleCMS error")
        }
        self.raw = raw
        self.sink = sink
    }

    deinit { cmsDeleteContext(raw) }

    /// The error to throw after a LittleCMS call failed, with the messages it logged.
    func error(_ code: GamutError.Code, _ message: String, path: String? = nil) -> GamutError {
        GamutError(code, message, path: path, underlying: sink.drain())
    }
}
