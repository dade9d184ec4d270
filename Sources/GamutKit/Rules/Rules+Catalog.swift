/// The asset catalog rules (see ``CatalogAuditor``). Image sets also get the analyzer's
/// `color-collapse` and `gradient-clipping` findings for images that sRGB displays show.
private typealias E = ExampleFiles
private typealias Example = Rule.Example

extension Rules {
    static let higContexts = "HIG (Color): \"Make sure all your app's colors work well in light, dark, and increased contrast contexts.\""
    static let higWideColor =
        "HIG (Color management): \"When appropriate, use the Display P3 color profile at 16 bits per pixel "
        + "(per channel) and export images in PNG format.\""
    static let higProfiles = "HIG (Color management): \"Apply color profiles to your images.\""

    // MARK: Reading

    /// `Contents.json` that is not valid JSON.
    public static let catalogSyntax = Rule(
        id: .catalogSyntax, name: "Broken Contents.json", defaultSeverity: .error,
        summary: "A Contents.json (or catalog configuration) that is not valid JSON, or is missing.",
        rationale: "Xcode skips or rejects a set whose Contents.json it can't parse; the asset goes missing at run time.",
        fixHint: "Fix the JSON at the line given, or let Xcode rewrite the file by editing the set in the asset catalog editor.",
        triggering: [E.catalog("A Contents.json cut off", ["Brand.colorset/Contents.json": .text("{\n  \"colors\" : [\n")])],
        nonTriggering: [E.brand("A colorset as Xcode writes it", [E.entry(E.srgb(0.2, 0.4, 0.6))])])

    /// A key, value or type that is malformed, mis-cased or out of range.
    public static let catalogInvalid = Rule(
        id: .catalogInvalid, name: "Invalid catalog value", defaultSeverity: .error,
        summary: "A value of the wrong type, mis-cased (`display-gamut` is `sRGB` or `display-P3`), out of range "
            + "(components 0…1, \"0\"…\"255\", \"0x00\"…\"0xFF\"), or a color space GamutKit doesn't know.",
        rationale: "Xcode may read such a value differently from what the designer picked, or drop the entry silently.",
        fixHint: "Correct the value at the key path given; the message says which values are valid.",
        triggering: [E.brand("A display gamut written \"srgb\", not \"sRGB\"", [E.entry(E.srgb(0.2, 0.4, 0.6), gamut: "srgb")])],
        nonTriggering: [E.brand("A display gamut written \"sRGB\"", [E.entry(E.srgb(0.2, 0.4, 0.6), gamut: "sRGB")])])

