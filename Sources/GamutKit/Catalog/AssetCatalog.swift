/// An Xcode asset catalog (`.xcassets` folder) as read by ``CatalogReader``: its sets, and the
/// problems found while reading it (as findings with file, line and key path).
package struct AssetCatalog: Sendable {
    /// The catalog folder, as given.
    package var path: String
    /// Every set found, in path order.
    package var assets: [CatalogAsset]
    /// Problems found while reading: broken or unknown JSON, malformed values, unsafe paths.
    package var readingFindings: [Finding]
    /// Every `Contents.json` read (catalog root, groups and sets).
    package var contentsFiles: [String]
}

/// One set folder of a catalog.
package struct CatalogAsset: Sendable {
    /// The kind of set, from the folder's extension.
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        case colorSet, imageSet, appIconSet
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

        package var description: String {
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
    package var name: String
    /// The kind of set.
    package var kind: Kind
    /// The set folder's path.
    package var folder: String
    /// Its `Contents.json`.
    package var contentsFile: String
    /// The color entries (color sets).
    package var colors: [CatalogColorEntry]
    /// The image entries (image and app icon sets).
    package var images: [CatalogImageEntry]
    /// Whether the set asks for template rendering (`properties.template-rendering-intent` = `template`).
    package var isTemplate: Bool
    /// Files in the set folder that no entry references (hidden files and `Contents.json` aside).
    package var unreferencedFiles: [String]
}

/// The appearance an entry is for: luminosity (any, light, dark, tinted) and contrast (normal or high).
package struct CatalogAppearance: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `luminosity` appearance. `tinted` is the tinted app icon of iOS 18 (Home Screen customization): no color
    /// context uses it.
    package enum Luminosity: String, Sendable, Hashable, CaseIterable { case any, light, dark, tinted }
    /// The luminosity: `any` when the entry has no luminosity appearance.
    package var luminosity: Luminosity
    /// True for `contrast` = `high`.
    package var highContrast: Bool

    /// Creates an appearance.
    package init(luminosity: Luminosity = .any, highContrast: Bool = false) {
        self.luminosity = luminosity
        self.highContrast = highContrast
    }

    /// Any appearance (an entry without `appearances`).
    package static let any = CatalogAppearance()

    /// "any", "dark", "light, high contrast", …
    package var description: String {
        luminosity.rawValue + (highContrast ? ", high contrast" : "")
    }

    package static func < (l: CatalogAppearance, r: CatalogAppearance) -> Bool {
        (l.highContrast ? 1 : 0, CatalogAppearance.Luminosity.allCases.firstIndex(of: l.luminosity)!)
            < (r.highContrast ? 1 : 0, CatalogAppearance.Luminosity.allCases.firstIndex(of: r.luminosity)!)
    }
}

/// The `display-gamut` an entry is for (case-sensitive in `Contents.json`).
package enum CatalogDisplayGamut: String, Sendable, Hashable {
    case sRGB
    case displayP3 = "display-P3"
}

/// A color space of a colorset entry (`color-space`).
package enum CatalogColorSpace: String, Sendable, Hashable, CaseIterable {
    case sRGB = "srgb"
    case displayP3 = "display-p3"
    case extendedSRGB = "extended-srgb"
    case extendedLinearSRGB = "extended-linear-srgb"
    case grayGamma22 = "gray-gamma-22"
    case extendedGray = "extended-gray"

    /// Whether the space is gray (one `white` component).
    package var isGray: Bool { self == .grayGamma22 || self == .extendedGray }
    /// Whether components may leave 0…1.
    package var isExtended: Bool { self == .extendedSRGB || self == .extendedLinearSRGB || self == .extendedGray }
    /// Whether colors in this space can leave sRGB.
    package var isWide: Bool { self != .sRGB && self != .grayGamma22 }

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
package enum CatalogColorValue: Sendable, Hashable {
    /// Components (0…1 after decoding; extended spaces may leave that range) and alpha.
    case components(CatalogColorSpace, [Double], alpha: Double)
    /// A reference to a system color (`platform`, `reference`).
    case system(platform: String, reference: String)
    /// No `color` at all: the platform's default. Xcode's template `AccentColor` and `WidgetBackground` sets are this
    /// (the system accent and widget background colors).
    case platformDefault
}

/// One entry of a colorset's `colors` array.
package struct CatalogColorEntry: Sendable, Hashable {
    /// `idiom` (`universal` when absent).
    package var idiom: String
    /// Its appearance.
    package var appearance: CatalogAppearance
    /// Its `display-gamut`, nil for both.
    package var displayGamut: CatalogDisplayGamut?
    /// The color; nil when the entry's color could not be read (a reading finding says why).
    package var color: CatalogColorValue?
    /// 1-based line of the entry in `Contents.json`.
    package var line: Int
    /// Key path of the entry, like `colors[2]`.
    package var keyPath: String
}

/// One entry of an imageset's or app icon set's `images` array.
package struct CatalogImageEntry: Sendable, Hashable {
    /// `filename`, nil for an empty slot.
    package var filename: String?
    /// The file's path when the filename is safe (inside the set folder); nil otherwise or when empty.
    package var path: String?
    /// `idiom`.
    package var idiom: String
    /// `scale` (`1x`, `2x`, `3x`), if given.
    package var scale: String?
    /// `platform` (app icons: `ios`, `macos`, `watchos`, …), if given.
    package var platform: String?
    /// Its appearance.
    package var appearance: CatalogAppearance
    /// Its `display-gamut`, nil for both.
    package var displayGamut: CatalogDisplayGamut?
    /// 1-based line of the entry in `Contents.json`.
    package var line: Int
    /// Key path of the entry, like `images[0]`.
    package var keyPath: String

    /// Creates an entry.
    package init(
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
