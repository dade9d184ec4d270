/// A JSON value that remembers the line it starts on, and keeps what Foundation's decoders lose:
/// whether a number was written as a string (`"1"`) or as a JSON number (`1`), the exact text of
/// numbers, and duplicate keys. Asset catalogs depend on those distinctions (see ``CatalogReader``),
/// and every problem found in them is reported with a line.
///
/// Parsing refuses nesting deeper than ``LocatedJSON/maximumDepth`` and never crashes on bad input.
struct LocatedJSON: Sendable {
    enum Value: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The number's text as written, and its value.
        case number(String, Double)
        case bool(Bool)
        case null
    }

    /// One member of an object, in file order (duplicates kept).
    struct Member: Sendable {
        var key: String
        var line: Int
        var value: LocatedJSON
        /// Byte offset of the key's opening quote.
        var keyStart: Int = 0
        /// Byte offset just past the key's closing quote.
        var keyEnd: Int = 0
    }

    var value: Value
    /// 1-based line where the value starts.
    var line: Int
    /// The value's bytes in the parsed text (used to edit files in place, keeping their formatting).
    var range: Range<Int> = 0..<0

    init(value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// Deeper nesting than this is refused (no catalog file comes near it).
    static let maximumDepth = 128

    /// A syntax error: what, and where (1-based line and column).
    struct SyntaxError: Error, Sendable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Parses UTF-8 JSON text (a leading byte-order mark is skipped).
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> LocatedJSON {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// The members of an object, nil for other values.
    var members: [Member]? {
        if case .object(let m) = value { return m }
        return nil
    }

    /// The elements of an array, nil for other values.
    var elements: [LocatedJSON]? {
        if case .array(let a) = value { return a }
        return nil
    }

    /// The text of a string, nil for other values.
    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The first member named `key`.
    subscript(key: String) -> LocatedJSON? {
        members?.first { $0.key == key }?.value
    }

    /// A short description of the value's type, for messages.
    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> LocatedJSON.SyntaxError {
        LocatedJSON.SyntaxError(message: message, line: line, column: index - lineStart + 1)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                line += 1
                lineStart = index + 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    mutating func value(depth: Int) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        skipWhitespace()
        let start = index
        var parsed = try valueBody(depth: depth)
        parsed.range = start..<index
        return parsed
    }

    mutating func valueBody(depth: Int) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        guard index < bytes.count else { throw error("unexpected end of file") }
        guard depth < LocatedJSON.maximumDepth else { throw error("nested more than \(LocatedJSON.maximumDepth) levels deep") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [LocatedJSON.Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return LocatedJSON(value: .object(members), line: startLine)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let keyLine = line
                let keyStart = index
                let key = try string()
                let keyEnd = index
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
                index += 1
                members.append(.init(key: key, line: keyLine, value: try value(depth: depth + 1), keyStart: keyStart, keyEnd: keyEnd))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
                index += 1
                return LocatedJSON(value: .object(members), line: startLine)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [LocatedJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return LocatedJSON(value: .array(elements), line: startLine)
            }
            while true {
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
                index += 1
                return LocatedJSON(value: .array(elements), line: startLine)
            }
        case UInt8(ascii: "\""):
            return LocatedJSON(value: .string(try string()), line: startLine)
        case UInt8(ascii: "t"):
            try literal("true")
            return LocatedJSON(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try literal("false")
            return LocatedJSON(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try literal("null")
            return LocatedJSON(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(value: try number(), line: startLine)
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    mutating func literal(_ word: String) throws(LocatedJSON.SyntaxError) {
        let w = Array(word.utf8)
        guard bytes.count - index >= w.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected text (expected \(word))")
        }
        index += w.count
    }

    mutating func number() throws(LocatedJSON.SyntaxError) -> LocatedJSON.Value {
        let start = index
        func digits(_ p: inout Parser) -> Int {
            let s = p.index
            while p.index < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
            return p.index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw error("a number needs digits") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range") }
        return .number(text, value)
    }

    mutating func string() throws(LocatedJSON.SyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ p: Parser, _ scalars: inout String.UnicodeScalarView, _ end: Int) {
            scalars.append(contentsOf: String(decoding: p.bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, &scalars, index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error(byte == 0x0A ? "a string is not closed on its line" : "control character in a string") }
            if byte == UInt8(ascii: "\\") {
                flush(self, &scalars, index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
                        bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
                run = index
                continue
            }
            index += 1
        }
        throw error("unexpected end of file inside a string")
    }

    mutating func hex4() throws(LocatedJSON.SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4, let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape")
        }
        index += 4
        return v
    }
}
