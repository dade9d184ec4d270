/// A rule the analyzer applies, declared once: its id, default severity, what it checks and with which thresholds, why
/// (the HIG), how to fix it, and examples on which it does and doesn't report. The docs' rule tables, `gamut-check rules`
/// and SARIF's rule metadata are made from these declarations, and the test suite runs every example.
public struct Rule: Sendable, Hashable {
    /// Stable identifier, used in reports and suppressions.
    public var id: RuleID
    /// A short name.
    public var name: String
    /// The severity findings get unless configured otherwise.
    public var defaultSeverity: Severity
    /// What the rule checks, with its thresholds.
    public var summary: String
    /// Why it matters, from Apple's Human Interface Guidelines (Color).
    public var rationale: String
    /// How to fix a finding.
    public var fixHint: String
    /// An advisory rule is off unless a policy (`"advisory": true`, or a severity for the rule) or the CLI's
    /// `--advisory` turns it on: what it reports is worth knowing once, not fixing in every release. Reports
    /// count the advisory findings they leave out (`CheckReport/notShown`).
    public var isAdvisory = false
    /// The ``AnalysisSettings`` thresholds the rule uses, by name (see ``AnalysisSettings/threshold(named:)`` for each
    /// one's range).
    public var thresholds: [String] = []
    /// Inputs on which the rule reports.
    public var triggering: [Example] = []
    /// Inputs on which it doesn't: the nearest cases that are fine.
    public var nonTriggering: [Example] = []
}

private typealias E = ExampleFiles
private typealias Example = Rule.Example

/// Every rule GamutKit applies, each declared once: ``analyzer`` (images and color lists), ``catalog`` and
/// ``accessibility``, and ``all`` in report order.
public enum Rules {
    static let higColorManagement = "https://developer.apple.com/design/human-interface-guidelines/color#Color-management"
    static let variants =
        "Provide color space–specific variants: in the asset catalog, add an sRGB `display-gamut` variant "
        + "(for an image, `gamut-check convert FILE --to srgb` makes one), or bring the colors inside sRGB."

    /// Pixels or colors outside the target gamut that nobody will notice (ΔE00 below the visible threshold).
    public static let outOfGamut = Rule(
        id: .outOfGamut, name: "Out of gamut", defaultSeverity: .info,
        summary: "Pixels or colors outside the target display's gamut (linear target light outside 0…1 by more than 1e-4), "
            + "all within ΔE00 1.0 of what the display shows.",
        rationale: "HIG (Color management): \"In general, P3 colors and images appear fine on sRGB displays.\" "
            + "These colors are clipped, but not visibly.",
        fixHint: "Nothing to do unless the colors must be exact on sRGB displays.",
        thresholds: ["gamutTolerance", "visibleClip"],
        triggering: [
            Example(
                "A Display P3 red just outside sRGB, clipped by less than ΔE00 1",
                ["red.png": .image(ExampleImage(.bands([[0.92, 0.19, 0.13]])))])
        ],
        nonTriggering: [Example("A Display P3 gray", ["gray.png": .image(ExampleImage(.bands([[0.5, 0.5, 0.5]])))])])

    /// Pixels clipped visibly on the target display: a warning when the clip turns their hue, advice when it only takes
    /// chroma (as any gamut map does).
    public static let visibleClipping = Rule(
        id: .visibleClipping, name: "Visibly clipped", defaultSeverity: .warning,
        summary: "At least 16 pixels (or a listed color) whose color shown on the target display is ΔE00 ≥ 1.0 from the source, "
            + "at least 16 of them with their hue turned (ΔH in OKLab ≥ 0.02); when the clip keeps the hue, the finding is "
            + "advisory.",
        rationale: "HIG (Color management): provide color space–specific image and color variations \"to ensure visual "
            + "fidelity on both wide color and sRGB displays\".",
        fixHint: variants,
        thresholds: ["visibleClip", "visibleClipMinimumPixels", "visibleHueShift"],
        triggering: [
            Example("The most saturated Display P3 green, which sRGB clips visibly", ["green.png": .image(E.p3Green)]).advisory()
        ],
        nonTriggering: [Example("A Display P3 image whose colors are inside sRGB", ["calm.png": .image(E.calmBands)])])

    /// Colors that can be told apart in the source but not on the target display.
    public static let colorCollapse = Rule(
        id: .colorCollapse, name: "Colors collapse", defaultSeverity: .error,
        summary: "Two colors ΔE00 ≥ 1.0 apart in the source that are shown < 1.0 apart (and at most half as far) on the target "
            + "display: in catalogs, across all colorsets per appearance and between the variants of one color; in images, each covering at least 16 pixels and 0.1% of the image, mostly off edges (the blends of "
            + "antialiased edges are not compared). Pairs whose regions overlap are one finding, and the flattened soft edges "
            + "between the colors are counted in it rather than reported as gradients.",
        rationale: "HIG (Color management): \"Occasionally, it may be hard to distinguish two very similar P3 colors when "
            + "viewing them on an sRGB display.\" Status colors, chart series and brand shades lose their meaning.",
        fixHint: "Give the colors sRGB variants that stay ≥ 1.0 ΔE00 apart, or move them further apart in the source.",
        thresholds: [
            "collapseSource", "collapseShown", "collapseRatio", "collapseMinimumPixels", "collapseMinimumArea",
            "collapseMaximumEdgeFraction",
        ],
        triggering: [
            Example(
                "Two Display P3 greens about 1.9 ΔE00 apart, side by side, that sRGB shows as nearly one",
                ["greens.png": .image(ExampleImage(.bands([[0, 1, 0], [0.1, 0.98, 0.15]])))]),
            E.colors(
                "Two colorsets of Display P3 greens that sRGB shows as nearly one",
                ["Go": E.colorSet([E.entry(E.p3(0, 1, 0))]), "GoBright": E.colorSet([E.entry(E.p3(0.18, 0.98, 0.12))])]),
        ],
        nonTriggering: [Example("Two colors inside sRGB, far apart", ["calm.png": .image(E.calmBands)])])

