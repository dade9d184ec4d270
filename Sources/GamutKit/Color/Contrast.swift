/// WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.6), the measure the HIG's contrast table uses.
/// Only WCAG 2: APCA's reference implementation is not licensed for use here.
public enum Contrast {
    /// WCAG 2.2 relative luminance of encoded sRGB components (0…1): each channel linearized with the sRGB
    /// curve (threshold 0.04045), then 0.2126 R + 0.7152 G + 0.0722 B.
    public static func relativeLuminance(sRGB encoded: [Double]) -> Double {
        let l = encoded.map { TransferFunction.sRGB.linearize(min(max($0, 0), 1)) }
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
    }

    /// Relative luminance of a color given by its ICC PCS XYZ (D50): the Y of the same color adapted to
    /// D65 (for sRGB colors this equals ``relativeLuminance(sRGB:)``). Used for colors shown on a P3 display.
    public static func relativeLuminance(xyzD50: [Double]) -> Double {
        (OKLab.d50ToD65 * xyzD50)[1]
    }

    /// The WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the lighter, from 1 to 21. Not rounded:
    /// 4.478 fails a 4.5 requirement.
    public static func ratio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The HIG's minimum ratio for text: 4.5:1 up to 17 pt, 3:1 at 18 pt and larger or bold at any size.
    public static func minimumRatio(textSize: Double, bold: Bool) -> Double {
        bold || textSize >= 18 ? 3 : 4.5
    }

    /// The enhanced ratio WCAG 1.4.6 asks for, which the HIG recommends for small text: 7:1 (4.5:1 for large or bold text).
    public static func enhancedRatio(textSize: Double, bold: Bool) -> Double {
        bold || textSize >= 18 ? 4.5 : 7
    }

    /// A foreground with opacity `alpha` composited over an opaque background, both encoded in the same
    /// display space (as displays blend).
    public static func composite(_ foreground: [Double], alpha: Double, over background: [Double]) -> [Double] {
        (0..<3).map { foreground[$0] * alpha + background[$0] * (1 - alpha) }
    }
}