    /// A key, appearance or idiom that Apple's Asset Catalog Format Reference doesn't name. Info, never an error:
    /// Xcode keeps adding keys, and one GamutKit doesn't know yet changes nothing it checks.
    public static let catalogUnknown = Rule(
        id: .catalogUnknown, name: "Unknown catalog key", defaultSeverity: .info,
        summary: "A key, appearance or idiom that Apple's Asset Catalog Format Reference doesn't name (often a typo, a mis-cased "
            + "key or a merge leftover).",
        rationale: "Xcode ignores what it doesn't know, so the variant it was meant to describe doesn't exist.",
        fixHint: "Remove the key or correct its spelling.",
        triggering: [
            E.brand(
                "An entry with a key Xcode doesn't write",
                [#"{ "color" : "# + E.srgb(0.2, 0.4, 0.6) + #", "idiom" : "universal", "shade" : "deep" }"#])
        ],
        nonTriggering: [E.brand("An entry as Xcode writes it", [E.entry(E.srgb(0.2, 0.4, 0.6))])])

    /// A component string that reads differently depending on the style.
    public static let ambiguousComponent = Rule(
        id: .ambiguousComponent, name: "Ambiguous component", defaultSeverity: .warning,
        summary: "A component written \"0\" or \"1\" in an entry whose other components are decimal strings: Xcode reads "
            + "\"1\" as 1/255, while the other components suggest 1.0 was meant.",
        rationale: "The color shown differs from the one intended; status colors and brand colors drift.",
        fixHint: "Write every component of the entry in one style, for example \"1.000\" (1.0) or \"0x01\" (1/255).",
        triggering: [
            E.brand(
                "Red written \"1\" (1/255) beside green and blue written as decimals",
                [
                    E.entry(
                        #"{ "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0.500", "green" : "0.500", "red" : "1" } }"#
                    )
                ])
        ],
        nonTriggering: [E.brand("Every component written as a decimal", [E.entry(E.srgb(1, 0.5, 0.5))])])

    /// A set type or image format GamutKit doesn't check.
    public static let notChecked = Rule(
        id: .notChecked, name: "Not checked", defaultSeverity: .info,
        summary: "A set type other than colorset, imageset and appiconset (data, symbols, textures, …), or a file that is "
            + "none of the image formats GamutKit reads (PNG, JPEG, TIFF, WebP, HEIF, AVIF) by its content, such as a PDF, "
            + "SVG or GIF: listed, not checked. Advisory.",
        rationale: "It may hold colors or images that these rules don't see.",
        fixHint: "Nothing to do; check such assets by other means.",
        isAdvisory: true,
        triggering: [
            E.catalog(
                "A data set",
                [
                    "Notes.dataset/Contents.json": .text(
                        #"{ "data" : [ { "filename" : "notes.txt", "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
                    ),
                    "Notes.dataset/notes.txt": .text("notes"),
                ])
        ],
        nonTriggering: [E.brand("A colorset", [E.entry(E.srgb(0.2, 0.4, 0.6))])])

    /// A system color reference that names no color Apple documents.
    public static let unresolvedSystemColor = Rule(
        id: .unresolvedSystemColor, name: "Unknown system color", defaultSeverity: .info,
        summary: "A reference to a system color (platform + reference) that names no color UIKit or AppKit documents "
            + "(`labelColor`, `systemBackgroundColor` and the others are known); it is left out of the color comparisons.",
        rationale: "HIG (Color): system colors adapt to appearance and accessibility settings; a reference no platform "
            + "defines is usually misspelled.",
        fixHint: "Pick the system color again in Xcode's color set inspector (Content), or correct the reference's spelling.",
        triggering: [E.brand("A reference to systemMauveColor", [E.entry(#"{ "platform" : "ios", "reference" : "systemMauveColor" }"#)])],
        nonTriggering: [E.brand("A reference to systemBlueColor", [E.entry(#"{ "platform" : "ios", "reference" : "systemBlueColor" }"#)])])

    /// A filename escaping its set folder.
    public static let unsafePath = Rule(
        id: .unsafePath, name: "Path escapes its set", defaultSeverity: .error,
        summary: "A filename in Contents.json that leaves its set folder (`..`, an absolute path, a folder), or a symbolic "
            + "link that points outside the catalog; refused, not read.",
        rationale: "Xcode only packages files inside the set; a path outside it is a mistake or an attempt to read other files.",
        fixHint: "Copy the file into the set folder and reference it by its bare name.",
        triggering: [
            E.catalog(
                "An image set whose file name leaves the set",
                ["Art.imageset/Contents.json": .text(E.imageSet([("../art.png", "")])), "art.png": .image(E.calmBands)])
        ],
        nonTriggering: [E.artSet("An image set with its file inside", E.calmBands)])

    /// A referenced file that isn't there.
    public static let missingFile = Rule(
        id: .missingFile, name: "Missing file", defaultSeverity: .error,
        summary: "An image entry whose filename doesn't exist in the set folder.",
        rationale: "The slot ships empty: the app shows nothing, or a wrong-scale fallback.",
        fixHint: "Add the file, or clear the entry's filename.",
        triggering: [
            E.catalog("An image set naming a file that isn't there", ["Art.imageset/Contents.json": .text(E.imageSet([("art.png", "")]))])
        ],
        nonTriggering: [E.artSet("An image set with its file", E.calmBands)])

    /// A file in a set that no entry references.
    public static let unreferencedFile = Rule(
        id: .unreferencedFile, name: "Unreferenced file", defaultSeverity: .warning,
        summary: "A file inside a set folder that no entry of its Contents.json references.",
        rationale: "It isn't shipped; often it is the variant someone meant to add (an sRGB or dark version).",
        fixHint: "Reference it from an entry, or delete it.",
        triggering: [
            E.catalog(
                "An image set holding a file no entry names",
                [
                    "Art.imageset/Contents.json": .text(E.imageSet([("art.png", "")])), "Art.imageset/art.png": .image(E.calmBands),
                    "Art.imageset/old.png": .image(E.calmBands),
                ])
        ],
        nonTriggering: [E.artSet("An image set holding only its file", E.calmBands)])

    // MARK: Colors

    /// A wide color whose run-time match to sRGB turns its hue, with no sRGB variant: a warning. One that only loses
    /// chroma is advice: the closest sRGB color is what Apple's match shows, and what any variant would be.
    public static let colorNeedsSRGBVariant = Rule(
        id: .colorNeedsSRGBVariant, name: "Wide color without sRGB variant", defaultSeverity: .warning,
        summary: "A colorset entry outside sRGB that sRGB displays clip visibly (ΔE00 ≥ 1.0) and turn in hue (ΔH in OKLab "
            + "≥ 0.02), in a set with no `display-gamut` sRGB entry for the same appearance and idiom. When the clip keeps "
            + "the hue (chroma lost only), the finding is advisory.",
        rationale: "HIG (Color management): provide color space–specific color variations \"to ensure visual fidelity on both "
            + "wide color and sRGB displays\".",
        fixHint: "Add an sRGB `display-gamut` variant picked for sRGB displays (for example the color mapped into sRGB), "
            + "or bring the color inside sRGB.",
        thresholds: ["visibleClip", "visibleHueShift"],
        triggering: [E.brand("The most saturated Display P3 green, with no sRGB variant", [E.entry(E.p3(0, 1, 0))]).advisory()],
        nonTriggering: [E.brand("A Display P3 color inside sRGB", [E.entry(E.p3(0.5, 0.5, 0.5))])])

    /// An sRGB display-gamut slot holding a color sRGB can't show.
    public static let srgbSlotOutOfGamut = Rule(
        id: .srgbSlotOutOfGamut, name: "sRGB slot out of sRGB", defaultSeverity: .error,
        summary: "An entry for `display-gamut` sRGB whose color is outside sRGB (beyond the gamut tolerance).",
        rationale: "The sRGB variant exists so that sRGB displays get a color they can show; this one gets clipped anyway.",
        fixHint: "Use a color inside sRGB for the sRGB slot (color space srgb, components 0…1).",
        thresholds: ["gamutTolerance"],
        triggering: [
            E.brand(
                "An sRGB slot holding an extended-sRGB green outside sRGB",
                [
                    E.entry(E.p3(0, 1, 0), gamut: "display-P3"),
                    E.entry(E.color("extended-srgb", [-0.2, 1.05, 0]), gamut: "sRGB"),
                ])
        ],
        nonTriggering: [
            E.brand(
                "An sRGB slot holding sRGB's green",
                [E.entry(E.p3(0, 1, 0), gamut: "display-P3"), E.entry(E.srgb(0, 1, 0), gamut: "sRGB")])
        ])

    /// A display-gamut slot without its counterpart.
    public static let unpairedDisplayGamut = Rule(
        id: .unpairedDisplayGamut, name: "Unpaired display-gamut slot", defaultSeverity: .warning,
        summary: "A set with a `display-gamut` display-P3 entry and no sRGB entry for the same appearance and idiom, or the reverse.",
        rationale: "Devices of the missing gamut fall back to another entry, which is rarely what was meant.",
        fixHint: "Fill both slots, or remove the display-gamut split.",
        triggering: [E.brand("A display-P3 entry with no sRGB entry beside it", [E.entry(E.p3(0, 1, 0), gamut: "display-P3")])],
        nonTriggering: [
            E.brand(
                "A display-P3 entry and its sRGB entry",
                [E.entry(E.p3(0, 1, 0), gamut: "display-P3"), E.entry(E.srgb(0, 1, 0), gamut: "sRGB")])
        ])

    /// A custom color without a dark variant, in an app that has dark variants elsewhere: a warning for a color whose
    /// role the policy declares (a contrast pair or distinct group), advice for the others (many colors read on both
    /// backgrounds, or are swapped by code).
    public static let missingDarkVariant = Rule(
        id: .missingDarkVariant, name: "No dark variant", defaultSeverity: .warning,
        summary: "A custom color with no `luminosity` dark entry (a dark entry naming a system color counts), reported only "
            + "when another catalog or set of the same run has dark variants (the app supports Dark Mode), and never for "
            + "watchOS catalogs (always dark) or app icons. A warning for a color the policy names in a contrast pair or "
            + "distinct group; advisory for the others.",
        rationale: higContexts + " \"If you define a custom color, make sure to supply light and dark variants.\"",
        fixHint: "Add a Dark appearance to the color set (Appearances: Any, Dark) and pick a color for it.",
        triggering: [
            E.colors(
                "A color without a dark entry in a catalog whose other color has one",
                [
                    "Brand": E.colorSet([E.entry(E.srgb(0.2, 0.4, 0.6))]),
                    "Background": E.colorSet([E.entry(E.srgb(1, 1, 1)), E.entry(E.srgb(0, 0, 0), dark: true)]),
                ]
            ).advisory()
        ],
        nonTriggering: [
            E.colors(
                "Every color with a dark entry",
                [
                    "Brand": E.colorSet([E.entry(E.srgb(0.2, 0.4, 0.6)), E.entry(E.srgb(0.4, 0.6, 0.8), dark: true)]),
                    "Background": E.colorSet([E.entry(E.srgb(1, 1, 1)), E.entry(E.srgb(0, 0, 0), dark: true)]),
                ])
        ])

    /// A custom color without an increased-contrast variant (advisory).
    public static let missingHighContrastVariant = Rule(
        id: .missingHighContrastVariant, name: "No increased-contrast variant", defaultSeverity: .info,
        summary: "A custom color with no `contrast` high entry.",
        rationale: higContexts + " Supply \"an increased contrast option for each variant that provides a significantly "
            + "higher amount of visual differentiation\".",
        fixHint: "Turn on High Contrast for the color set and pick colors for it.",
        isAdvisory: true,
        triggering: [E.brand("A color without an increased-contrast entry", [E.entry(E.srgb(0.2, 0.4, 0.6))])],
        nonTriggering: [
            E.brand(
                "A color with an increased-contrast entry",
                [E.entry(E.srgb(0.2, 0.4, 0.6)), E.entry(E.srgb(0.1, 0.2, 0.4), highContrast: true)])
        ])

    /// A dark variant equal to the light one.
    public static let darkSameAsLight = Rule(
        id: .darkSameAsLight, name: "Dark variant equals light", defaultSeverity: .info,
        summary: "A dark entry within ΔE00 1.0 (and the same alpha) of the light or any entry it pairs with. Advisory: brand "
            + "and status colors often read on both backgrounds.",
        rationale: higContexts + " A dark variant that repeats the light color adapts to nothing.",
        fixHint: "Pick a dark color for dark backgrounds, or remove the dark entry if one color is meant.",
        isAdvisory: true,
        thresholds: ["sameColor"],
        triggering: [
            E.brand("A dark entry equal to the light one", [E.entry(E.srgb(0.2, 0.4, 0.6)), E.entry(E.srgb(0.2, 0.4, 0.6), dark: true)])
        ],
        nonTriggering: [E.brand("A lighter dark entry", [E.entry(E.srgb(0.2, 0.4, 0.6)), E.entry(E.srgb(0.5, 0.7, 0.9), dark: true)])])

    /// A custom color that repeats a published system color.
    public static let systemColorDuplicate = Rule(
        id: .systemColorDuplicate, name: "Hard-coded system color", defaultSeverity: .info,
        summary: "A custom color within ΔE00 1.0 of a system color the HIG publishes, in light and in dark alike (both "
            + "appearances a device shows must match the same system color), compared with the current table and the earlier "
            + "table of the platform the entry targets: its idiom, or for `universal` the platforms the catalog is for (its app "
            + "icons, idioms and system color references say which). Advisory: style advice, nothing is lost on sRGB.",
        rationale: "HIG (Color): \"Avoid hard-coding system color values in your app.\" The actual values change between "
            + "releases and adapt to accessibility settings.",
        fixHint: "Use the system color (in the color set: Content → System color, or the `Color`/`UIColor` API) instead.",
        isAdvisory: true,
        thresholds: ["sameColor"],
        triggering: [
            E.brand(
                "A custom color equal to iOS's systemBlue in light (#007AFF) and dark (#0A84FF)",
                [E.entry(E.srgb(0, 0.478, 1)), E.entry(E.srgb(0.039, 0.518, 1), dark: true)])
        ],
        nonTriggering: [E.brand("A custom color no system color matches", [E.entry(E.srgb(0.2, 0.4, 0.6))])])

    // MARK: Images

    /// A wide-gamut image whose automatic sRGB derivative turns hues, with no sRGB variant: a warning; one that only loses
    /// chroma is advice.
    public static let imageNeedsSRGBVariant = Rule(
        id: .imageNeedsSRGBVariant, name: "Wide image without sRGB variant", defaultSeverity: .warning,
        summary: "An image with a profile wider than sRGB whose automatic sRGB derivative (a colorimetric match, 8 bits) turns "
            + "the hue of at least 16 pixels (ΔE00 ≥ 1.0 and ΔH in OKLab ≥ 0.02), in a set with no `display-gamut` sRGB "
            + "entry; one finding per set, listing its files. When the derivative keeps the hues (chroma lost only), the "
            + "finding is advisory. App icons, which hold no variants, are told how to keep their colors inside sRGB.",
        rationale: "HIG (Color management): provide color space–specific image variations \"to ensure visual fidelity on "
            + "both wide color and sRGB displays\".",
        fixHint: "Add an sRGB `display-gamut` variant: `gamut-check convert FILE --to srgb` makes one.",
        thresholds: ["visibleClip", "visibleClipMinimumPixels", "visibleHueShift"],
        triggering: [E.artSet("A 16-bit Display P3 image of the most saturated green, with no sRGB variant", E.p3Green).advisory()],
        nonTriggering: [E.artSet("A 16-bit Display P3 image whose colors are inside sRGB", E.calmBands)])

    /// A P3 image with 8 bits per channel whose smooth ramps band visibly (advisory when none do: one-code steps of 8
    /// bits are far below a visible band).
    public static let p3Image8Bit = Rule(
        id: .p3Image8Bit, name: "P3 image at 8 bits", defaultSeverity: .warning,
        summary: "An image whose profile is wider than sRGB (a primary or secondary clipped visibly on sRGB, whatever the "
            + "profile's name) stored with 8 bits per channel, whose smooth ramps band: a staircase of flat bands at least "
            + "`bandingMinimumWidth` px wide whose lightness steps by ΔE00 ≥ `bandingStep`, `gradientMinimumSteps` edges a "
            + "line over `gradientMinimumLines` lines, each channel moving by at most `gradientMaximumStepFraction` of full "
            + "scale (a ramp posterized to a few codes a step; one-code steps of 8 bits stay under `bandingStep`). "
            + "Apple's build dithers a 16-bit master to 8 bits; bands already in an 8-bit file ship as they are. One finding "
            + "per set, listing its files. Without banding (flat art, photos, full-level ramps), advisory.",
        rationale: higWideColor + " At 8 bits, P3's wider steps band in smooth gradients.",
        fixHint: "Export at 16 bits per channel (PNG), without reducing the ramp's levels (a palette optimizer's output "
            + "without dither, an export at fewer levels).",
        thresholds: ["bandingStep", "bandingMinimumWidth", "gradientMinimumSteps", "gradientMinimumLines", "gradientMaximumStepFraction"],
        triggering: [
            E.artSet(
                "A dark teal Display P3 ramp posterized at 8 bits: 16 bands of 32 px, lightness steps of ΔE00 up to 1.5", E.posterizedRamp)
        ],
        nonTriggering: [
            E.artSet(
                "The same ramp at every 8-bit level (one-code steps, advisory)",
                ExampleImage(
                    .ramp([40.0 / 255, 40.0 / 255, 120.0 / 255], [40.0 / 255, 115.0 / 255, 120.0 / 255]), bitDepth: 8, width: 512)
            ).advisory(),
            E.artSet(
                "A flat Display P3 image at 8 bits (advisory)", ExampleImage(.bands([[0.2, 0.4, 0.6], [0.6, 0.4, 0.2]]), bitDepth: 8)
            ).advisory(),
        ])

    /// What an app icon finding suggests: app icon sets hold no display-gamut variants.
    static let appIconFixHint =
        "App icon sets hold no sRGB variant: the icon is matched to sRGB automatically. To control what sRGB displays show, "
        + "bring the icon's colors inside sRGB in the master (map them with a hue-keeping gamut map, such as `gamut-check "
        + "convert FILE --to srgb --gamut-map css`, and re-export in Display P3), or separate the colors that collapse."

    /// An image without color information (advisory: every Apple platform shows it as sRGB, as Xcode treats it).
    public static let imageWithoutProfile = Rule(
        id: .imageWithoutProfile, name: "No embedded profile", defaultSeverity: .info,
        summary: "An image with no iCCP, sRGB, cICP or gAMA/cHRM chunk: Xcode and every Apple platform treat it as sRGB, "
            + "so it is checked as sRGB; one finding per set.",
        rationale: higProfiles + " An untagged P3 export looks dull on every display.",
        fixHint: "Export with the color profile embedded (Display P3 or sRGB).",
        isAdvisory: true,
        triggering: [E.artSet("A PNG with no profile", ExampleImage(.bands([[0.2, 0.4, 0.6]]), profile: nil, bitDepth: 8))],
        nonTriggering: [E.artSet("A PNG with an sRGB profile", ExampleImage(.bands([[0.2, 0.4, 0.6]]), profile: .sRGB, bitDepth: 8))])

    /// A P3-tagged image whose pixels all fit in sRGB.
    public static let wideProfileFitsSRGB = Rule(
        id: .wideProfileFitsSRGB, name: "Wide profile, sRGB content", defaultSeverity: .info,
        summary: "An image with a wide-gamut profile whose pixels are all inside sRGB.",
        rationale: "HIG (Color management): \"The sRGB color space produces accurate colors on most displays.\" Nothing is "
            + "lost, but the wide profile buys nothing.",
        fixHint: "Nothing to do; an sRGB export would be equivalent.",
        isAdvisory: true,
        triggering: [E.artSet("A Display P3 image whose colors are all inside sRGB", E.calmBands)],
        nonTriggering: [E.artSet("A Display P3 image of a green outside sRGB", E.p3Green)])

    /// A template image carrying a wide-gamut profile.
    public static let templateWideGamut = Rule(
        id: .templateWideGamut, name: "Template image with wide profile", defaultSeverity: .info,
        summary: "An image set rendered as a template (only alpha is used) whose image carries a wide-gamut profile.",
        rationale: "Template images are tinted by the system; their colors, and their profile, are ignored.",
        fixHint: "Nothing to fix; exporting templates in sRGB or gray keeps them smaller.",
        isAdvisory: true,
        triggering: [E.artSet("A template image with a Display P3 profile", E.calmBands, properties: E.template)],
        nonTriggering: [
            E.artSet(
                "A template image with an sRGB profile", ExampleImage(.bands([[0.2, 0.4, 0.6]]), profile: .sRGB, bitDepth: 8),
                properties: E.template)
        ])

    /// Every catalog rule, in report order.
    public static let catalog = [
        catalogSyntax, catalogInvalid, unsafePath, missingFile, srgbSlotOutOfGamut,
        colorNeedsSRGBVariant, imageNeedsSRGBVariant, unpairedDisplayGamut, systemColorDuplicate, darkSameAsLight,
        missingDarkVariant, p3Image8Bit, imageWithoutProfile, ambiguousComponent, catalogUnknown, unreferencedFile,
        missingHighContrastVariant, wideProfileFitsSRGB, templateWideGamut, unresolvedSystemColor, notChecked,
    ]
}
