/// TIFF reading and writing through libtiff, with the image's color resolved to a ``ColorProfile``.
///
/// The first image of the file is read: gray (min-is-black or min-is-white) and RGB, 8 or 16 bits unsigned or 32-bit
/// IEEE float, with or without alpha (unassociated, or associated and un-premultiplied here), contiguous or planar,
/// in strips or tiles, with any compression libtiff decodes (none, LZW, Deflate, PackBits, …). CMYK (separated) 8- and
/// 16-bit images are converted through their embedded profile as JPEG's are (`JPEG/decode(_:path:options:)`).
/// The color comes from the ICC profile in tag 34675; an untagged file is sRGB and marked ``ImageColorSource/untagged``.
/// Float samples stay float (`.float32` buffers, values as stored; NaN and infinity are refused); convert them to 16 bits for the analyzer with
/// ``Image/converted(to:bitDepth:intent:blackPointCompensation:threads:)`` and `bitDepth: 16`.
///
/// libtiff is reached through a small C shim with per-handle error handlers (no global state, nothing printed);
/// the limits are ``ImageFile/DecodingOptions``'s, shared by every decoder.
public enum TIFF {
    /// How the writer compresses strips. All are lossless.
    public enum Compression: String, Sendable, CaseIterable {
        /// No compression.
        case none
        /// LZW with the horizontal predictor (floating-point predictor for float samples).
        case lzw
        /// Deflate (zlib, "Adobe Deflate", code 8) with the horizontal or floating-point predictor.
        case deflate
        /// PackBits run-length coding.
        case packbits

        /// The TIFF compression code (tag 259).
        var code: Int32 {
            switch self {
            case .none: 1
            case .lzw: 5
            case .deflate: 8
            case .packbits: 32773
            }
        }
    }

    /// Choices for encoding.
    public struct EncodingOptions: Sendable {
        /// The strips' compression. Default ``Compression/deflate``.
        public var compression: Compression = .deflate
        /// Whether to embed the profile (tag 34675). False writes an untagged TIFF, which readers take as sRGB.
        public var embedProfile: Bool = true

        /// Default choices.
        public init() {}

        /// Choices with this compression.
        public init(compression: Compression) { self.compression = compression }
    }

