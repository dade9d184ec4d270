/// The image file formats GamutKit recognizes, told apart by their content, never by the file's name.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG (read and written, with iCCP, cICP, sRGB, gAMA/cHRM).
    case png
    /// JPEG (read and written, with an ICC profile in APP2).
    case jpeg
    /// TIFF (read and written, with an ICC profile tag).
    case tiff
    /// WebP (read, with an ICC profile in its ICCP chunk).
    case webp
    /// HEIF/HEIC (read, with an ICC profile or nclx color).
    case heif
    /// AVIF (read, as HEIF).
    case avif
    /// GIF: recognized, not read.
    case gif
    /// PDF: recognized (vector images in catalogs), not read.
    case pdf

    /// The format of a file that starts with `head` (its first 16 bytes are enough), or nil when none matches.
    public static func sniff(_ head: some Collection<UInt8>) -> ImageFormat? {
        let bytes = Array(head.prefix(16))
        func ascii(_ range: Range<Int>) -> String { bytes.count >= range.upperBound ? String(decoding: bytes[range], as: UTF8.self) : "" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || bytes.starts(with: [0x49, 0x49, 0x2B, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            return .tiff
        }
        if ascii(0..<4) == "RIFF" && ascii(8..<12) == "WEBP" { return .webp }
        if ascii(4..<8) == "ftyp" {
            // ISO base media: the major brand says which image format (AVIF's brands, else HEIF's).
            return ["avif", "avis"].contains(ascii(8..<12)) ? .avif : .heif
        }
        if ascii(0..<4) == "GIF8" { return .gif }
        if ascii(0..<5) == "%PDF-" { return .pdf }
        return nil
    }

    /// The format of the file at `path`, by its first bytes; nil when none matches, or when the path can't be read or
    /// isn't a regular file (a folder, or a FIFO, which is never opened: opening one waits for a writer).
    public init?(contentsOf path: String) {
        guard let format = Self.sniff(FileIO.head(path)) else { return nil }
        self = format
    }

    /// The format a file's extension claims (`.png`; `.jpg`, `.jpeg`, `.jpe`; `.tif`, `.tiff`; `.webp`; `.heic`, `.heif`;
    /// `.avif`; `.gif`; `.pdf`), any case; nil for other extensions.
    public init?(claimedBy path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "tif", "tiff": self = .tiff
        case "webp": self = .webp
        case "heic", "heif": self = .heif
        case "avif": self = .avif
        case "gif": self = .gif
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// When the file at `path` holds another format than its name claims ("a WebP image named .png"), that
    /// description; nil when they agree, when the name claims nothing, or when the content isn't recognized (the
    /// decoder then says what is wrong). HEIF and AVIF, one container, count as agreeing.
    static func mismatch(at path: String, head: some Collection<UInt8>) -> String? {
        guard let claimed = ImageFormat(claimedBy: path), let actual = sniff(head), actual != claimed,
            !([.heif, .avif].contains(actual) && [.heif, .avif].contains(claimed))
        else { return nil }
        let ext = (path.split(separator: ".").last.map(String.init) ?? "").lowercased()
        return "a \(actual.name) \(actual == .pdf ? "document" : "image") named .\(ext)"
    }

    /// The format's name in messages ("PNG", "JPEG", "HEIF", …).
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .tiff: "TIFF"
        case .webp: "WebP"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .gif: "GIF"
        case .pdf: "PDF"
        }
    }
}

/// Image files of any format GamutKit reads, chosen from the file's content: the entry point for pipelines that
/// don't know what they are given.
public enum ImageFile {
    /// Reads and decodes the image file at `path`, whatever its format (see ``ImageFormat``) and name.
    /// - Throws: ``GamutError`` naming the file: `.io`, `.unsupportedImage` for a format GamutKit doesn't read, and each
    ///   decoder's errors (`.invalidPNG`, `.imageTooLarge`, `.invalidProfile`, …).
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "image file")
        return try decode(bytes, path: path, options: options)
    }

    /// Decodes image file bytes of any format GamutKit reads.
    public static func decode(
        _ bytes: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNG.decode(bytes, path: path, options: options)
        case .jpeg: return try JPEG.decode(bytes, path: path, options: options)
        case .tiff: return try TIFF.decode(bytes, path: path, options: options)
        case .webp: return try WebP.decode(bytes, path: path, options: options)
        case .heif, .avif: return try HEIF.decode(bytes, path: path, options: options)
        case let format?: throw GamutError(.unsupportedImage, "\(format.name) files are not read (yet)", path: path)
        case nil:
            // Shorter than any signature: nothing to decode, whatever the name says.
            if bytes.count < 8 {
                throw GamutError(
                    .invalidImage, bytes.isEmpty ? "the file is empty" : "the file is \(bytes.count) bytes, too short for any image format",
                    path: path)
            }
            // Not a known signature: the PNG decoder says what is wrong with it as a PNG.
            return try PNG.decode(bytes, path: path, options: options)
        }
    }
}
