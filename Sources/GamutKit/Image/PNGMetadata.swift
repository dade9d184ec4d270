/// Ancillary PNG data that a conversion keeps: text and physical pixel dimensions.
public struct PNGMetadata: Sendable, Hashable {
    /// A `tEXt`, `zTXt` or `iTXt` chunk.
    public struct Text: Sendable, Hashable {
        /// Which chunk type holds it.
        public enum Kind: String, Sendable, Hashable {
            /// Uncompressed Latin-1 text.
            case tEXt
            /// Compressed Latin-1 text.
            case zTXt
            /// International (UTF-8) text, with a language tag and a translated keyword.
            case iTXt
        }
        /// The chunk type.
        public var kind: Kind
        /// The keyword (1–79 Latin-1 characters).
        public var keyword: String
        /// The text (Latin-1 for tEXt and zTXt, UTF-8 for iTXt).
        public var text: String
        /// iTXt only.
        public var languageTag: String
        /// iTXt only.
        public var translatedKeyword: String

        /// Creates a text chunk.
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
        /// Pixels per unit, horizontally.
        public var pixelsPerUnitX: UInt32
        /// Pixels per unit, vertically.
        public var pixelsPerUnitY: UInt32
        /// Whether the unit is the metre (otherwise only the aspect ratio is known).
        public var unitIsMetre: Bool

        /// Creates a `pHYs` value.
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
    /// An `eXIf` chunk to write (the orientation of an image kept as stored); not read from files.
    public var exif: [UInt8]?

    /// Empty metadata.
    public init(texts: [Text] = [], physicalDimensions: PhysicalDimensions? = nil) {
        self.texts = texts
        self.physicalDimensions = physicalDimensions
    }
}
