/// GamutKit's path between two RGB matrix/TRC profiles when either side stores float samples (32 or 64 bits).
///
/// Per pixel, in double precision: each channel is linearized through its curve, the linear RGB goes through
/// one 3×3 matrix (source → D50 XYZ → destination), and is encoded through the destination's inverse curves.
/// Float outputs are unbounded; integer outputs are clipped to 0…1 and rounded.
///
/// Values outside 0…1 follow the curves mirrored about zero (`f(−x) = −f(x)`), as Apple's extended sRGB and
/// CSS Color 4 extend them, and the curves continue past 1: so an extended-range P3 value keeps its meaning
/// through a conversion and back. (LittleCMS extends a parametric curve's linear toe instead, which agrees
/// only for −0.04045 < x < 0 with the sRGB curve.)
final class FloatShaperKernel: Sendable {
    let matrix: [Double]
    let sourceCurves: [ShaperCurve]
    let destinationCurves: [ShaperCurve]
    let source: PixelFormat
    let destination: PixelFormat

    init(source: ShaperModel, _ sourceFormat: PixelFormat, destination: ShaperModel, _ destinationFormat: PixelFormat) throws(GamutError) {
        guard let toDestination = destination.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "the destination profile's colorants are singular")
        }
        matrix = (toDestination * source.toXYZD50).m
        sourceCurves = source.curves
        destinationCurves = destination.curves
        self.source = sourceFormat
        self.destination = destinationFormat
    }

    /// Converts one color given as encoded values in the source profile (0…1 nominal, unbounded) to encoded values
    /// in the destination profile, unbounded.
    func convert(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let lr = sourceCurves[0].linearize(r), lg = sourceCurves[1].linearize(g), lb = sourceCurves[2].linearize(b)
        let m = matrix
        return (
            destinationCurves[0].encode(m[0] * lr + m[1] * lg + m[2] * lb),
            destinationCurves[1].encode(m[3] * lr + m[4] * lg + m[5] * lb),
            destinationCurves[2].encode(m[6] * lr + m[7] * lg + m[8] * lb)
        )
    }

    /// Converts `height` rows of `width` pixels.
    func run(
        _ input: UnsafeRawPointer, inputRowBytes: Int, _ output: UnsafeMutableRawPointer, outputRowBytes: Int,
        width: Int, height: Int
    ) {
        let sc = source.channelCount, dc = destination.channelCount
        let alpha = source.hasAlpha && destination.hasAlpha
        let load = Self.loader(source.sample), store = Self.storer(destination.sample)
        for y in 0..<height {
            let src = input + y * inputRowBytes
            let dst = output + y * outputRowBytes
            var si = 0, di = 0
            for _ in 0..<width {
                let (r, g, b) = convert(load(src, si), load(src, si + 1), load(src, si + 2))
                store(r, dst, di)
                store(g, dst, di + 1)
                store(b, dst, di + 2)
                if alpha { store(load(src, si + 3), dst, di + 3) }
                si += sc
                di += dc
            }
        }
    }

    /// Reads the sample at `index` (in samples) as a value on the 0…1 scale.
    static func loader(_ sample: PixelFormat.Sample) -> (UnsafeRawPointer, Int) -> Double {
        switch sample {
        case .uint8: { Double($0.load(fromByteOffset: $1, as: UInt8.self)) / 255 }
        case .uint16: { Double($0.loadUnaligned(fromByteOffset: $1 * 2, as: UInt16.self)) / 65535 }
        case .float32: { Double($0.loadUnaligned(fromByteOffset: $1 * 4, as: Float.self)) }
        case .float64: { $0.loadUnaligned(fromByteOffset: $1 * 8, as: Double.self) }
        }
    }

    /// Stores a value on the 0…1 scale at `index` (in samples): floats as they are, integers clipped and rounded
    /// (NaN as 0).
    static func storer(_ sample: PixelFormat.Sample) -> (Double, UnsafeMutableRawPointer, Int) -> Void {
        func code(_ v: Double, _ maximum: Double) -> Double { v > 0 ? (min(v, 1) * maximum).rounded() : 0 }
        return switch sample {
        case .uint8: { $1.storeBytes(of: UInt8(code($0, 255)), toByteOffset: $2, as: UInt8.self) }
        case .uint16: { $1.storeBytes(of: UInt16(code($0, 65535)), toByteOffset: $2 * 2, as: UInt16.self) }
        case .float32: { $1.storeBytes(of: Float($0), toByteOffset: $2 * 4, as: Float.self) }
        case .float64: { $1.storeBytes(of: $0, toByteOffset: $2 * 8, as: Double.self) }
        }
    }
}
