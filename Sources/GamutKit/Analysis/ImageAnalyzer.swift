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
        /// The collapse cells, sorted by key, when a test asked for them (``AnalysisPipeline``'s `keepCells`).
        var cells: [CellTable.Entry]?
    }

    /// Analyzes `image` against `target` (default: the settings' target, sRGB).
    /// - Throws: ``GamutError`` when the target isn't an RGB matrix/TRC profile or the image can't be read as the profile says.
    public static func analyze(
        _ image: Image, target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        includeClipMask: Bool = false, threads: Int? = nil
    ) throws(GamutError) -> Output {
        let target = settings.targetProfile(target)
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: target,
            settings: settings)
        return try AnalysisPipeline.analyze(
            image, pass: pass, target: target.name, includeClipMask: includeClipMask,
            workers: workers(pixels: image.width * image.height, threads: threads))
    }

    /// How many threads analyze an image: `threads`, or every core for images of 64 K pixels or more.
    static func workers(pixels: Int, threads: Int?) -> Int {
        max(1, threads ?? (pixels >= 65_536 ? ProcessInfo.processInfo.activeProcessorCount : 1))
    }
}
