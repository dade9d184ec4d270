/// Where an image's color meaning came from, in PNG's order of precedence.
public enum ImageColorSource: Sendable, Hashable {
    /// A `cICP` chunk (PNG 3rd edition) with these ITU-T H.273 code points. GamutKit uses its exact
    /// built-ins for sRGB (primaries 1, transfer 13) and Display P3 (12, 13).
    case cicp(primaries: Int, transfer: Int)
    /// An embedded ICC profile (`iCCP`) with this name.
    case iccp(name: String)
    /// An `sRGB` chunk with this rendering intent (0–3).
    case srgbChunk(intent: Int)
    /// `gAMA` and/or `cHRM` chunks; sRGB's values stand in for whichever is missing.
    case gammaAndChromaticities(gamma: Double?, primaries: RGBPrimaries?)
    /// No color information: treated as sRGB, as browsers and the HIG do.
    case untagged

    /// Whether the file says what its colors mean.
    public var isTagged: Bool { self != .untagged }
}

/// Ancillary PNG data that a conversion keeps: text and physical pixel dimensions.
public struct PNGMetadata: Sendable, Hashable {
    /// A `tEXt`, `zTXt` or `iTXt` chunk.
    public struct Text: Sendable, Hashable {
        /// Which chunk type holds it.
        public enum Kind: String, Sendable, Hashable { case tEXt, zTXt, iTXt }
        public var kind: Kind
        public var keyword: String
        public var text: String
        /// iTXt only.
        public var languageTag: String
        /// iTXt only.
        public var translatedKeyword: String

        public init(kind: Kind = .tEXt, keyword: String, text: String, languageTag: String = "", translatedKeyword: String = "") {
            self.kind = kind
            self.keyword = keyword
            self.text = text
            self.languageTag = languageTag
            self.translatedKeyword = translatedKeyword
        }
    }

    /// A `pHYs` chunk: pixels per unit along x and y; unit 1 is the metre, 0 unknown (aspect ratio only).
    public struct PhysicalDimensions: Sendable, Hashable {
        public var pixelsPerUnitX: UInt32
        public var pixelsPerUnitY: UInt32
        public var unitIsMetre: Bool

        public init(pixelsPerUnitX: UInt32, pixelsPerUnitY: UInt32, unitIsMetre: Bool) {
            self.pixelsPerUnitX = pixelsPerUnitX
            self.pixelsPerUnitY = pixelsPerUnitY
            self.unitIsMetre = unitIsMetre
        }
    }

    /// Text chunks, in file order.
    public var texts: [Text] = []
    /// The `pHYs` chunk, when present.
    public var physicalDimensions: PhysicalDimensions?

    /// Empty metadata.
    public init(texts: [Text] = [], physicalDimensions: PhysicalDimensions? = nil) {
        self.texts = texts
        self.physicalDimensions = physicalDimensions
    }
}
