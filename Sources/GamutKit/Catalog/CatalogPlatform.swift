import Foundation

/// An Apple platform the assets of a catalog are for. A catalog doesn't say it in one place; ``infer(_:)`` reads it
/// from what the catalog holds.
public enum CatalogPlatform: String, Sendable, Hashable, CaseIterable, Comparable {
    /// iOS and iPadOS (and Mac Catalyst, which uses their idioms and UIKit's colors).
    case iOS = "ios"
    /// macOS (AppKit).
    case macOS = "macos"
    /// tvOS.
    case tvOS = "tvos"
    /// visionOS.
    case visionOS = "visionos"
    /// watchOS, always dark.
    case watchOS = "watchos"

    public static func < (l: CatalogPlatform, r: CatalogPlatform) -> Bool {
        allCases.firstIndex(of: l)! < allCases.firstIndex(of: r)!
    }

    /// The platform an entry's `idiom` targets; nil for `universal` (every platform the catalog is for).
    public init?(idiom: String) {
        switch idiom {
        case "iphone", "ipad", "ios-marketing", "car", "mac-catalyst": self = .iOS
        case "mac": self = .macOS
        case "tv": self = .tvOS
        case "vision": self = .visionOS
        case "watch", "watch-marketing": self = .watchOS
        default: return nil
        }
    }

    /// The platform an app icon's `platform` key or a system color reference's `platform` names (`ios`, `osx`,
    /// `macos`, `watchos`, `tvos`, `visionos`, `xros`).
    public init?(platformKey: String) {
        switch platformKey.lowercased() {
        case "ios", "ipados": self = .iOS
        case "osx", "macos": self = .macOS
        case "tvos": self = .tvOS
        case "visionos", "xros": self = .visionOS
        case "watchos": self = .watchOS
        default: return nil
        }
    }

    /// The platforms a catalog's assets are for, from the strongest evidence it holds: its app icons (`platform`
    /// keys and idioms), else its complication sets (watchOS) or brand assets (tvOS's layered icons), else its system color references (`ios`, `osx`), else
    /// the idioms of its other entries, else a folder on its path named like a watch app (`… Watch App`,
    /// `… WatchKit Extension`). Empty when nothing says.
    public static func infer(_ catalog: AssetCatalog) -> Set<CatalogPlatform> {
        var icons: Set<CatalogPlatform> = [], references: Set<CatalogPlatform> = [], idioms: Set<CatalogPlatform> = []
        var complications = false, brandAssets = false
        for asset in catalog.assets {
            switch asset.kind {
            case .appIconSet:
                for entry in asset.images {
                    if let p = entry.platform.flatMap(CatalogPlatform.init(platformKey:)) ?? CatalogPlatform(idiom: entry.idiom) {
                        icons.insert(p)
                    }
                }
            case .other(let ext) where ext == "complicationset": complications = true
            case .other(let ext) where ext == "brandassets": brandAssets = true
            default:
                for entry in asset.images { if let p = CatalogPlatform(idiom: entry.idiom) { idioms.insert(p) } }
                for entry in asset.colors {
                    if case .system(let platform, _)? = entry.color, let p = CatalogPlatform(platformKey: platform) { references.insert(p) }
                    if let p = CatalogPlatform(idiom: entry.idiom) { idioms.insert(p) }
                }
            }
        }
        if !icons.isEmpty { return icons }
        if complications { return [.watchOS] }
        if brandAssets { return [.tvOS] }
        if !references.isEmpty { return references }
        if !idioms.isEmpty { return idioms }
        let components = catalog.path.split(separator: "/").map { $0.lowercased() }
        if components.contains(where: {
            $0.range(of: #"watch ?(kit|app|os)|watch (extension|extensions)$|^watch$"#, options: .regularExpression) != nil
        }) {
            return [.watchOS]
        }
        return []
    }
}

/// What the rules of one catalog need to know about the run it is audited in (the other catalogs of the app).
struct CatalogContext: Sendable {
    /// The platforms the catalog is for; when the catalog itself doesn't say, those of the run's other catalogs
    /// (watchOS aside). Empty when nothing in the run says.
    var platforms: Set<CatalogPlatform> = []
    /// Whether the run has dark variants outside watchOS catalogs: the app supports Dark Mode.
    var appHasDarkVariants = true

    /// Whether the catalog is only for watchOS, which is always dark.
    var isWatchOnly: Bool { platforms == [.watchOS] }

    /// The contexts of catalogs audited together.
    static func contexts(for catalogs: [AssetCatalog]) -> [CatalogContext] {
        let own = catalogs.map(CatalogPlatform.infer)
        let shared = own.reduce(into: Set<CatalogPlatform>()) { $0.formUnion($1) }.subtracting([.watchOS])
        let platforms = own.map { $0.isEmpty ? shared : $0 }
        let dark = zip(catalogs, platforms).contains { catalog, platforms in
            platforms != [.watchOS]
                && catalog.assets.contains { asset in
                    (asset.kind == .colorSet && asset.colors.contains { $0.appearance.luminosity == .dark })
                        || (asset.kind == .imageSet && asset.images.contains { $0.appearance.luminosity == .dark && $0.filename != nil })
                }
        }
        return platforms.map { CatalogContext(platforms: $0, appHasDarkVariants: dark) }
    }
}
