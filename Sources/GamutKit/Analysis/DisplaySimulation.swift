/// What a color of a source profile becomes on a target display: its unbounded value in the target's
/// linear light, whether that is out of gamut, the color the display shows (clipped, then quantized to
/// the display's depth), and the CIEDE2000 difference between the two.
///
/// The out-of-gamut test is done on an unbounded transform into linear target light (never LittleCMS's
/// gamut-check flag, which misses colors), with ``AnalysisSettings/gamutTolerance``.
/// Immutable and safe to share across tasks.
public final class DisplaySimulation: Sendable {
    /// The source profile.
    public let source: ColorProfile
    /// The target display's profile (RGB matrix/TRC).
    public let target: ColorProfile
    /// Bits per channel of the display.
    public let displayBitDepth: Int
    /// The out-of-gamut tolerance in linear target light.
    public let tolerance: Double

    let targetModel: ShaperModel
    let fromXYZ: Matrix3
    let sourceModel: ShaperModel?
    let sourceToXYZ: LCMSTransform?
    /// Linear target light of every display code, per channel.
    let shownLinear: [[Double]]
    let displayMax: Double

    /// A simulation of `source` colors on `target`.
    /// - Throws: ``GamutError`` `.unsupportedProfile` when the target is not an RGB matrix/TRC profile.
    public init(source: ColorProfile, target: ColorProfile = .sRGB, displayBitDepth: Int = 8, tolerance: Double = 1e-4) throws(GamutError) {
        guard let model = target.shaper, let inverse = model.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "the target display '\(target.name)' must be an RGB matrix/TRC profile")
        }
        guard (1...16).contains(displayBitDepth) else {
            throw GamutError(.invalidArgument, "display bit depth must be 1…16, not \(displayBitDepth)")
        }
        self.source = source
        self.target = target
        self.displayBitDepth = displayBitDepth
        self.tolerance = tolerance
        targetModel = model
        fromXYZ = inverse
        displayMax = Double((1 << displayBitDepth) - 1)
        let levels = Int(displayMax)
        shownLinear = model.curves.map { curve in (0...levels).map { curve.linearize(Double($0) / Double(levels)) } }
        if let shaper = source.shaper, !source.handle.isCLUT(.relativeColorimetric, asInput: true) {
            sourceModel = shaper
            sourceToXYZ = nil
        } else {
            sourceModel = nil
            let format = PixelFormat(source.channelCount == 1 ? .gray : source.channelCount == 4 ? .cmyk : .rgb, .float32)
            sourceToXYZ = try LCMSTransform(toXYZFrom: source.handle, format, intent: .relativeColorimetric)
        }
    }

    /// D50 XYZ of a source color given as encoded components in 0…1 (one per source channel).
    public func sourceXYZ(_ encoded: [Double]) -> [Double] {
        if let model = sourceModel {
            return model.toXYZD50 * (0..<3).map { model.curves[$0].linearize(encoded[$0]) }
        }
        var input = encoded.map { Float($0) }
        var output = [Double](repeating: 0, count: 3)
        input.withUnsafeMutableBytes { i in
            output.withUnsafeMutableBytes { o in
                sourceToXYZ?.run(i.baseAddress!, inputRowBytes: i.count, o.baseAddress!, outputRowBytes: o.count, width: 1, height: 1)
            }
        }
        return output
    }

    /// Evaluates one source color given as encoded components in 0…1.
    public func evaluate(_ encoded: [Double]) -> ColorEvaluation {
        evaluate(xyz: sourceXYZ(encoded))
    }

    /// Evaluates one source color given by its D50 XYZ.
    public func evaluate(xyz: [Double]) -> ColorEvaluation {
        let linear = fromXYZ * xyz
        let outside = linear.contains { $0 < -tolerance || $0 > 1 + tolerance }
        let shown = (0..<3).map { c in
            Int((min(max(targetModel.curves[c].encode(min(max(linear[c], 0), 1)), 0), 1) * displayMax).rounded())
        }
        let shownLab = self.shownLab(shown)
        let sourceLab = Lab(xyzD50: xyz)
        let clippedLab = Lab(xyzD50: targetModel.toXYZD50 * linear.map { min(max($0, 0), 1) })
        return ColorEvaluation(
            sourceLab: sourceLab, targetLinear: linear, isOutOfGamut: outside, shown: shown,
            shownLab: shownLab, deltaE: CIEDE2000.difference(sourceLab, shownLab),
            clippedLab: clippedLab, clippingDeltaE: outside ? CIEDE2000.difference(sourceLab, clippedLab) : 0)
    }

    /// Lab of a displayed color given by its display codes.
    public func shownLab(_ codes: [Int]) -> Lab {
        shownLab(r: codes[0], g: codes[1], b: codes[2])
    }

    /// Lab of a displayed color, without allocating (the analyzer calls it for every cache miss).
    @inline(__always)
    func shownLab(r: Int, g: Int, b: Int) -> Lab {
        let lr = shownLinear[0][r], lg = shownLinear[1][g], lb = shownLinear[2][b]
        let m = targetModel.toXYZD50.m
        return Lab(x: m[0] * lr + m[1] * lg + m[2] * lb, y: m[3] * lr + m[4] * lg + m[5] * lb, z: m[6] * lr + m[7] * lg + m[8] * lb)
    }
}

/// One color as a target display shows it.
public struct ColorEvaluation: Sendable, Hashable {
    /// The source color in D50 Lab.
    public var sourceLab: Lab
    /// The source color in the target's linear light, unbounded (outside 0…1 when out of gamut).
    public var targetLinear: [Double]
    /// Whether a channel of the color in the target's linear RGB leaves 0…1 by more than the tolerance.
    public var isOutOfGamut: Bool
    /// The display codes shown (0…2^depth−1 per channel) after clipping and quantization.
    public var shown: [Int]
    /// The shown color in D50 Lab.
    public var shownLab: Lab
    /// ΔE00 between the source and the shown color.
    public var deltaE: Double
    /// The color clipping alone gives (target linear light clamped to 0…1 per channel), in D50 Lab: not quantized to
    /// display codes.
    public var clippedLab: Lab
    /// ΔE00 between the source and the color clipped into the target: what clipping costs this color, unquantized. 0 for a color inside
    /// the gamut (within the tolerance); ``deltaE`` adds the display's quantization to it.
    public var clippingDeltaE: Double
}
