import Dispatch
import Foundation

/// Converts pixels from one profile to another.
///
/// Between two RGB matrix/TRC profiles (with perceptual, relative-colorimetric or saturation intent),
/// GamutKit uses its own paths: lookup tables at 8 and 16 bits, exact to ±1 code, and
/// double-precision math when either side is float (32 or 64 bits). Everything else — gray, CMYK,
/// lookup-table profiles, absolute colorimetric — goes through LittleCMS, with optimization off between
/// matrix/TRC profiles so that 16-bit results stay exact.
///
/// Out-of-gamut colors are clipped at 8 and 16 bits; float outputs are unbounded. **Values outside 0…1**
/// in float pixels follow each tone curve mirrored about zero (`f(−x) = −f(x)`) and continued above 1, the
/// convention of Apple's extended-range sRGB and of CSS Color 4, so extended values round-trip. (Through
/// LittleCMS — gray and lookup-table profiles — they follow what its curves and tables do: a parametric
/// curve's linear toe below zero, tables clamped.)
/// Alpha passes through untouched (rescaled only when the depth changes).
///
/// A transform is immutable and safe to share across tasks: the fast path only reads its tables,
/// and LittleCMS's `cmsDoTransform` is reentrant. ``convert(_:into:threads:)`` splits large images
/// across cores itself.
public final class ColorTransform: Sendable {
    /// The source pixel format.
    public let sourceFormat: PixelFormat
    /// The destination pixel format.
    public let destinationFormat: PixelFormat
    /// The rendering intent.
    public let intent: RenderingIntent
    /// Whether black-point compensation was requested.
    public let blackPointCompensation: Bool

    private enum Engine: Sendable {
        case fast(ShaperKernel)
        case float(FloatShaperKernel)
        case lcms(LCMSTransform)
    }
    private let engine: Engine

    /// Whether GamutKit's own matrix/TRC path does the work (otherwise LittleCMS does).
    public var usesFastPath: Bool {
        if case .lcms = engine { return false }
        return true
    }

    /// Builds a transform.
    /// - Parameters:
    ///   - source: the profile of the input pixels; its color space must match `sourceFormat`.
    ///   - sourceFormat: how input pixels are stored.
    ///   - destination: the profile to convert to; its color space must match `destinationFormat`.
    ///   - destinationFormat: how output pixels are stored. Alpha must be present in both formats or in neither.
    ///   - intent: the ICC rendering intent.
    ///   - blackPointCompensation: scale the source black to the destination black
    ///     (LittleCMS `cmsFLAGS_BLACKPOINTCOMPENSATION`).
    /// - Throws: ``GamutError`` `.profileMismatch` when a format doesn't fit its profile's color space,
    ///   `.invalidArgument` for mismatched alpha, `.transformFailed` with LittleCMS's messages.
    public convenience init(
        from source: ColorProfile, format sourceFormat: PixelFormat,
        to destination: ColorProfile, format destinationFormat: PixelFormat,
        intent: RenderingIntent = .relativeColorimetric, blackPointCompensation: Bool = false
    ) throws(GamutError) {
        try self.init(
            from: source, format: sourceFormat, to: destination, format: destinationFormat, intent: intent,
            blackPointCompensation: blackPointCompensation, littleCMSOnly: false)
    }

    /// A transform that always runs LittleCMS (unoptimized between matrix/TRC profiles): the reference that GamutKit's
    /// own paths are tested against.
    static func littleCMS(
        from source: ColorProfile, format sourceFormat: PixelFormat,
        to destination: ColorProfile, format destinationFormat: PixelFormat,
        intent: RenderingIntent = .relativeColorimetric
    ) throws(GamutError) -> ColorTransform {
        try ColorTransform(
            from: source, format: sourceFormat, to: destination, format: destinationFormat, intent: intent,
            blackPointCompensation: false, littleCMSOnly: true)
    }

