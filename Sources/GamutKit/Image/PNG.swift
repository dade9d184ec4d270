/// PNG reading and writing through libspng, with the image's color resolved to a ``ColorProfile``.
public enum PNG {
    /// Limits and choices for decoding.
    public struct DecodingOptions: Sendable {
        /// The pixel budget: the largest image accepted, in pixels (width × height), checked from the header
        /// before anything is allocated or decompressed. Default 2²⁶ (67 megapixels: an
        /// 8192×8192 image). A few hundred kilobytes of compressed zeros can declare 16000×16000 pixels; analyzing
        /// that takes gigabytes, so larger images are refused with `.imageTooLarge` unless this is raised (the CLI's
        /// `--max-pixels`).
        public var maximumPixels: Int = DecodingOptions.defaultMaximumPixels
        /// The largest decoded image held in memory, in bytes (width × height × bytes per pixel of the decoded
        /// format), checked before anything is allocated for it: a few kilobytes of compressed zeros can declare
        /// an image of gigabytes within the pixel limit. Default 1 GiB (a 16-bit RGBA image of 8192×8192 is
        /// 512 MiB). Streamed conversions (``PNGConversion``) hold rows, not images, and don't apply it.
        package var maximumDecodedSize: Int = 1 << 30
        /// The largest file read from disk, in bytes. Default 4 GiB.
        package var maximumFileSize: Int = 4 << 30
        /// The largest single chunk (and total of cached ancillary chunks) libspng accepts. Default 64 MiB.
        package var maximumChunkSize: Int = 64 << 20
        /// The largest embedded ICC profile accepted. Default ``ColorProfile/defaultMaximumSize``.
        package var maximumProfileSize: Int = ColorProfile.defaultMaximumSize
        /// Whether libspng decodes every row, where plain 8- and 16-bit files' rows are otherwise decoded by GamutKit's
        /// own row decoder (ISA-L's inflate and a filter kernel). Default false. The fuzzers and a benchmark set it to
        /// hold the row decoder to libspng on the same input; `GAMUTKIT_LIBSPNG_ROWS=1` in the environment, read once,
        /// does the same for a whole process.
        @_spi(Tools) public var rowsByLibspng = false
        /// Whether JPEG, TIFF and PNG pixels are kept as stored, with their orientation tag (EXIF, tag 274, a PNG's
        /// `eXIf`) in ``Image/orientation``, rather than turned upright as Apple's platforms show them. Default false:
        /// images, and the regions findings name, are as people see them. (HEIF's rotation, mirroring and crop are always
        /// applied, as libheif applies them.)
        public var keepOrientation = false

        /// The default pixel budget, 2²⁶ pixels. Analyzing an image of that size holds about 1 GB (16-bit RGBA
        /// pixels and the per-pixel results), so a 2-core machine with a few gigabytes checks files in parallel.
        package static let defaultMaximumPixels = 1 << 26

        /// Default limits.
        public init() {}

        /// The refusal of an image over the pixel budget, naming its size and how to raise the budget.
        static func budgetMessage(width: Int, height: Int, budget: Int) -> String {
            let megapixels = { (n: Double) in n >= 10_000_000 ? "\(Int((n / 1e6).rounded()))" : "\((n / 1e5).rounded() / 10)" }
            return "image of \(width)×\(height) pixels (\(megapixels(Double(width) * Double(height))) megapixels) exceeds the pixel "
                + "budget of \(budget) pixels (\(megapixels(Double(budget))) megapixels); raise it with --max-pixels "
                + "(PNG.DecodingOptions.maximumPixels in the library)"
        }
    }

    /// The most ancillary chunks one libspng context is given: libspng 0.7.3 refuses more than 1,000 (and its
    /// `SPNG_CHUNK_COUNT_LIMIT` option can only lower that), so files with more are read in parts (``PNGChunks``).
    /// Memory stays bounded by ``DecodingOptions/maximumChunkSize`` (all text together), not by the count.
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
        package var writeCICP: Bool = true
        /// Whether to embed the profile at all. False writes an untagged PNG (no iCCP, cICP, sRGB or gAMA/cHRM
        /// chunk), which readers take as sRGB whatever the pixels are: only for making examples of that mistake.
        package var embedProfile: Bool = true

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
    package static func read(contentsOf path: String, options: DecodingOptions = DecodingOptions()) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "PNG file")
        return try decode(bytes, path: path, options: options)
    }

    /// Encodes an image and writes it atomically (a temporary file renamed into place), so a failure
    /// leaves no partial file and any existing file untouched.
    package static func write(_ image: Image, to path: String, options: EncodingOptions = EncodingOptions()) throws(GamutError) {
        let bytes: [UInt8]
        do { bytes = try encode(image, options: options) } catch { throw error.at(path) }
        try FileIO.writeAtomically(bytes, to: path)
    }
}
