import Dispatch
import Foundation

/// Measures what a target display (sRGB by default) does to an image: out-of-gamut and visibly
/// clipped pixels with ΔE00 statistics, colors that collapse, and gradients that clip.
///
/// Work is split across cores by rows; transparent pixels (alpha 0) are not counted.
public enum ImageAnalyzer {
    /// The analysis, and the clip mask when asked for.
    public struct Output: Sendable {
        /// The measurements.
        public var analysis: ImageAnalysis
        /// An 8-bit sRGB RGBA image: a desaturated copy of what the display shows, with out-of-gamut
        /// pixels colored by severity (blue: out of gamut, not visible; yellow ΔE00 1–2; orange 2–5;
        /// red ≥ 5) and transparent pixels left transparent.
        public var clipMask: Image?
    }

    /// Analyzes `image` against `target` (default: the settings' target, sRGB).
    /// - Throws: ``GamutError`` when the target isn't an RGB matrix/TRC profile or the image can't be read as the profile says.
    public static func analyze(
        _ image: Image, target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        includeClipMask: Bool = false, threads: Int? = nil
    ) throws(GamutError) -> Output {
        let target = settings.targetProfile(target)
        let pass = try PixelPass(image: image, target: target, settings: settings)
        let bands = ColorTransform.bandCount(pixels: image.width * image.height, height: image.height, threads: threads)
        var (packed, deltaE) = PixelBuffers.take(count: image.width * image.height)
        defer { PixelBuffers.give(back: (packed, deltaE)) }
        let results = packed.withUnsafeMutableBufferPointer { codes in
            deltaE.withUnsafeMutableBufferPointer { differences in
                pass.run(into: codes.baseAddress!, deltaE: differences.baseAddress!, bands: max(1, bands))
            }
        }
        var total = PixelPass.BandResult(bins: PixelPass.histogramBins)
        for result in results { total.merge(result) }

        let gradients = GradientScan(pass: pass, packed: packed, deltaE: deltaE, serial: threads == 1).regions()
        // A cluster that mostly lies on a flattened gradient is that gradient's clipping, reported once, as the gradient.
        let collapses = pass.collapseGroups(PixelPass.groups(total.cells), counted: total.counted).filter { group in
            !gradients.contains { 2 * $0.bounds.intersectionArea(group.bounds) >= group.bounds.width * group.bounds.height }
        }
        let analysis = ImageAnalysis(
            width: image.width, height: image.height, sourceProfile: image.profile.name, targetProfile: target.name,
            countedPixels: total.counted, outOfGamutPixels: total.outOfGamut, visiblyClippedPixels: total.visible,
            maxDeltaE: total.worst?.deltaE ?? 0,
            meanDeltaE: total.outOfGamut == 0 ? 0 : total.sumDeltaE / Double(total.outOfGamut),
            p95DeltaE: PixelPass.percentile(total.histogram, 0.95),
            worst: total.worst, visiblyClippedBounds: total.visibleBounds, collapseGroups: collapses, clippingGradients: gradients)
        let mask = includeClipMask ? try pass.clipMask(packed: packed) : nil
        return Output(analysis: analysis, clipMask: mask)
    }
}
