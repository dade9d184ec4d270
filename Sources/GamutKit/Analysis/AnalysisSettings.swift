/// Every threshold the analyzer uses, in one place; each has a documented default and one valid range, shared by the
/// library, the CLI's options and the policy file (see <doc:AnalyzerRules>). Each is a typed property; ``validate()``
/// checks them against ``thresholds`` (every analysis calls it before it starts), and ``set(_:to:)`` sets one by its
/// policy-file name, refusing a value outside its range.
/// All ΔE values are CIEDE2000 in D50 CIELAB.
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
    /// A visibly clipped color is shown with its hue turned (a warning, not only chroma lost, which is advisory) when
    /// the hue part of the difference between source and shown, ΔH in OKLab (``OKLab/hueDifference(_:_:)``), is at
    /// least this. Default 0.02, CSS Color 4's just-noticeable ΔEOK: a hue-keeping gamut map (`fix`) moves hue by 0,
    /// while clipping Display P3 into sRGB turns 8% of the visibly clipped colors by more (vivid greens and
    /// green-cyans most, up to 0.034) and keeps P3's red, blue, yellow and orange within 0.01 (see <doc:AnalyzerRules>).
    public var visibleHueShift: Double = 0.02
    /// Two colors are distinguishable in the source when ΔE00 is at least this. Default 1.0.
    public var collapseSource: Double = 1.0
    /// …and indistinguishable once shown when ΔE00 is below this. Default 1.0.
    public var collapseShown: Double = 1.0
    /// …and the shown difference is at most this fraction of the source difference. Default 0.5.
    public var collapseRatio: Double = 0.5
    /// In images, a group of source colors shown as one display color is reported only when at least
    /// two of its distinguishable source colors cover this many pixels each. Default 16.
    public var collapseMinimumPixels: Int = 16
    /// In images, a source color also counts for collapse only when it covers at least this fraction of the counted
    /// (not transparent) pixels. Default 0.001 (0.1%: 1,049 px of a 1024×1024 icon, 16 px below 16,000 px).
    ///
    /// With ``collapseMaximumEdgeFraction``, this judges collapse on the image's distinct colors, not on the blends of
    /// its antialiased edges: in real apps' icons, nine findings in ten compared a shape's color with ~44 edge pixels
    /// of a 1024² icon that lie between it and the background.
    public var collapseMinimumArea: Double = 0.001
    /// In images, a source color counts for collapse only when at most this fraction of its pixels lie on an edge: a
    /// pixel one of whose four neighbors differs by more than ``gradientMaximumStepFraction`` of full scale in a
    /// channel (alpha included), a step no smooth gradient takes. Antialiased edges (blends 1–2 px wide between two
    /// larger colors) are all edge; a flat swatch's edge pixels are its perimeter. Default 0.5.
    public var collapseMaximumEdgeFraction: Double = 0.5
    /// Along a gradient, a step whose shown colors differ by less than this ΔE00 is flat. Default 0.5.
    public var flatStep: Double = 0.5
    /// A flat span is a flattened gradient when the source changes by at least this ΔE00 across it (the *span*).
    /// Default 2.0.
    ///
    /// The gradient floors (this, ``gradientMinimumLoss`` and ``gradientMinimumLength``) were set by measurement: ramps
    /// toward P3 red, green, magenta and cyan of spans 0.5–10 ΔE00 and lengths 4–256 px, each judged by a model of the
    /// eye (S-CIELAB, Zhang & Wandell 1996, at 60 px per degree: an @2x iPad at arm's length, the coarsest common view):
    /// the band is visible when what the display does to the ramp's shape reaches ΔE00 1.0. Every ramp reported at
    /// these floors scores ≥ 0.68 in the model (red, green and magenta ≥ 0.78; cyan, carried by the blurrier
    /// blue–yellow channel, needs longer runs), and every flat run of ≥ 8 px scoring ≥ 1.5 is reported; a ramp that
    /// spans ΔE00 1.0–1.1 in all (what real apps' icons held, reported before these floors) scores ≤ 0.8 at any length.
    /// `PerceptualFloorTests` reruns the measurement (`GAMUTKIT_MEASURE_FLOORS=1` prints the table).
    public var flattenedSourceChange: Double = 2.0
    /// In images, the shortest flattened run (pixels) reported as a clipping gradient, measured over the part of the run
    /// where the source changes (a flat stretch beside a step doesn't count). Default 8.
    public var gradientMinimumLength: Int = 8
    /// In images, a flattened run is a gradient only when its source color changes at this many pixels or more: an
    /// antialiased edge between two flat colors changes at 1–3. Default 4.
    public var gradientMinimumSteps: Int = 4
    /// In images, a clipping gradient spans at least this many neighboring lines across its direction: a gradient is an
    /// area, not the one-line edge of a stroke or shape. Default 4.
    public var gradientMinimumLines: Int = 4
    /// A flattened span is reported only when the display drops at least this much of the source's change across it
    /// (the *loss*): the source ΔE00 between its ends minus the shown ΔE00 between them. Default 2.0: in the band model,
    /// a fully flattened run of 8 px or more that loses 2.0–2.1 scores 0.68–1.5 JND depending on hue and length (the
    /// long-run limit is about 0.72 × the loss), one that loses 1.1 at most 0.8.
    public var gradientMinimumLoss: Double = 2.0
    /// In images, a run is smooth while each source channel changes by at most this fraction of full scale
    /// from one pixel to the next (and always in the same direction). Default 0.03.
    public var gradientMaximumStepFraction: Double = 0.03
    /// In 8-bit images with a wide profile, a step between two flat bands of a smooth ramp is a visible band edge when
    /// their lightness differs by at least this (ΔE00 between their grays; ``Banding``). Default 1.0, one JND, as for
    /// clips and collapses. Every one-code lightness step of 8-bit Display P3 is at most 0.40 (an 8-bit gray ramp's), so
    /// art exported at full 8-bit levels never bands, as real apps' 8-bit P3 art measured (one-code steps of ΔE00
    /// 0.2–0.35); a posterized ramp does. Lightness, because the eye blurs hue and chroma: the eye model of the gradient
    /// floors scores a one-code sky-blue staircase, whose steps are mostly chroma, at 0.25–0.40 of its ΔE00 step
    /// (`BandingFloorTests`).
    public var bandingStep: Double = 1.0
    /// …and only between bands at least this many pixels wide. Default 16: in that model (S-CIELAB at 60 px per degree)
    /// posterized staircases with 16 px bands score 0.42–1.01 of their lightness step (a blue, a gray, a green), with
    /// bands of 4–6 px 0.20–0.34: narrower bands are blended by the eye, as dither is.
    public var bandingMinimumWidth: Int = 16
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
