/// An Xcode asset catalog (`.xcassets` folder) as ``CatalogAuditor`` reads it: its sets, and the
/// problems found while reading it (as findings with file, line and key path).
public struct AssetCatalog: Sendable {
    /// The catalog folder, as given.
    public var path: String
    /// Every set found, in path order.
    public var assets: [CatalogAsset]
    /// Problems found while reading: broken or unknown JSON, malformed values, unsafe paths.
    public var readingFindings: [Finding]
    /// Every `Contents.json` read (catalog root, groups and sets).
    public var contentsFiles: [String]
}

/// One set folder of a catalog.
public struct CatalogAsset: Sendable {
    /// The kind of set, from the folder's extension.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A `.colorset`: one color with its appearance and display-gamut variants.
        case colorSet
        /// An `.imageset`: an image with its scale, appearance and display-gamut variants.
        case imageSet
        /// An `.appiconset`: the app icon, matched to sRGB automatically where needed.
        case appIconSet
        /// Another set type (`dataset`, `symbolset`, …): listed, not checked.
        case other(String)

        init(extension ext: String) {
            switch ext {
            case "colorset": self = .colorSet
            case "imageset": self = .imageSet
            case "appiconset": self = .appIconSet
            default: self = .other(ext)
            }
        }

        public var description: String {
            switch self {
            case .colorSet: "colorset"
            case .imageSet: "imageset"
            case .appIconSet: "appiconset"
            case .other(let ext): ext
            }
        }
    }

    /// The name code uses: the folder name without extension, prefixed by the groups that provide a namespace
    /// (`Brand/Accent`).
    public var name: String
    /// The kind of set.
    public var kind: Kind
    /// The set folder's path.
    public var folder: String
    /// Its `Contents.json`.
    public var contentsFile: String
    /// The color entries (color sets).
    public var colors: [CatalogColorEntry]
    /// The image entries (image and app icon sets).
    public var images: [CatalogImageEntry]
    /// Whether the set asks for template rendering (`properties.template-rendering-intent` = `template`).
    public var isTemplate: Bool
    /// Files in the set folder that no entry references (hidden files and `Contents.json` aside).
    public var unreferencedFiles: [String]
}

/// The appearance an entry is for: luminosity (any, light, dark, tinted) and contrast (normal or high).
public struct CatalogAppearance: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `luminosity` appearance. `tinted` is the tinted app icon of iOS 18 (Home Screen customization): no color
    /// context uses it.
    public enum Luminosity: String, Sendable, Hashable, CaseIterable {
        /// No luminosity appearance: the entry for every appearance without its own.
        case any
        /// Light appearance.
        case light
        /// Dark appearance (Dark Mode).
        case dark
        /// The tinted app icon.
        case tinted
    }
    /// The luminosity: `any` when the entry has no luminosity appearance.
    public var luminosity: Luminosity
    /// True for `contrast` = `high`.
    public var highContrast: Bool

    /// Creates an appearance.
    public init(luminosity: Luminosity = .any, highContrast: Bool = false) {
        self.luminosity = luminosity
        self.highContrast = highContrast
    }

    /// Any appearance (an entry without `appearances`).
    public static let any = CatalogAppearance()

    /// "any", "dark", "light, high contrast", …
    public var description: String {
        luminosity.rawValue + (highContrast ? ", high contrast" : "")
    }

    public static func < (l: CatalogAppearance, r: CatalogAppearance) -> Bool {
        (l.highContrast ? 1 : 0, CatalogAppearance.Luminosity.allCases.firstIndex(of: l.luminosity)!)
            < (r.highContrast ? 1 : 0, CatalogAppearance.Luminosity.allCases.firstIndex(of: r.luminosity)!)
    }
}

/// The `display-gamut` an entry is for (case-sensitive in `Contents.json`).
public enum CatalogDisplayGamut: String, Sendable, Hashable {
    /// `sRGB`: the variant sRGB devices show.
    case sRGB
    /// `display-P3`: the variant wide-color devices show.
    case displayP3 = "display-P3"
}

