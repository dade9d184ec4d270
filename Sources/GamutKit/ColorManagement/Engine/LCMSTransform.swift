#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif

/// Owns one LittleCMS transform (`cmsHTRANSFORM`) and its context.
///
/// Sendable: `cmsDoTransform` and `cmsDoTransformLineStride` are reentrant (each call copies the
/// transform's one-pixel cache to the stack), and nothing changes the transform after creation
/// (GamutKit never calls `cmsChangeBuffersFormat`).
final class LCMSTransform: Sendable {
    let context: LCMSContext
    nonisolated(unsafe) let raw: cmsHTRANSFORM

    convenience init(
        from source: LCMSProfile, _ sourceFormat: PixelFormat, to destination: LCMSProfile, _ destinationFormat: PixelFormat,
        intent: RenderingIntent, flags: LCMSTransformFlags
    ) throws(GamutError) {
        try self.init(
            from: source, sourceFormat.lcmsType, to: destination, destinationFormat.lcmsType,
            intent: intent.lcmsValue, flags: flags.rawValue)
    }

    /// Held while LittleCMS makes an XYZ profile: it takes its white from `cmsD50_xyY()`, which fills one static buffer on
    /// every call, a data race when analyses start on several threads (ThreadSanitizer reports it in the vendored build).
    private static let xyzProfiles = Locked(())

    /// From `source` pixels to PCS XYZ (three doubles per pixel), with the exact matrix and curves.
    convenience init(toXYZFrom source: LCMSProfile, _ sourceFormat: PixelFormat, intent: RenderingIntent) throws(GamutError) {
        let context = try LCMSContext()
        guard let xyz = Self.xyzProfiles.withLock({ _ in cmsCreateXYZProfileTHR(context.raw) }) else {
            throw context.error(.transformFailed, "LittleCMS could not create an XYZ profile")
        }
        try self.init(
            from: source, sourceFormat.lcmsType, to: LCMSProfile(context: context, raw: xyz), PixelFormat.lcmsXYZDouble,
            intent: intent.lcmsValue, flags: LCMSTransformFlags.noOptimize.rawValue)
    }

    private init(
        from source: LCMSProfile, _ inputType: cmsUInt32Number, to destination: LCMSProfile, _ outputType: cmsUInt32Number,
        intent: cmsUInt32Number, flags: cmsUInt32Number
    ) throws(GamutError) {
        let context = try LCMSContext()
        guard let raw = cmsCreateTransformTHR(context.raw, source.raw, inputType, destination.raw, outputType, intent, flags) else {
            let messages = context.sink.drain() + source.context.sink.drain() + destination.context.sink.drain()
            throw GamutError(.transformFailed, "LittleCMS could not link the profiles", underlying: messages)
        }
        self.context = context
        self.raw = raw
    }

    deinit { cmsDeleteTransform(raw) }

    func run(
        _ input: UnsafeRawPointer, inputRowBytes: Int, _ output: UnsafeMutableRawPointer, outputRowBytes: Int,
        width: Int, height: Int
    ) {
        cmsDoTransformLineStride(
            raw, input, output, cmsUInt32Number(width), cmsUInt32Number(height),
            cmsUInt32Number(inputRowBytes), cmsUInt32Number(outputRowBytes), 0, 0)
    }
}
