import Foundation

/// How a colorset writes its components, so new values are written the same way: the entry's own encoding (decimal
/// strings, 8-bit integer strings, hex strings, JSON numbers), with the file's precision (the most decimals its
/// components have, at least 3, Xcode's) and its habit of trimming trailing zeros (`0.5`, `1` beside `0.125`).
enum ComponentStyle: Equatable {
    /// `"0.123"` with this many decimals; `trimmed`: without trailing zeros (`"0.5"`), keeping one decimal.
    case decimalString(decimals: Int, trimmed: Bool)
    /// `"123"`, 0…255.
    case integerString
    /// `"0x7B"` (uppercase digits unless the file uses lowercase).
    case hexString(uppercase: Bool)
    /// A JSON number with this many decimals; `trimmed`: without trailing zeros (`0.5`, `1`).
    case number(decimals: Int, trimmed: Bool)

    /// One component as written.
    private enum Written {
        case hex(String), decimal(String), integer(String), number(String)
    }

    private static func written(_ value: LocatedJSON?) -> Written? {
        switch value?.value {
        case .string(let s)? where s.lowercased().hasPrefix("0x"): .hex(s)
        case .string(let s)? where s.contains(".") || s.lowercased().contains("e"): .decimal(s)
        case .string(let s)? where Int(s) != nil: .integer(s)
        case .number(let text, _)?: .number(text)
        default: nil
        }
    }

    /// The components of every entry of a file (`colors[].color.components`) under these keys.
    private static func fileComponents(_ file: LocatedJSON?, _ keys: [String]) -> [Written] {
        (file?["colors"]?.elements ?? []).flatMap { entry in keys.compactMap { written(entry["color"]?["components"]?[$0]) } }
    }

    /// The style of an entry's `components` object: its red, green and blue decide (decimal strings win over bare
    /// "0"/"1", which are ambiguous); an entry that leaves it open takes the file's most common style. Precision and
    /// trimming come from the whole file (`file` is its root object).
    init(components: LocatedJSON?, file: LocatedJSON? = nil) {
        // Channels decide the style (Xcode writes alpha "1.000" beside integer and hex channels); alpha counts for precision.
        let channels = Self.fileComponents(file, ["red", "green", "blue", "white"])
        let all =
            Self.fileComponents(file, ["red", "green", "blue", "white", "alpha"])
            + ["red", "green", "blue", "white", "alpha"].compactMap { Self.written(components?[$0]) }
        let own = ["red", "green", "blue"].compactMap { Self.written(components?[$0]) }
        func decide(_ list: [Written]) -> Written? {
            list.first { if case .hex = $0 { true } else { false } }
                ?? list.first { if case .decimal = $0 { true } else { false } }
                ?? list.first { if case .integer(let s) = $0 { s != "0" && s != "1" } else { false } }
                ?? list.first { if case .number = $0 { true } else { false } }
        }
        func precision(_ texts: [String]) -> (decimals: Int, trimmed: Bool) {
            let fractions = texts.map { text -> Substring in
                guard let dot = text.firstIndex(of: ".") else { return "" }
                return text[text.index(after: dot)...].prefix { $0.isNumber }
            }
            // At least Xcode's 3, at most 15 (17-digit doubles are binary noise past that).
            let decimals = min(15, max(3, fractions.map(\.count).max() ?? 3))
            let trimmed = !fractions.contains { $0.hasSuffix("0") } && Set(fractions.map(\.count)).count > 1
            return (decimals, trimmed)
        }
        switch decide(own) ?? decide(channels) {
        case .hex?:
            let letters = (own + channels).compactMap { w -> String? in
                guard case .hex(let s) = w else { return nil }
                let digits = s.dropFirst(2)
                return digits.contains { $0.isLetter } ? String(digits) : nil
            }
            self = .hexString(uppercase: letters.first.map { $0.uppercased() == $0 } ?? true)
        case .decimal?:
            let p = precision(all.compactMap { if case .decimal(let s) = $0 { s } else { nil } })
            self = .decimalString(decimals: p.decimals, trimmed: p.trimmed)
        case .integer?:
            self = .integerString
        case .number?:
            let texts = all.compactMap { if case .number(let s) = $0 { s } else { nil } }
            let p = precision(texts)
            self = .number(decimals: p.decimals, trimmed: p.trimmed || texts.contains { !$0.contains(".") })
        case nil:
            self = .decimalString(decimals: 3, trimmed: false)
        }
    }

    /// A component 0…1 written in this style (with quotes where the style has them).
    func format(_ v: Double) -> String {
        let v = min(max(v, 0), 1)
        func fixed(_ d: Int, trimmed: Bool, keepDecimal: Bool) -> String {
            var s = ColorText.fixed(v, places: d)
            guard trimmed, s.contains(".") else { return s }
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { if keepDecimal { s += "0" } else { s.removeLast() } }
            return s
        }
        switch self {
        case .decimalString(let d, let trimmed): return "\"" + fixed(d, trimmed: trimmed, keepDecimal: true) + "\""
        case .integerString: return "\"\(Int((v * 255).rounded()))\""
        case .hexString(let upper): return "\"0x" + String(format: upper ? "%02X" : "%02x", Int((v * 255).rounded())) + "\""
        case .number(let d, let trimmed): return fixed(d, trimmed: trimmed, keepDecimal: false)
        }
    }

    /// The distance between neighboring values this style can write.
    var step: Double {
        switch self {
        case .decimalString(let d, _), .number(let d, _): pow(10, -Double(d))
        case .integerString, .hexString: 1.0 / 255
        }
    }

    /// The value a component written in this style reads back as.
    func quantize(_ v: Double) -> Double {
        let v = min(max(v, 0), 1)
        switch self {
        case .decimalString(let d, _), .number(let d, _):
            let scale = pow(10, Double(d))
            return (v * scale).rounded() / scale
        case .integerString, .hexString: return (v * 255).rounded() / 255
        }
    }
}
