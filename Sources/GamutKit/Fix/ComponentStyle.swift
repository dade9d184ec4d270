import Foundation

/// How a colorset entry writes its components, so new values are written the same way.
enum ComponentStyle: Equatable {
    /// `"0.123"` with this many decimals.
    case decimalString(decimals: Int)
    /// `"123"`, 0…255.
    case integerString
    /// `"0x7B"` (uppercase digits unless the file uses lowercase).
    case hexString(uppercase: Bool)
    /// A JSON number with this many decimals.
    case number(decimals: Int)

    /// The style of an entry's `components` object (red, green and blue decide; decimal strings win over
    /// bare "0"/"1", which are ambiguous).
    init(components: LocatedJSON?) { self = ComponentStyle.detect(components) }

    private static func detect(_ components: LocatedJSON?) -> ComponentStyle {
        var style: ComponentStyle = .decimalString(decimals: 3)
        var decided = false
        for key in ["red", "green", "blue"] {
            guard let value = components?[key]?.value else { continue }
            switch value {
            case .string(let s) where s.lowercased().hasPrefix("0x"):
                return .hexString(uppercase: s.dropFirst(2).uppercased() == s.dropFirst(2))
            case .string(let s) where s.contains("."):
                return .decimalString(decimals: s.split(separator: ".").last.map(\.count) ?? 3)
            case .string(let s) where !decided && s != "0" && s != "1":
                style = .integerString
                decided = true
            case .number(let text, _):
                return .number(decimals: text.contains(".") ? max(3, text.split(separator: ".").last.map(\.count) ?? 3) : 3)
            default: continue
            }
        }
        return style
    }

    /// A component 0…1 written in this style (with quotes where the style has them).
    func format(_ v: Double) -> String {
        let v = min(max(v, 0), 1)
        switch self {
        case .decimalString(let d): return "\"" + String(format: "%.\(d)f", v) + "\""
        case .integerString: return "\"\(Int((v * 255).rounded()))\""
        case .hexString(let upper): return "\"0x" + String(format: upper ? "%02X" : "%02x", Int((v * 255).rounded())) + "\""
        case .number(let d): return String(format: "%.\(d)f", v)
        }
    }

    /// The value a component written in this style reads back as.
    func quantize(_ v: Double) -> Double {
        let v = min(max(v, 0), 1)
        switch self {
        case .decimalString(let d), .number(let d):
            let scale = pow(10, Double(d))
            return (v * scale).rounded() / scale
        case .integerString, .hexString: return (v * 255).rounded() / 255
        }
    }
}
