/// WebP reading through libwebp, with the image's color resolved to a ``ColorProfile``.
///
/// Lossy and lossless files decode to 8-bit RGB, or RGBA when the file has alpha (WebP has no deeper samples).
/// The color comes from the `ICCP` chunk; a file without one is sRGB and marked ``ImageColorSource/untagged``.
/// An animation's first frame is read (composited on its canvas) with a warning that the others were not.
/// The limits are ``ImageFile/DecodingOptions``'s, shared by every decoder.
public enum WebP {
    /// Reads and decodes a WebP file.
    /// - Throws: ``GamutError`` naming the file: `.io`, and the errors of ``decode(_:path:options:)``.
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "WebP file")
        return try decode(bytes, path: path, options: options)
    }

    /// Decodes WebP bytes into an 8-bit ``Image`` with the embedded profile.
    ///
    /// The header is read first: an image over `options.maximumPixels` (the pixel budget) or whose decoded
    /// pixels exceed `options.maximumDecodedSize` is refused before anything is decoded or allocated for it.
    /// - Parameters:
    ///   - data: the WebP file's bytes.
    ///   - path: the file they came from, named in errors.
    ///   - options: the limits (pixel budget, decoded size, profile size).
    /// - Throws: ``GamutError`` `.invalidImage` (truncated, malformed container, corrupt bitstream, a VP8X header
    ///   announcing a profile the file lacks), `.imageTooLarge`, `.invalidProfile` (the `ICCP` chunk isn't a usable
    ///   profile), `.profileMismatch` (a profile that isn't RGB), `.unsupportedImage`.
    public static func decode(
        _ data: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let decoded: Result<DecodedWebP, GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) { return .success(try read(buffer, path: path, options: options)) } catch { return .failure(error) }
        }
        let webp = try decoded.get()
        guard let icc = webp.icc else {
            return Image(pixels: webp.pixels, profile: .sRGB, colorSource: .untagged, fileBitDepth: 8, warnings: webp.warnings)
        }
        let profile = try EmbeddedProfile.rgb(icc, path: path, options: options)
        return Image(
            pixels: webp.pixels, profile: profile, colorSource: .iccp(name: profile.name), fileBitDepth: 8, warnings: webp.warnings)
    }

    private static func read(
        _ buffer: UnsafeRawBufferPointer, path: String?, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> DecodedWebP {
        #if !(WebP && os(Linux))
            throw ImageFormat.webp.notBuilt(path: path)
        #else
            let features = try WebPDecoder.features(buffer, path: path)
            try ImageLimits.check(
                width: features.width, height: features.height, bytesPerPixel: features.hasAlpha || features.hasAnimation ? 4 : 3,
                path: path, options: options)
            let icc = try WebPDecoder.iccProfile(buffer, path: path, maximumSize: options.maximumProfileSize)
            if features.hasAnimation {
                let pixels = try WebPDecoder.decodeFirstFrame(buffer, features, path: path)
                return DecodedWebP(
                    pixels: pixels, icc: icc,
                    warnings: ["animated WebP: only the first frame was processed, the other frames were not checked or converted"])
            }
            let pixels = try WebPDecoder.decodeStill(buffer, features, path: path)
            return DecodedWebP(pixels: pixels, icc: icc)
        #endif
    }
}
