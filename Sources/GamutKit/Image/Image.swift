/// Decoded pixels with the profile that says what they mean.
public struct Image: Sendable {
    /// The pixels: 8- or 16-bit gray, gray+alpha, RGB or RGBA (16-bit in machine order as decoded; big-endian is also accepted for encoding).
    public var pixels: PixelBuffer
    /// The color profile of the pixels.
    public var profile: ColorProfile
    /// Where ``profile`` came from.
    public var colorSource: ImageColorSource
    /// Text and `pHYs` chunks, kept when the image is written as PNG again.
    public var metadata: PNGMetadata
    /// The bit depth stored in the file (1, 2, 4, 8 or 16); the buffer holds 8 bits for depths below 8.
    public var fileBitDepth: Int
    /// Things the decoder noticed and worked around (for example an unsupported `cICP` that was ignored).
    public var warnings: [String]
    /// How the pixels are turned for display: `.up` (as decoders give them, upright) unless they were decoded with
    /// ``ImageFile/DecodingOptions/keepOrientation`` from a file whose orientation tag says otherwise. The encoders write it
    /// back (EXIF in JPEG, tag 274 in TIFF, `eXIf` in PNG); ``applyingOrientation()`` turns the pixels upright.
    public var orientation: ImageOrientation = .up

    /// Creates an image.
    /// - Parameters:
    ///   - pixels: the pixels.
    ///   - profile: what the pixel values mean.
    ///   - colorSource: where the profile came from; nil means it is embedded as `iCCP` under its own name.
    ///   - fileBitDepth: the depth stored in the file; nil means the buffer's.
    ///   - warnings: what a decoder noticed and worked around.
    public init(
        pixels: PixelBuffer, profile: ColorProfile, colorSource: ImageColorSource? = nil,
        fileBitDepth: Int? = nil, warnings: [String] = []
    ) {
        self.init(
            pixels: pixels, profile: profile, colorSource: colorSource, metadata: PNGMetadata(), fileBitDepth: fileBitDepth,
            warnings: warnings)
    }

    /// Creates an image with the metadata (text, physical size, EXIF) a PNG writer writes along with it; the other
    /// parameters are as in ``init(pixels:profile:colorSource:fileBitDepth:warnings:)``.
    public init(
        pixels: PixelBuffer, profile: ColorProfile, colorSource: ImageColorSource? = nil,
        metadata: PNGMetadata, fileBitDepth: Int? = nil, warnings: [String] = []
    ) {
        self.pixels = pixels
        self.profile = profile
        self.colorSource = colorSource ?? .iccp(name: profile.name)
        self.metadata = metadata
        self.fileBitDepth = fileBitDepth ?? pixels.format.bytesPerSample * 8
        self.warnings = warnings
    }

    /// Width in pixels.
    public var width: Int { pixels.width }
    /// Height in pixels.
    public var height: Int { pixels.height }
}
