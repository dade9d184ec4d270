/// The legibility and color-vision rules of an asset catalog audit, driven by the policy's `contrast`
/// pairs and `distinct` groups (see ``GamutPolicy``).
private typealias E = ExampleFiles
private typealias Example = Rule.Example

extension Rules {
    static let higContrast =
        "HIG (Accessibility › Color and effects): \"Up to 17 pt: 4.5:1; 18 pt and larger: 3:1; bold: 3:1\"; "
        + "\"Strive for a minimum contrast ratio of 4.5:1, or 7:1 for small text\" (WCAG 2.2 SC 1.4.3 / 1.4.6)."
    static let higInclusive =
        "HIG (Color › Inclusive color): \"Avoid relying solely on color to differentiate between objects, "
        + "indicate interactivity, or communicate essential information.\""

    /// A declared text/background pair below the HIG's minimum contrast in some variant.
    public static let contrastInsufficient = Rule(
        id: .contrastInsufficient, name: "Insufficient contrast", defaultSeverity: .error,
        summary: "A contrast pair from the policy is below 4.5:1 (text up to 17 pt) or 3:1 (18 pt and larger, or bold) in some "
            + "appearance (any, dark, increased contrast, dark + increased contrast; missing variants fall back as on devices), "
            + "on sRGB or on Display P3 displays. WCAG 2.2 relative luminance; ratios are never rounded (4.478:1 fails 4.5:1).",
        rationale: higContrast,
        fixHint: "Darken or lighten the failing variant (the message says which and by how much), or add the missing "
            + "dark or increased-contrast variant.",
        triggering: [
            E.textOnWhite("Gray text on white at 2.8:1, a pair the policy declares", gray: 0.6)
        ],
        nonTriggering: [
            E.textOnWhite("Black text on white at 21:1", gray: 0)
        ])

    /// A small-text pair that meets the minimum but not the enhanced 7:1.
    public static let contrastBelowEnhanced = Rule(
        id: .contrastBelowEnhanced, name: "Below enhanced contrast", defaultSeverity: .info,
        summary: "A contrast pair for small text that meets 4.5:1 but not the 7:1 the HIG recommends (WCAG 1.4.6) in some variant.",
        rationale: higContrast,
        fixHint: "Raise the contrast where small text must be read at a glance; at least in the increased-contrast variant.",
        triggering: [
            E.textOnWhite("Gray text on white at 5.7:1: above 4.5:1, below 7:1", gray: 0.4)
        ],
        nonTriggering: [
            E.textOnWhite("Black text on white at 21:1", gray: 0)
        ])

    /// Two colors of a distinct group that a simulated color-vision deficiency confuses.
    public static let cvdConfusable = Rule(
        id: .cvdConfusable, name: "Confusable with color-vision deficiency", defaultSeverity: .warning,
        summary: "Two colors of a policy `distinct` group come closer than `cvdSeparation` ΔE00 (default 8) when simulated for "
            + "protanopia, deuteranopia or tritanopia (Viénot 1999, Brettel 1997) or for anomalous trichromacy at the policy's "
            + "severities (Machado 2009), in some appearance, on sRGB or P3 displays.",
        rationale: higInclusive + " About 8% of men have a red–green deficiency.",
        fixHint: "Separate the two colors in lightness (which every deficiency keeps), or pair the color with a symbol or label.",
        thresholds: ["cvdSeparation"],
        triggering: [
            E.statusGroup("A red and a green of one lightness (L* 50) in a distinct group", [0.8, 0.3, 0.2], [0.35, 0.52, 0.15])
        ],
        nonTriggering: [
            E.statusGroup("Black and white in a distinct group", [0, 0, 0], [1, 1, 1])
        ])

    /// A red/green or blue/orange pair in a distinct group.
    public static let cvdHuePair = Rule(
        id: .cvdHuePair, name: "Red/green or blue/orange pair", defaultSeverity: .info,
        summary: "A policy `distinct` group holds a red/green pair (confused by protans and deutans) or a blue/orange pair "
            + "(the pair that stays apart for them, but the choice to check for tritans), by OKLCh hue.",
        rationale: higInclusive,
        fixHint: "Make sure meaning never rests on the hue alone: use symbols, labels or position too.",
        triggering: [
            E.statusGroup("A red and a green in a distinct group", [0.8, 0.1, 0.1], [0.1, 0.7, 0.2])
        ],
        nonTriggering: [
            E.statusGroup("Black and white in a distinct group", [0, 0, 0], [1, 1, 1])
        ])

    /// A name in the policy that is not a color of the catalog.
    public static let policyUnknownColor = Rule(
        id: .policyUnknownColor, name: "Unknown color in policy", defaultSeverity: .warning,
        summary: "A contrast pair or distinct group in the policy names a color that is not a color set of the catalog.",
        rationale: "The check it asks for can't run, so a renamed or deleted color silently loses its contrast or separation check.",
        fixHint: "Use the color's name as code does (groups that provide a namespace included, like `Brand/Accent`).",
        triggering: [
            E.colors(
                "A contrast pair naming a color the catalog doesn't have", ["Text": E.colorSet([E.entry(E.srgb(0, 0, 0))])],
                policy: #"{ "contrast" : [ { "foreground" : "Text", "background" : "Background" } ] }"#)
        ],
        nonTriggering: [
            E.textOnWhite("A contrast pair naming two colors the catalog has", gray: 0)
        ])

    /// Every accessibility rule, in report order.
    public static let accessibility = [contrastInsufficient, cvdConfusable, policyUnknownColor, cvdHuePair, contrastBelowEnhanced]
}
