/// The identifier of a rule: its stable id in reports (`rawValue`, such as `"color-collapse"`), in suppressions and
/// in policy files.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    /// Out of gamut.
    case outOfGamut = "out-of-gamut"
    /// Visibly clipped.
    case visibleClipping = "visible-clipping"
    /// Colors collapse.
    case colorCollapse = "color-collapse"
    /// Gradient clips.
    case gradientClipping = "gradient-clipping"
    /// Unreadable file.
    case unreadable = "unreadable"
    /// Format not in this build.
    case formatNotBuilt = "format-not-built"
    /// Read with a caveat.
    case decoderWarning = "decoder-warning"
    /// File in the wrong format.
    case fileFormatMismatch = "file-format-mismatch"
    /// Broken Contents.json.
    case catalogSyntax = "catalog-syntax"
    /// Invalid catalog value.
    case catalogInvalid = "catalog-invalid"
    /// Unknown catalog key.
    case catalogUnknown = "catalog-unknown"
    /// Ambiguous component.
    case ambiguousComponent = "ambiguous-component"
    /// Not checked.
    case notChecked = "not-checked"
    /// Unknown system color.
    case unresolvedSystemColor = "unresolved-system-color"
    /// Path escapes its set.
    case unsafePath = "unsafe-path"
    /// Missing file.
    case missingFile = "missing-file"
    /// Unreferenced file.
    case unreferencedFile = "unreferenced-file"
    /// Wide color without sRGB variant.
    case colorNeedsSRGBVariant = "color-needs-srgb-variant"
    /// sRGB slot out of sRGB.
    case srgbSlotOutOfGamut = "srgb-slot-out-of-gamut"
    /// Unpaired display-gamut slot.
    case unpairedDisplayGamut = "unpaired-display-gamut"
    /// No dark variant.
    case missingDarkVariant = "missing-dark-variant"
    /// No increased-contrast variant.
    case missingHighContrastVariant = "missing-high-contrast-variant"
    /// Dark variant equals light.
    case darkSameAsLight = "dark-same-as-light"
    /// Hard-coded system color.
    case systemColorDuplicate = "system-color-duplicate"
    /// Wide image without sRGB variant.
    case imageNeedsSRGBVariant = "image-needs-srgb-variant"
    /// P3 image at 8 bits.
    case p3Image8Bit = "p3-image-8-bit"
    /// No embedded profile.
    case imageWithoutProfile = "image-without-profile"
    /// Wide profile, sRGB content.
    case wideProfileFitsSRGB = "wide-profile-fits-srgb"
    /// Template image with wide profile.
    case templateWideGamut = "template-wide-gamut"
    /// Insufficient contrast.
    case contrastInsufficient = "contrast-insufficient"
    /// Below enhanced contrast.
    case contrastBelowEnhanced = "contrast-below-enhanced"
    /// Confusable with color-vision deficiency.
    case cvdConfusable = "cvd-confusable"
    /// Red/green or blue/orange pair.
    case cvdHuePair = "cvd-hue-pair"
    /// Unknown color in policy.
    case policyUnknownColor = "policy-unknown-color"

    /// The rule: severity, what it checks, why, how to fix it.
    public var rule: Rule { Rules.byID[self]! }

    /// The id as written in reports: `"color-collapse"`.
    public var description: String { rawValue }

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}