    private init(
        from source: ColorProfile, format sourceFormat: PixelFormat,
        to destination: ColorProfile, format destinationFormat: PixelFormat,
        intent: RenderingIntent, blackPointCompensation: Bool, littleCMSOnly: Bool
    ) throws(GamutError) {
        for (profile, format, role) in [(source, sourceFormat, "source"), (destination, destinationFormat, "destination")]
        where profile.channelCount != format.colorChannelCount {
            throw GamutError(
                .profileMismatch,
                "the \(role) profile '\(profile.name)' is \(profile.colorSpace) but the \(role) pixels are \(format.layout)")
        }
        guard sourceFormat.hasAlpha == destinationFormat.hasAlpha else {
            throw GamutError(.invalidArgument, "alpha must be in both pixel formats or in neither (\(sourceFormat) → \(destinationFormat))")
        }
        self.sourceFormat = sourceFormat
        self.destinationFormat = destinationFormat
        self.intent = intent
        self.blackPointCompensation = blackPointCompensation

        if !littleCMSOnly,
            let engine = try Self.shaperEngine(source, sourceFormat, destination, destinationFormat, intent, blackPointCompensation)
        {
            self.engine = engine
        } else {
            var flags: LCMSTransformFlags = []
            if source.info.isMatrixShaper && destination.info.isMatrixShaper { flags.insert(.noOptimize) }
            if sourceFormat.hasAlpha { flags.insert(.copyAlpha) }
            if blackPointCompensation { flags.insert(.blackPointCompensation) }
            self.engine = .lcms(
                try LCMSTransform(
                    from: source.handle, sourceFormat, to: destination.handle, destinationFormat,
                    intent: intent, flags: flags))
        }
    }

    private static func shaperEngine(
        _ source: ColorProfile, _ sourceFormat: PixelFormat, _ destination: ColorProfile,
        _ destinationFormat: PixelFormat, _ intent: RenderingIntent, _ bpc: Bool
    ) throws(GamutError) -> Engine? {
        guard let sourceModel = source.shaper, let destinationModel = destination.shaper,
            intent != .absoluteColorimetric,
            sourceFormat.colorChannelCount == 3, destinationFormat.colorChannelCount == 3,
            // LittleCMS prefers lookup tables over the matrix when a profile has them for the intent.
            !source.handle.isCLUT(intent, asInput: true), !destination.handle.isCLUT(intent, asInput: false)
        else { return nil }
        if bpc {
            // Black-point compensation is the identity when both black points are zero (as for every
            // matrix/TRC profile whose curves map 0 to 0); otherwise let LittleCMS scale.
            guard source.handle.hasZeroBlackPoint(intent, asDestination: false),
                destination.handle.hasZeroBlackPoint(intent, asDestination: true)
            else { return nil }
        }
        if sourceFormat.sample.isFloat || destinationFormat.sample.isFloat {
            return .float(try FloatShaperKernel(source: sourceModel, sourceFormat, destination: destinationModel, destinationFormat))
        }
        return .fast(try ShaperKernel(source: sourceModel, sourceFormat, destination: destinationModel, destinationFormat))
    }

    /// Converts `source` into `destination`, which must have the same size.
    /// - Parameters:
    ///   - source: pixels in this transform's source format.
    ///   - destination: pixels in its destination format, overwritten.
    ///   - threads: how many cores to use; nil uses all of them for images over 64k pixels.
    /// - Throws: ``GamutError`` `.invalidArgument` when the buffers don't match this transform's formats or each other's size.
    public func convert(_ source: PixelBuffer, into destination: inout PixelBuffer, threads: Int? = nil) throws(GamutError) {
        guard source.format == sourceFormat, destination.format == destinationFormat else {
            throw GamutError(
                .invalidArgument,
                "buffers are \(source.format) → \(destination.format), the transform is \(sourceFormat) → \(destinationFormat)")
        }
        guard source.width == destination.width, source.height == destination.height,
            source.bytes.count >= source.requiredByteCount, destination.bytes.count >= destination.requiredByteCount
        else {
            throw GamutError(
                .invalidArgument,
                "source is \(source.width)×\(source.height), destination \(destination.width)×\(destination.height)")
        }
        let width = source.width, height = source.height
        guard width > 0, height > 0 else { return }
        let bands = Self.bandCount(pixels: width * height, height: height, threads: threads)
        let inputStride = source.rowBytes, outputStride = destination.rowBytes
        source.withUnsafeBytes { input in
            destination.withUnsafeMutableBytes { output in
                let rows = RowBands(input: input.baseAddress!, output: output.baseAddress!, height: height, bands: bands)
                rows.forEach { first, count in
                    let inputRow = rows.input + first * inputStride
                    let outputRow = rows.output + first * outputStride
                    switch engine {
                    case .fast(let kernel):
                        kernel.run(
                            inputRow, inputRowBytes: inputStride, outputRow, outputRowBytes: outputStride, width: width, height: count)
                    case .float(let kernel):
                        kernel.run(
                            inputRow, inputRowBytes: inputStride, outputRow, outputRowBytes: outputStride, width: width, height: count)
                    case .lcms(let transform):
                        transform.run(
                            inputRow, inputRowBytes: inputStride, outputRow, outputRowBytes: outputStride, width: width, height: count)
                    }
                }
            }
        }
    }