/// A color space of a colorset entry (`color-space`).
public enum CatalogColorSpace: String, Sendable, Hashable, CaseIterable {
    /// `srgb`: sRGB, components 0…1.
    case sRGB = "srgb"
    /// `display-p3`: Display P3, components 0…1.
    case displayP3 = "display-p3"
    /// `extended-srgb`: sRGB's primaries and curve, components outside 0…1 allowed (wide colors).
    case extendedSRGB = "extended-srgb"
    /// `extended-linear-srgb`: sRGB's primaries with linear components, outside 0…1 allowed.
    case extendedLinearSRGB = "extended-linear-srgb"
    /// `gray-gamma-22`: gray with a 2.2 gamma curve (one `white` component).
    case grayGamma22 = "gray-gamma-22"
    /// `extended-gray`: gray with sRGB's curve, outside 0…1 allowed.
    case extendedGray = "extended-gray"

    /// Whether the space is gray (one `white` component).
    public var isGray: Bool { self == .grayGamma22 || self == .extendedGray }
    /// Whether components may leave 0…1.
    public var isExtended: Bool { self == .extendedSRGB || self == .extendedLinearSRGB || self == .extendedGray }
    /// Whether colors in this space can leave sRGB.
    public var isWide: Bool { self != .sRGB && self != .grayGamma22 }

    /// The color as a ``NamedColor`` GamutKit can evaluate. Extended components are extended by odd
    /// symmetry, as Apple's extended spaces are. Gray becomes neutral linear sRGB (the D50-adapted white
    /// of every built-in space is the same), `gray-gamma-22` with a 2.2 power curve and `extended-gray`
    /// with the sRGB curve (Core Graphics' `extendedGray`).
    func namedColor(_ name: String, components: [Double]) -> NamedColor {
        switch self {
        case .sRGB, .extendedSRGB: return NamedColor(name: name, profile: .sRGB, components: components)
        case .displayP3: return NamedColor(name: name, profile: .displayP3, components: components)
        case .extendedLinearSRGB: return NamedColor(name: name, profile: .linearSRGB, components: components)
        case .grayGamma22, .extendedGray:
            let linear = (self == .grayGamma22 ? TransferFunction.gamma(2.2) : .sRGB).linearize(components.first ?? 0)
            return NamedColor(name: name, profile: .linearSRGB, components: [linear, linear, linear])
        }
    }
}

/// What a colorset entry holds.
public enum CatalogColorValue: Sendable, Hashable {
    /// Components (0…1 after decoding; extended spaces may leave that range) and alpha.
    case components(CatalogColorSpace, [Double], alpha: Double)
    /// A reference to a system color (`platform`, `reference`).
    case system(platform: String, reference: String)
    /// No `color` at all: the platform's default. Xcode's template `AccentColor` and `WidgetBackground` sets are this
    /// (the system accent and widget background colors).
    case platformDefault
}

/// One entry of a colorset's `colors` array.
public struct CatalogColorEntry: Sendable, Hashable {
    /// `idiom` (`universal` when absent).
    public var idiom: String
    /// Its appearance.
    public var appearance: CatalogAppearance
    /// Its `display-gamut`, nil for both.
    public var displayGamut: CatalogDisplayGamut?
    /// The color; nil when the entry's color could not be read (a reading finding says why).
    public var color: CatalogColorValue?
    /// 1-based line of the entry in `Contents.json`.
    public var line: Int
    /// Key path of the entry, like `colors[2]`.
    public var keyPath: String
}

/// One entry of an imageset's or app icon set's `images` array.
public struct CatalogImageEntry: Sendable, Hashable {
    /// `filename`, nil for an empty slot.
    public var filename: String?
    /// The file's path when the filename is safe (inside the set folder); nil otherwise or when empty.
    public var path: String?
    /// `idiom`.
    public var idiom: String
    /// `scale` (`1x`, `2x`, `3x`), if given.
    public var scale: String?
    /// `platform` (app icons: `ios`, `macos`, `watchos`, …), if given.
    public var platform: String?
    /// Its appearance.
    public var appearance: CatalogAppearance
    /// Its `display-gamut`, nil for both.
    public var displayGamut: CatalogDisplayGamut?
    /// 1-based line of the entry in `Contents.json`.
    public var line: Int
    /// Key path of the entry, like `images[0]`.
    public var keyPath: String

    /// Creates an entry.
    public init(
        filename: String? = nil, path: String? = nil, idiom: String = "universal", scale: String? = nil, platform: String? = nil,
        appearance: CatalogAppearance = .any, displayGamut: CatalogDisplayGamut? = nil, line: Int, keyPath: String
    ) {
        self.filename = filename
        self.path = path
        self.idiom = idiom
        self.scale = scale
        self.platform = platform
        self.appearance = appearance
        self.displayGamut = displayGamut
        self.line = line
        self.keyPath = keyPath
    }
}
