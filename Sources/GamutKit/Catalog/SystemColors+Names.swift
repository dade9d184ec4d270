extension SystemColors {
    /// Every color UIKit (`UIColor`) and AppKit (`NSColor`) document as a class property, by API name, as a colorset's
    /// system reference names them once the `Color` suffix is dropped (`labelColor` → `label`, `systemRedColor` →
    /// `systemRed`): standard colors, semantic (UI element) colors, fixed colors, and the deprecated ones older catalogs
    /// still reference. Only the standard colors have published values (``all``); the others adapt to context and are
    /// left out of comparisons, without a finding.
    static let documentedNames: Set<String> = uiKitNames.union(appKitNames)

    /// UIKit (iOS, iPadOS, tvOS, visionOS, watchOS, Mac Catalyst).
    static let uiKitNames: Set<String> = [
        // Standard colors.
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4",
        "systemGray5", "systemGray6",
        // Label, text, link, separator, fill and background colors.
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link", "separator", "opaqueSeparator",
        "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
        "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
        "systemGroupedBackground", "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground",
        "lightText", "darkText", "tint",
        // Fixed colors.
        "black", "blue", "brown", "clear", "cyan", "darkGray", "gray", "green", "lightGray", "magenta", "orange", "purple", "red",
        "white", "yellow",
        // Deprecated.
        "groupTableViewBackground", "viewFlipsideBackground", "scrollViewTexturedBackground", "underPageBackground",
    ]

    /// AppKit (macOS).
    static let appKitNames: Set<String> = [
        // Standard colors.
        "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
        "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray",
        // Label, text and content colors.
        "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "quinaryLabel", "text", "placeholderText", "selectedText",
        "textBackground", "selectedTextBackground", "keyboardFocusIndicator", "unemphasizedSelectedText",
        "unemphasizedSelectedTextBackground", "link", "separator", "selectedContentBackground",
        "unemphasizedSelectedContentBackground", "selectedMenuItemText", "grid", "headerText", "textInsertionPoint",
        "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "quinarySystemFill",
        // Controls and windows.
        "controlAccent", "control", "controlBackground", "controlText", "disabledControlText", "selectedControl",
        "selectedControlText", "alternateSelectedControlText", "scrubberTexturedBackground", "windowBackground",
        "windowFrameText", "underPageBackground", "findHighlight", "highlight", "shadow",
        // Fixed colors.
        "black", "blue", "brown", "clear", "cyan", "darkGray", "gray", "green", "lightGray", "magenta", "orange", "purple", "red",
        "white", "yellow",
        // Deprecated.
        "controlHighlight", "controlLightHighlight", "controlShadow", "controlDarkShadow", "scrollBar", "knob", "selectedKnob",
        "windowFrame", "selectedMenuItem", "header", "secondarySelectedControl", "alternateSelectedControl",
    ]

    /// The API name of a reference: `systemRedColor` → `systemRed`, `labelColor` → `label`.
    static func apiName(_ reference: String) -> String {
        reference.hasSuffix("Color") && reference.count > 5 ? String(reference.dropLast(5)) : reference
    }

    /// Whether a colorset's system reference names a color UIKit or AppKit documents (`labelColor`,
    /// `systemBackgroundColor`, `controlAccentColor`, `systemRedColor`, …), whether or not the HIG publishes its values.
    static func isDocumented(reference: String) -> Bool {
        let name = apiName(reference)
        return documentedNames.contains(name) || resolve(reference: reference) != nil
    }
}
