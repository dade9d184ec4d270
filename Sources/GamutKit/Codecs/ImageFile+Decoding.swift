/// Limits and choices shared by every decoder (PNG, JPEG, TIFF, WebP, HEIF and AVIF).
extension ImageFile {
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
        /// 512 MiB). Streamed conversions (``ImageConversion``) hold rows, not images, and don't apply it.
        public var maximumDecodedSize: Int = 1 << 30
        /// The largest file read from disk, in bytes. Default 4 GiB.
        public var maximumFileSize: Int = 4 << 30
        /// The largest single chunk (and total of cached ancillary chunks) libspng accepts. Default 64 MiB.
        public var maximumChunkSize: Int = 64 << 20
        /// The largest embedded ICC profile accepted. Default ``ColorProfile/defaultMaximumSize``.
        public var maximumProfileSize: Int = ColorProfile.defaultMaximumSize
        /// Whether libspng decodes every row, where plain 8- and 16-bit files' rows are otherwise decoded by GamutKit's
        /// own row decoder (ISA-L's inflate and a filter kernel). Default false. The fuzzers and a benchmark set it to
        /// hold the row decoder to libspng on the same input; `GAMUTKIT_LIBSPNG_ROWS=1` in the environment, read once,
        /// does the same for a whole process.
        public var rowsByLibspng = false
        /// Whether JPEG, TIFF and PNG pixels are kept as stored, with their orientation tag (EXIF, tag 274, a PNG's
        /// `eXIf`) in ``Image/orientation``, rather than turned upright as Apple's platforms show them. Default false:
        /// images, and the regions findings name, are as people see them. (HEIF's rotation, mirroring and crop are always
        /// applied, as libheif applies them.)
        public var keepOrientation = false

        /// The default pixel budget, 2²⁶ pixels. Analyzing an image of that size holds about 1 GB (16-bit RGBA
        /// pixels and the per-pixel results), so a 2-core machine with a few gigabytes checks files in parallel.
        public static let defaultMaximumPixels = 1 << 26

        /// Default limits.
        public init() {}

        /// The refusal of an image over the pixel budget, naming its size and how to raise the budget.
        static func budgetMessage(width: Int, height: Int, budget: Int) -> String {
            let megapixels = { (n: Double) in n >= 10_000_000 ? "\(Int((n / 1e6).rounded()))" : "\((n / 1e5).rounded() / 10)" }
            return "image of \(width)×\(height) pixels (\(megapixels(Double(width) * Double(height))) megapixels) exceeds the pixel "
                + "budget of \(budget) pixels (\(megapixels(Double(budget))) megapixels); raise it with --max-pixels "
                + "(ImageFile.DecodingOptions.maximumPixels in the library)"
        }
    }
}