    /// Gradients whose clipped stretch renders flat: visible loss, an error.
    public static let gradientClipping = Rule(
        id: .gradientClipping, name: "Gradient clips", defaultSeverity: .error,
        summary: "A gradient (explicit, or smooth runs along image rows or columns whose source changes at 4 or more pixels "
            + "over at least 8, on at least 4 neighboring lines) whose shown color steps by < 0.5 ΔE00 while the source "
            + "changes by ≥ 2.0 ΔE00 across the stretch and the display drops ≥ 2.0 ΔE00 of that change: the floors under "
            + "which no band is visible. Overlapping regions are one finding.",
        rationale: "HIG (Color management): \"Gradients that use P3 colors can also sometimes appear clipped on sRGB displays.\"",
        fixHint: variants + " For gradients, map the stops into sRGB before interpolating, rather than clipping the result.",
        thresholds: [
            "flatStep", "flattenedSourceChange", "gradientMinimumLoss", "gradientMinimumLength", "gradientMinimumSteps",
            "gradientMinimumLines", "gradientMaximumStepFraction", "collapseRatio",
        ],
        triggering: [
            Example(
                "A Display P3 ramp from red to white, whose red end sRGB shows flat",
                ["ramp.png": .image(ExampleImage(.ramp([1, 0, 0], [1, 1, 1]), width: 256, height: 16))])
        ],
        nonTriggering: [
            Example(
                "A ramp from dark to light gray, inside sRGB",
                ["ramp.png": .image(ExampleImage(.ramp([0.2, 0.2, 0.2], [0.8, 0.8, 0.8]), width: 256, height: 16))])
        ])

    /// A file that could not be read.
    public static let unreadable = Rule(
        id: .unreadable, name: "Unreadable file", defaultSeverity: .error,
        summary: "A file that could not be read or decoded (truncated, corrupt, unsupported, or too large).",
        rationale: "An asset that can't be decoded can't be checked, and may not display at all.",
        fixHint: "Re-export the file; the message says what is wrong with it.",
        triggering: [Example("Text named as a PNG", ["broken.png": .text("not a PNG")])],
        nonTriggering: [Example("A PNG", ["art.png": .image(E.calmBands)])])

    /// An image in a format whose codec this build of GamutKit leaves out.
    public static let formatNotBuilt = Rule(
        id: .formatNotBuilt, name: "Format not in this build", defaultSeverity: .info,
        summary: "A JPEG, TIFF, WebP, HEIF or AVIF image in a build of GamutKit without that format's package trait (an app "
            + "built for iOS or macOS, or `--disable-default-traits`): listed, not checked. The message names the trait.",
        rationale: "The image may lose what the other images are checked for, and nothing here looked.",
        fixHint: "Check it with a gamut-check built with the trait (the default on Linux), or export it as PNG.",
        triggering: [Example("A JPEG, in a build without the JPEG trait (a default Linux build reads it)", ["photo.jpg": .bytes(E.jpeg)])],
        nonTriggering: [Example("A PNG, which every build reads", ["art.png": .image(E.calmBands)])])

    /// A file read with a caveat the decoder noticed.
    public static let decoderWarning = Rule(
        id: .decoderWarning, name: "Read with a caveat", defaultSeverity: .warning,
        summary: "A file that was read, but not all of it as it claims to be: an animated PNG whose other frames were not "
            + "checked, palette indices past the PLTE (shown as black), color signalling that was ignored, an HDR image "
            + "analyzed as its SDR rendition, or a gain map whose HDR rendition was not checked.",
        rationale: "What was checked is not all that ships: frames not analyzed, or pixels whose color depends on the decoder.",
        fixHint: "Where the message names damage or ignored signalling, re-export the file; for animations, check each frame "
            + "as a still image; for HDR, the SDR image is what sRGB displays show.",
        triggering: [Example("A palette PNG whose pixels use indices past its PLTE", ["damaged.png": .bytes(E.palettePastPLTE)])],
        nonTriggering: [Example("A PNG read in full", ["art.png": .image(E.calmBands)])])

    /// A file whose content is another format than its name says.
    public static let fileFormatMismatch = Rule(
        id: .fileFormatMismatch, name: "File in the wrong format", defaultSeverity: .info,
        summary: "A file whose content is another image format than its extension claims (a WebP or JPEG named .png), told "
            + "from the first bytes; reported once per file, and the file is still read and checked by its content.",
        rationale: "Tools that trust the name (asset compilers, image pipelines, CDNs) may refuse the file, decode it wrongly, "
            + "or drop its color profile.",
        fixHint: "Re-export the file in the format its name says, or rename it to match its content.",
        triggering: [Example("A PNG named .jpg", ["photo.jpg": .image(E.calmBands)])],
        nonTriggering: [Example("A PNG named .png", ["art.png": .image(E.calmBands)])])

    /// The image and color-list rules, in report order.
    public static let analyzer = [
        colorCollapse, visibleClipping, gradientClipping, outOfGamut, unreadable, formatNotBuilt, decoderWarning, fileFormatMismatch,
    ]

    /// Every rule (the analyzer's, then the asset catalog's), in report order.
    public static let all = analyzer + catalog + accessibility

    static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The rule with this id (as written in reports and policy files).
    public static func rule(_ id: String) -> Rule? { RuleID(rawValue: id).flatMap { byID[$0] } }
}
