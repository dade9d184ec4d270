/// PNG reading and writing through libspng, with the image's color resolved to a ``ColorProfile``.
public enum PNG {
    /// The most ancillary chunks one libspng context is given: libspng 0.7.3 refuses more than 1,000 (and its
    /// `SPNG_CHUNK_COUNT_LIMIT` option can only lower that), so files with more are read in parts (``PNGChunks``).
    /// Memory stays bounded by ``ImageFile/DecodingOptions/maximumChunkSize`` (all text together), not by the count.
    static let cachedChunkLimit = 900

    /// Choices for encoding.
    public struct EncodingOptions: Sendable {
        /// zlib compression level, 0 (none) to 9 (smallest, slowest). Level 1 is deflated by ISA-L's igzip (its
        /// level 1), the others by zlib. Default 1: on a 4K 16-bit image (`Benchmarks/Sources/encode-sweep`) it
        /// encodes in a nineteenth of level 6's time for a file 2–4% larger, and faster than zlib's level 2 for the
        /// same size; asset pipelines and Xcode recompress PNGs anyway. Use 6–9 for final, size-critical output.
        /// At every level, the same image gives the same bytes in every run and on any number of cores.
        public var compressionLevel: Int = 1
        /// Which PNG row filters the encoder may choose from (libspng picks per row among them).
        /// Default `.up`, the fastest with files within 4% of `.adaptive` on smooth 16-bit images.
        public var filters: Filters = .up
        /// Whether to write `cICP` (in addition to `iCCP`) when the profile is GamutKit's sRGB or Display P3.
        public var writeCICP: Bool = true
        /// Whether to embed the profile at all. False writes an untagged PNG (no iCCP, cICP, sRGB or gAMA/cHRM
        /// chunk), which readers take as sRGB whatever the pixels are: only for making examples of that mistake.
        public var embedProfile: Bool = true

        /// Default choices.
        public init() {}
    }

    /// PNG row filters the encoder may use.
    public enum Filters: String, Sendable, CaseIterable {
        /// All five filters, chosen per row by libspng's heuristic (smallest files, slowest).
        case adaptive
        /// Paeth only.
        case paeth
        /// Up only.
        case up
        /// Sub only.
        case sub
        /// No filtering (fastest, largest).
        case none
    }

    /// Reads and decodes a PNG file.
    /// - Throws: ``GamutError`` naming the file: `.io`, `.invalidPNG`, `.imageTooLarge`, `.invalidProfile`, `.profileMismatch`.
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "PNG file")
        return try decode(bytes, path: path, options: options)
    }

    /// Encodes an image and writes it atomically (a temporary file renamed into place), so a failure
    /// leaves no partial file and any existing file untouched.
    public static func write(_ image: Image, to path: String, options: EncodingOptions = EncodingOptions()) throws(GamutError) {
        let bytes: [UInt8]
        do { bytes = try encode(image, options: options) } catch { throw error.at(path) }
        try FileIO.writeAtomically(bytes, to: path)
    }
}
