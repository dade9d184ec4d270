/// Every threshold the analyzer uses, in one place; each has a documented default (see the README's
/// "Rules" section). All ΔE values are CIEDE2000 in D50 CIELAB.
public struct AnalysisSettings: Sendable, Hashable {
    /// The display the assets must also work on. Default sRGB. Must be an RGB matrix/TRC profile.
    public var target: ColorProfile.BuiltIn? = .sRGB
    /// Bits per channel of the target display; the shown color is quantized to it. Default 8. The image
    /// analyzer packs shown codes 8 bits per channel, so it accepts 1…8 (lists of colors accept up to 16).
    public var displayBitDepth: Int = 8
    /// How far outside 0…1 (in linear target light) a channel may be before the color counts as out of
    /// gamut. Default 1e-4, which absorbs the s15Fixed16 rounding of embedded profiles (~1e-4 linear).
    public var gamutTolerance: Double = 1e-4
    /// An out-of-gamut color is *visibly clipped* when ΔE00(source, shown) is at least this. Default 1.0 (one JND).
    public var visibleClip: Double = 1.0
    /// An image gets a visible-clipping finding when at least this many pixels are visibly clipped
    /// (fewer is reported as out of gamut only). Default 16.
    public var visibleClipMinimumPixels: Int = 16
    /// Two colors are distinguishable in the source when ΔE00 is at least this. Default 1.0.
    public var collapseSource: Double = 1.0
    /// …and indistinguishable once shown when ΔE00 is below this. Default 1.0.
    public var collapseShown: Double = 1.0
    /// …and the shown difference is at most this fraction of the source difference. Default 0.5.
    public var collapseRatio: Double = 0.5
    /// In images, a group of source colors shown as one display color is reported only when at least
    /// two of its distinguishable source colors cover this many pixels each. Default 16.
    public var collapseMinimumPixels: Int = 16
    /// Along a gradient, a step whose shown colors differ by less than this ΔE00 is flat. Default 0.5.
    public var flatStep: Double = 0.5
    /// A flat span is a flattened gradient when the source changes by at least this ΔE00 across it. Default 1.0.
    public var flattenedSourceChange: Double = 1.0
    /// In images, the shortest flattened run (pixels) reported as a clipping gradient. Default 8.
    public var gradientMinimumLength: Int = 8
    /// In images, a run is smooth while each source channel changes by at most this fraction of full scale
    /// from one pixel to the next (and always in the same direction). Default 0.03.
    public var gradientMaximumStepFraction: Double = 0.03
    /// In asset catalogs, two colors count as the same (a dark variant equal to light, a custom color equal
    /// to a system color) when ΔE00 is below this. Default 1.0.
    public var sameColor: Double = 1.0
    /// Colors of a policy's distinct group must stay at least this ΔE00 apart under every simulated
    /// color-vision deficiency (`cvd-confusable`). Default 8: a difference readable at a glance in small marks
    /// (about 5 is just distinguishable side by side).
    public var cvdSeparation: Double = 8
    /// The most findings of one rule reported per file (the rest are counted in the summary). Default 20.
    public var maximumFindingsPerRule: Int = 20

    /// The defaults.
    public init() {}
}