    /// Converts `source` into a new buffer with tightly packed rows.
    public func convert(_ source: PixelBuffer, threads: Int? = nil) throws(GamutError) -> PixelBuffer {
        var destination = PixelBuffer(width: source.width, height: source.height, format: destinationFormat)
        try convert(source, into: &destination, threads: threads)
        return destination
    }

    /// Converts a list of pixels given as samples in the source format's scale (0…1 for float formats,
    /// codes for integer formats), returning the destination samples on the same scale.
    public func convert(samples: [Double]) throws(GamutError) -> [Double] {
        let count = samples.count / max(1, sourceFormat.channelCount)
        var bytes = [UInt8](repeating: 0, count: count * sourceFormat.bytesPerPixel)
        for (i, value) in samples.prefix(count * sourceFormat.channelCount).enumerated() {
            Self.store(value, sample: sourceFormat.sample, into: &bytes, at: i)
        }
        let input = try PixelBuffer(width: count, height: 1, format: sourceFormat, bytes: bytes)
        let output = try convert(input, threads: 1)
        return (0..<count * destinationFormat.channelCount).map { i in
            let x = i / destinationFormat.channelCount, c = i % destinationFormat.channelCount
            return destinationFormat.sample.isFloat
                ? output.value(x: x, y: 0, channel: c) : Double(output.integer(x: x, y: 0, channel: c))
        }
    }

    private static func store(_ value: Double, sample: PixelFormat.Sample, into bytes: inout [UInt8], at index: Int) {
        // Integer samples: NaN is 0 and infinities clamp (Int(_:) would trap on either).
        let value = value.isNaN ? 0 : min(max(value, -1e9), 1e9)
        bytes.withUnsafeMutableBytes { raw in
            switch sample {
            case .uint8: raw.storeBytes(of: UInt8(clamping: Int(value.rounded())), toByteOffset: index, as: UInt8.self)
            case .uint16: raw.storeBytes(of: UInt16(clamping: Int(value.rounded())), toByteOffset: index * 2, as: UInt16.self)
            case .float32: raw.storeBytes(of: Float(value), toByteOffset: index * 4, as: Float.self)
            case .float64: raw.storeBytes(of: value, toByteOffset: index * 8, as: Double.self)
            }
        }
    }

    static func bandCount(pixels: Int, height: Int, threads: Int?) -> Int {
        let cores = Bands.cores(pixels: pixels, threads: threads)
        return cores == 1 ? 1 : min(height, cores * 4)
    }
}

/// Splits rows into bands converted concurrently.
///
/// `@unchecked Sendable`: the pointers are valid for the duration of ``forEach(_:)`` (the caller holds
/// the buffers), and bands never overlap, so no two threads write the same bytes.
struct RowBands: @unchecked Sendable {
    let input: UnsafeRawPointer
    let output: UnsafeMutableRawPointer
    let height: Int
    let bands: Int

    /// Calls `body(firstRow, rowCount)` for each band, concurrently when there is more than one.
    func forEach(_ body: @Sendable (Int, Int) -> Void) {
        Bands.forEach(bands, over: height) { rows in body(rows.lowerBound, rows.count) }
    }
}
