extension ImageFormat {
    /// The package trait whose codec reads this format: `JPEG`, `TIFF`, `WebP` or `HEIF` (for HEIF and AVIF); nil for
    /// PNG, which every build reads, and for formats GamutKit doesn't read.
    public var trait: String? {
        switch self {
        case .jpeg: "JPEG"
        case .tiff: "TIFF"
        case .webp: "WebP"
        case .heif, .avif: "HEIF"
        case .png, .gif, .pdf: nil
        }
    }

    /// Whether this build of GamutKit reads the format (and, for JPEG and TIFF, writes it). PNG always; the others when
    /// their ``trait`` was enabled on Linux, where the codecs come from the system's packages. An app built for iOS or
    /// macOS, or a build with `--disable-default-traits`, reads PNG only.
    public var isBuilt: Bool {
        switch self {
        case .png: return true
        case .gif, .pdf: return false
        case .jpeg:
            #if JPEG && os(Linux)
                return true
            #else
                return false
            #endif
        case .tiff:
            #if TIFF && os(Linux)
                return true
            #else
                return false
            #endif
        case .webp:
            #if WebP && os(Linux)
                return true
            #else
                return false
            #endif
        case .heif, .avif:
            #if HEIF && os(Linux)
                return true
            #else
                return false
            #endif
        }
    }

    /// The error for a file in a format whose codec this build leaves out, naming the trait.
    func notBuilt(path: String?) -> GamutError {
        GamutError(
            .formatNotBuilt,
            "this build of GamutKit doesn't read \(name) (it needs the package trait \(trait ?? name), built on Linux)",
            path: path)
    }
}
