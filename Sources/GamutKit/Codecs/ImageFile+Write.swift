extension ImageFormat {
    /// The file extensions (lowercased, without the dot) of the formats GamutKit reads, which folder scans pick up.
    public static let readableExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "tif", "tiff", "webp", "heic", "heif", "avif"]

    /// The format GamutKit writes for a file name's extension (`.png`; `.jpg`, `.jpeg`, `.jpe`; `.tif`, `.tiff`), any
    /// case; nil for other extensions.
    public init?(writingExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "tif", "tiff": self = .tiff
        default: return nil
        }
    }

    /// The formats GamutKit writes: PNG, JPEG and TIFF.
    public static let writable: [ImageFormat] = [.png, .jpeg, .tiff]
}

extension ImageFile {
    /// How to encode, for each format GamutKit writes.
    public struct EncodingOptions: Sendable {
        /// PNG's choices.
        public var png = PNG.EncodingOptions()
        /// JPEG's choices (quality, chroma subsampling).
        public var jpeg = JPEG.EncodingOptions()
        /// TIFF's choices (compression).
        public var tiff = TIFF.EncodingOptions()
        /// Whether to embed the image's ICC profile (default true). Off writes an untagged file, which every Apple
        /// platform shows as sRGB.
        public var embedProfile = true

        /// Default choices for every format.
        public init() {}

        /// PNG's choices with ``embedProfile`` applied (an untagged PNG has neither `iCCP` nor `cICP`).
        public var pngOptions: PNG.EncodingOptions {
            var options = png
            if !embedProfile { (options.embedProfile, options.writeCICP) = (false, false) }
            return options
        }
    }

    /// Encodes an image as `format` (PNG, JPEG or TIFF), with its profile embedded.
    /// - Throws: ``GamutError`` `.invalidArgument` for a format GamutKit doesn't write, and the encoder's errors.
    public static func encode(
        _ image: Image, as format: ImageFormat, options: EncodingOptions = EncodingOptions()
    ) throws(GamutError) -> [UInt8] {
        switch format {
        case .png: return try PNG.encode(image, options: options.pngOptions)
        case .jpeg:
            var jpeg = options.jpeg
            jpeg.embedProfile = jpeg.embedProfile && options.embedProfile
            return try JPEG.encode(image, options: jpeg)
        case .tiff:
            var tiff = options.tiff
            tiff.embedProfile = tiff.embedProfile && options.embedProfile
            return try TIFF.encode(image, options: tiff)
        default: throw GamutError(.invalidArgument, "GamutKit writes PNG, JPEG and TIFF, not \(format.name)")
        }
    }

    /// Encodes an image and writes it atomically (a temporary file renamed into place), as `format`, or when nil as
    /// the output's extension says (`.png`, `.jpg`/`.jpeg`, `.tif`/`.tiff`).
    /// - Throws: ``GamutError`` naming the file: `.invalidArgument` when the format is nil and the extension isn't one
    ///   of those, the encoder's errors, `.io`.
    public static func write(
        _ image: Image, to path: String, format: ImageFormat? = nil,
        options: EncodingOptions = EncodingOptions()
    ) throws(GamutError) {
        guard let format = format ?? ImageFormat(writingExtensionOf: path) else {
            throw GamutError(
                .invalidArgument,
                "cannot tell the output format from the file name: use .png, .jpg/.jpeg or .tif/.tiff, "
                    + "or name the format", path: path)
        }
        let bytes: [UInt8]
        do { bytes = try encode(image, as: format, options: options) } catch { throw error.at(path) }
        try FileIO.writeAtomically(bytes, to: path)
    }
}
