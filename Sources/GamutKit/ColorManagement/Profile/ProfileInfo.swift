/// A four-character ICC signature, such as `RGB `, `mntr` or `XYZ `.
public struct ICCSignature: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The big-endian 32-bit value.
    public var rawValue: UInt32

    /// Creates a signature from its 32-bit value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Creates a signature from four ASCII characters (shorter strings are padded with spaces).
    public init(_ text: String) {
        let bytes = Array((text + "    ").utf8.prefix(4))
        rawValue = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The four characters, trailing spaces removed.
    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) }
        let text = String(decoding: bytes.map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
        return text.trimmingCharacters(in: " ")
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Color space `RGB `.
    public static let rgb = ICCSignature("RGB ")
    /// Color space `GRAY`.
    public static let gray = ICCSignature("GRAY")
    /// Color space `CMYK`.
    public static let cmyk = ICCSignature("CMYK")
    /// Color space or PCS `Lab `.
    public static let lab = ICCSignature("Lab ")
    /// Color space or PCS `XYZ `.
    public static let xyz = ICCSignature("XYZ ")
    /// Device class `mntr` (display).
    public static let display = ICCSignature("mntr")
    /// Device class `spac` (color space).
    public static let colorSpaceClass = ICCSignature("spac")
    /// Device class `prtr` (output device).
    public static let output = ICCSignature("prtr")
    /// Device class `scnr` (input device).
    public static let input = ICCSignature("scnr")
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

/// A CIE XYZ tristimulus value (Y of the white = 1).
public struct XYZ: Sendable, Hashable, Codable {
    /// X, Y and Z.
    public var x, y, z: Double
    /// Creates a tristimulus value.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// How a tone-reproduction curve (TRC) is stored, as LittleCMS reads it.
public enum ToneCurveKind: Sendable, Hashable, Codable {
    /// An ICC parametric curve of the given type (1–5, ICC.1 Table 68) and parameters. A `curv` tag holding a
    /// single gamma also reads as type 1.
    case parametric(type: Int, parameters: [Double])
    /// A sampled curve with this many entries.
    case sampled(entries: Int)
}

/// What an ICC profile says about itself.
public struct ProfileInfo: Sendable, Hashable, Codable {
    /// The description tag (`desc`), in English where the profile has it.
    public var description: String
    /// The copyright tag (`cprt`), when present.
    public var copyright: String?
    /// The ICC version, such as "4.3" or "2.1".
    public var version: String
    /// The device class (`mntr` display, `spac` color space, `prtr` output, …).
    public var deviceClass: ICCSignature
    /// The data color space (`RGB `, `GRAY`, `CMYK`, …).
    public var colorSpace: ICCSignature
    /// The profile connection space (`XYZ ` or `Lab `).
    public var pcs: ICCSignature
    /// The media white point tag (`wtpt`), in PCS XYZ; v4 profiles store D50 here.
    public var mediaWhitePoint: XYZ?
    /// The red, green and blue colorants (`rXYZ`, `gXYZ`, `bXYZ`), D50-adapted PCS XYZ; empty when absent.
    public var colorants: [XYZ]
    /// The tone curve of each channel (`rTRC`, `gTRC`, `bTRC`, or `kTRC` for gray); empty when absent.
    public var toneCurves: [ToneCurveKind]
    /// Whether LittleCMS can use the profile as a matrix/TRC (shaper) profile.
    public var isMatrixShaper: Bool
    /// Whether the profile has lookup-table tags (A2B0/B2A0…), which LittleCMS prefers over the matrix.
    public var hasLookupTables: Bool
    /// The MD5 profile ID from the header as 32 hex digits; all zeros when the profile has none.
    public var profileID: String
    /// The header's creation date, ISO 8601 (UTC).
    public var created: String
    /// The size of the profile in bytes.
    public var size: Int
}