    /// Reads and decodes a TIFF file.
    /// - Throws: ``GamutError`` naming the file: `.io`, and the errors of ``decode(_:path:options:)``.
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "TIFF file")
        return try decode(bytes, path: path, options: options)
    }

    /// Decodes the first image of TIFF bytes into an ``Image`` with the embedded profile.
    ///
    /// The first directory is read first: an image over `options.maximumPixels` (the pixel budget) or whose decoded
    /// samples exceed `options.maximumDecodedSize` is refused before anything is decoded or allocated for it; libtiff's
    /// own allocations are bounded by the decoded size too. A strip or tile that decodes short is an error. Further
    /// pages are reported as a warning. The Orientation tag is applied: pixels come upright, as viewers show them
    /// (``ImageFile/DecodingOptions/keepOrientation`` keeps them as stored).
    /// - Parameters:
    ///   - data: the TIFF file's bytes.
    ///   - path: the file they came from, named in errors.
    ///   - options: the limits (pixel budget, decoded size, profile size).
    /// - Throws: ``GamutError`` `.invalidImage` (truncated, malformed directory, corrupt compressed data),
    ///   `.imageTooLarge`, `.invalidProfile`, `.profileMismatch`, `.unsupportedImage` (palette, YCbCr, Lab, 1/2/4-bit,
    ///   signed or 32-bit integer samples, untagged CMYK, a codec libtiff lacks).
    public static func decode(
        _ data: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let decoded: Result<(TIFFHeader, TIFFLayout, [UInt8], String?), GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) { return .success(try read(buffer, path: path, options: options)) } catch { return .failure(error) }
        }
        let (header, layout, bytes, damage) = try decoded.get()
        var warnings: [String] = damage.map { [$0] } ?? []
        if header.morePages {
            warnings.append("multi-page TIFF: only the first image was processed, the other pages were not checked or converted")
        }
        if layout.droppedAlpha {
            warnings.append(
                "the alpha channel of this palette TIFF is not read (libtiff's RGBA reader leaves it out, as tiff2rgba does); "
                    + "the pixels are read as opaque")
        }
        let pixels = try layout.pixels(bytes, header: header, path: path)
        let embedded = try header.icc.map { (bytes) throws(GamutError) in
            try ColorProfile(data: bytes, path: path, maximumSize: options.maximumProfileSize)
        }
        let depth = header.bitsPerSample
        let image = try resolve(pixels, embedded: embedded, depth: depth, warnings: warnings, path: path)
        return image.oriented(ImageOrientation(tag: header.orientation), keep: options.keepOrientation)
    }

    private static func resolve(
        _ pixels: PixelBuffer, embedded: ColorProfile?, depth: Int, warnings: [String], path: String?
    ) throws(GamutError) -> Image {
        switch pixels.format.layout {
        case .cmyk:
            let (rgb, note) = try CMYKConversion.rgb(pixels, profile: embedded, format: "TIFF", path: path)
            return Image(
                pixels: rgb, profile: CMYKConversion.destination, colorSource: .iccp(name: embedded?.name ?? ""), fileBitDepth: depth,
                warnings: warnings + [note])
        default:
            let isGray = pixels.format.colorChannelCount == 1
            guard let embedded else {
                return Image(
                    pixels: pixels, profile: isGray ? .graySRGB : .sRGB, colorSource: .untagged, fileBitDepth: depth, warnings: warnings)
            }
            guard embedded.info.colorSpace == (isGray ? .gray : .rgb) else {
                throw GamutError(
                    .profileMismatch,
                    "embedded profile '\(embedded.name)' is \(embedded.colorSpace) but the image is "
                        + (isGray ? "grayscale" : "RGB"), path: path)
            }
            return Image(
                pixels: pixels, profile: embedded, colorSource: .iccp(name: embedded.name), fileBitDepth: depth, warnings: warnings)
        }
    }

    private static func read(
        _ buffer: UnsafeRawBufferPointer, path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> (TIFFHeader, TIFFLayout, [UInt8], String?) {
        #if !(TIFF && os(Linux))
            throw ImageFormat.tiff.notBuilt(path: path)
        #else
            let reader = try TIFFReader(buffer, maximumAllocation: options.maximumDecodedSize, path: path)
            let header = try reader.header(maximumProfileSize: options.maximumProfileSize, pixelBudget: options.maximumPixels)
            let layout = try TIFFLayout(header, path: path)
            let stored = layout.storedSamples * layout.format.bytesPerSample
            try ImageLimits.check(
                width: header.width, height: header.height,
                bytesPerPixel: layout.format.layout == .cmyk ? max(stored, 6) : stored, path: path, options: options)
            var bytes = [UInt8](repeating: 0, count: header.width * header.height * stored)
            if layout.viaRGBA { try reader.readRGBA(into: &bytes) } else { try reader.read(into: &bytes) }
            return (header, layout, bytes, reader.decodeWarning)
        #endif
    }

    /// Encodes an image as a TIFF (contiguous strips, host byte order) with its profile in tag 34675.
    ///
    /// 8- and 16-bit and float gray, gray+alpha, RGB and RGBA are written as they are (alpha unassociated), losslessly.
    /// - Throws: ``GamutError`` `.invalidArgument` for CMYK pixels, `.profileMismatch` when the profile doesn't fit the
    ///   pixels, `.invalidImage` with libtiff's message.
    public static func encode(_ image: Image, options: EncodingOptions = EncodingOptions()) throws(GamutError) -> [UInt8] {
        let format = image.pixels.format
        guard format.layout != .cmyk else { throw GamutError(.invalidArgument, "TIFF is written from gray or RGB pixels, not \(format)") }
        guard format.sample != .float64 else {
            throw GamutError(.invalidArgument, "TIFF is written from 8-bit, 16-bit or 32-bit float samples, not 64-bit float")
        }
        guard image.profile.channelCount == format.colorChannelCount else {
            throw GamutError(
                .profileMismatch, "profile '\(image.profile.name)' is \(image.profile.colorSpace) but the pixels are \(format.layout)")
        }
        #if !(TIFF && os(Linux))
            throw ImageFormat.tiff.notBuilt(path: nil)
        #else
            return try TIFFWriter.encode(
                image.pixels, compression: options.compression.code, icc: options.embedProfile ? image.profile.data : [],
                orientation: image.orientation.rawValue)
        #endif
    }

    /// Encodes an image and writes it atomically (a temporary file renamed into place).
    /// - Throws: ``GamutError`` naming the file: the errors of ``encode(_:options:)`` and `.io`.
    public static func write(_ image: Image, to path: String, options: EncodingOptions = EncodingOptions()) throws(GamutError) {
        let bytes: [UInt8]
        do { bytes = try encode(image, options: options) } catch { throw error.at(path) }
        try FileIO.writeAtomically(bytes, to: path)
    }
}
