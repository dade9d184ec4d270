/// The keys and values of `Contents.json` files, as Apple's *Asset Catalog Format Reference* (Catalog, Group, Image
/// Set, App Icon, Named Color, Data Set and Symbol Set types) names them, plus what Xcode writes beyond it:
/// `appearances` (luminosity `light`, `dark`, `tinted`; contrast `high`), `resizing`'s older `capInsets` spelling,
/// `alignment-insets`, `symbol-rendering-intent`, the catalog's `generate-swift-asset-symbol-extensions`.
///
/// ``CatalogReader`` accepts everything listed here. A key listed nowhere is `catalog-unknown` (info, never an
/// error): Xcode keeps adding keys, and one GamutKit doesn't know changes nothing it checks. Values are checked only
/// where they change what GamutKit checks (appearances, display gamut, idiom, template rendering, resizing modes).
enum CatalogFormat {
    /// The `info` object of every `Contents.json`.
    static let infoKeys: Set<String> = ["author", "version"]

    /// `properties` of the catalog's own `Contents.json`.
    static let catalogProperties: Set<String> = [
        "compression-type", "generate-swift-asset-symbol-extensions", "localizable", "on-demand-resource-tags", "provides-namespace",
    ]

    /// `properties` of a group (a folder without extension).
    static let groupProperties: Set<String> = ["compression-type", "localizable", "on-demand-resource-tags", "provides-namespace"]

    /// The slot components (Image Set Type: "Slot component") every entry of a set may carry, whatever its type.
    static let slotComponents: Set<String> = [
        "appearances", "color-space", "compression-type", "display-gamut", "graphics-feature-set", "height-class", "idiom",
        "language-direction", "locale", "memory", "platform", "role", "scale", "screen-width", "size", "subtype", "unassigned",
        "width-class", "matching-style",
    ]

    /// A set type GamutKit reads: the key of its entry list, its `properties` keys and the keys of its entries.
    struct SetType {
        /// `colors`, `images`, `data` or `symbols`.
        var list: String
        var properties: Set<String>
        var entryKeys: Set<String>
    }

    /// The set types read, by folder extension; other set types (`.imagestack`, `.brandassets`, `.complicationset`,
    /// `.launchimage`, `.spriteatlas`, `.textureset`, `.arresourcegroup`, `.stickerpack`, …) are listed, not read.
    static let setTypes: [String: SetType] = [
        "colorset": SetType(
            list: "colors", properties: ["localizable", "on-demand-resource-tags"],
            entryKeys: slotComponents.union(["color"])),
        "imageset": SetType(
            list: "images",
            properties: [
                "auto-scaling", "compression-type", "localizable", "on-demand-resource-tags",
                "preserves-vector-representation", "template-rendering-intent",
            ],
            entryKeys: slotComponents.union([
                "alignment-insets", "filename", "resizing", "orientation", "extent",
                "minimum-system-version", "expected-size",
            ])),
        "appiconset": SetType(
            list: "images", properties: ["on-demand-resource-tags", "pre-rendered"],
            entryKeys: slotComponents.union(["filename", "expected-size", "minimum-system-version"])),
        "dataset": SetType(
            list: "data", properties: ["localizable", "on-demand-resource-tags"],
            entryKeys: slotComponents.union(["filename", "universal-type-identifier"])),
        "symbolset": SetType(
            list: "symbols",
            properties: [
                "localizable", "on-demand-resource-tags", "preserves-vector-representation",
                "symbol-rendering-intent", "template-rendering-intent",
            ],
            entryKeys: slotComponents.union(["filename"])),
    ]

    /// Idioms (Image Set Type, `idiom`).
    static let idioms: Set<String> = [
        "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision", "ios-marketing", "watch-marketing", "mac-catalyst",
    ]

    /// `appearances[].appearance` → its values. `tinted` is the iOS 18 tinted app icon.
    static let appearances: [String: Set<String>] = ["luminosity": ["light", "dark", "tinted"], "contrast": ["high"]]

    /// Keys of a colorset entry's `color`.
    static let colorKeys: Set<String> = ["color-space", "components", "platform", "reference"]

    /// `properties.template-rendering-intent`.
    static let templateRenderingIntents: Set<String> = ["original", "template"]

    /// `resizing` (slicing for resizable images): its keys, `mode` values, and `center` keys and `mode` values.
    /// Xcode wrote `capInsets` before `cap-insets`; both are read.
    static let resizingKeys: Set<String> = ["mode", "center", "cap-insets", "capInsets"]
    static let resizingModes: Set<String> = ["9-part", "3-part-horizontal", "3-part-vertical"]
    static let resizingCenterKeys: Set<String> = ["mode", "width", "height"]
    static let resizingCenterModes: Set<String> = ["fill", "stretch", "tile"]
    static let insetKeys: Set<String> = ["top", "bottom", "left", "right"]
}
