/// A system color as the HIG publishes it: 8-bit sRGB values per appearance.
public struct SystemColor: Sendable, Hashable {
    /// The HIG's name ("Red", "Gray (2)").
    public var name: String
    /// The API name ("red", "systemGray2").
    public var api: String
    /// The table it comes from: `current` (June 2025 revision) or a legacy platform table (`iOS`, `macOS`, …).
    public var table: String
    /// 8-bit sRGB values: default light, default dark, increased-contrast light and dark (nil where the table has none).
    public var light: [Int], dark: [Int]?, highContrastLight: [Int]?, highContrastDark: [Int]?

    /// The value for an appearance (`any` is light), falling back to the normal-contrast value.
    public func value(for appearance: CatalogAppearance) -> [Int] {
        switch (appearance.luminosity, appearance.highContrast) {
        case (.dark, true): highContrastDark ?? dark ?? light
        case (.dark, false): dark ?? light
        case (_, true): highContrastLight ?? light
        case (_, false): light
        }
    }
}

/// The system colors published in Apple's Human Interface Guidelines (Color > Specifications), current
/// and earlier tables, bundled with GamutKit. Values are 8-bit sRGB (the HIG doesn't name a space; the
/// platforms' default is sRGB).
public enum SystemColors {
    /// Every published entry: the current table first, then the legacy tables.
    public static let all: [SystemColor] = parse(publishedJSON)

    /// The current table's entries.
    public static var current: [SystemColor] { all.filter { $0.table == "current" } }

    /// The color a colorset's system reference stands for, from the current table: `systemRedColor`,
    /// `systemGray2Color`, `red` and `systemRed` all name Red. Nil for colors the HIG doesn't publish
    /// (semantic colors like `labelColor`).
    public static func resolve(reference: String) -> SystemColor? {
        var key = reference
        if key.hasSuffix("Color") { key.removeLast(5) }
        return current.first { entry in
            let api = entry.api
            let systemForm = api.hasPrefix("system") ? api : "system" + api.prefix(1).uppercased() + api.dropFirst()
            return key == api || key == systemForm
        }
    }

    static func parse(_ text: String) -> [SystemColor] {
        guard let root = try? LocatedJSON.parse(Array(text.utf8)) else { return [] }
        func rgb(_ value: LocatedJSON?) -> [Int]? {
            guard let elements = value?.elements, elements.count == 3 else { return nil }
            let values = elements.compactMap { element -> Int? in
                if case .number(_, let v) = element.value { return Int(v) }
                return nil
            }
            return values.count == 3 ? values : nil
        }
        func entries(_ list: LocatedJSON?, table: String) -> [SystemColor] {
            (list?.elements ?? []).compactMap { e in
                guard let name = e["name"]?.string, let api = e["api"]?.string, let light = rgb(e["light"]) else { return nil }
                return SystemColor(
                    name: name, api: api, table: table, light: light, dark: rgb(e["dark"]),
                    highContrastLight: rgb(e["highContrastLight"]), highContrastDark: rgb(e["highContrastDark"]))
            }
        }
        var result = entries(root["current"], table: "current")
        for member in root["legacy"]?.members ?? [] {
            result += entries(member.value, table: member.key)
        }
        return result
    }
}
