internal import CLCMS2

/// Owns one LittleCMS transform (`cmsHTRANSFORM`) and its context.
///
/// Sendable: `cmsDoTransform` and `cmsDoTransformLineStride` are reentrant (each call copies the
/// transform's one-pixel cache to the stack), and nothing changes the transform after creation
/// (GamutKit never calls `cmsChangeBuffersFormat`).
final class LCMSTransform: Sendable {
    let context: LCMSContext
    nonisolated(unsafe) let raw: cmsHTRANSFORM

    init(from source: LCMSProfile, _ inputType: cmsUInt32Number, to destination: LCMSProfile, _ outputType: cmsUInt32Number,
         intent: cmsUInt32Number, flags: cmsUInt32Number) throws(GamutError) {
        let context = try LCMSContext()
        guard let raw = cmsCreateTransformTHR(context.raw, source.raw, inputType, destination.raw, outputType, intent, flags) else {
            let messages = context.sink.drain() + source.context.sink.drain() + destination.context.sink.drain()
            throw GamutError(.transformFailed, "LittleCMS could not link the profiles", underlying: messages)
        }
        self.context = context
        self.raw = raw
    }

    deinit { cmsDeleteTransform(raw) }

    func run(_ input: UnsafeRawPointer, inputRowBytes: Int, _ output: UnsafeMutableRawPointer, outputRowBytes: Int,
             width: Int, height: Int) {
        cmsDoTransformLineStride(raw, input, output, cmsUInt32Number(width), cmsUInt32Number(height),
                                 cmsUInt32Number(inputRowBytes), cmsUInt32Number(outputRowBytes), 0, 0)
    }
}
