/// The identifier of a rule: its stable id in reports (`rawValue`, such as `"color-collapse"`), in suppressions and
/// in policy files.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    case outOfGamut = "out-of-gamut"
    case visibleClipping = "visible-clipping"
    case colorCollapse = "color-collapse"
    case gradientClipping = "gradient-clipping"
    case unreadable = "unreadable"
    case decoderWarning = "decoder-warning"
    case fileFormatMismatch = "file-format-mismatch"
    case catalogSyntax = "catalog-syntax"
    case catalogInvalid = "catalog-invalid"
    case catalogUnknown = "catalog-unknown"
    case ambiguousComponent = "ambiguous-component"
    case notChecked = "not-checked"
    case unresolvedSystemColor = "unresolved-system-color"
    case unsafePath = "unsafe-path"
    case missingFile = "missing-file"
    case unreferencedFile = "unreferenced-file"
    case colorNeedsSRGBVariant = "color-needs-srgb-variant"
    case srgbSlotOutOfGamut = "srgb-slot-out-of-gamut"
    case unpairedDisplayGamut = "unpaired-display-gamut"
    case missingDarkVariant = "missing-dark-variant"
    case missingHighContrastVariant = "missing-high-contrast-variant"
    case darkSameAsLight = "dark-same-as-light"
    case systemColorDuplicate = "system-color-duplicate"
    case imageNeedsSRGBVariant = "image-needs-srgb-variant"
    case p3Image8Bit = "p3-image-8-bit"
    case imageWithoutProfile = "image-without-profile"
    case wideProfileFitsSRGB = "wide-profile-fits-srgb"
    case templateWideGamut = "template-wide-gamut"
    case contrastInsufficient = "contrast-insufficient"
    case contrastBelowEnhanced = "contrast-below-enhanced"
    case cvdConfusable = "cvd-confusable"
    case cvdHuePair = "cvd-hue-pair"
    case policyUnknownColor = "policy-unknown-color"

    /// The rule: severity, what it checks, why, how to fix it.
    public var rule: Rule { Rules.byID[self]! }

    /// Every rule, in report order (image analysis, asset catalogs, accessibility).
    public static var rules: [Rule] { Rules.all }

    /// The id as written in reports: `"color-collapse"`.
    public var description: String { rawValue }

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}
