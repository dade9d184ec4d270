/// CMYK pixels (JPEG, TIFF) made RGB through the file's own profile, the only thing that says what its inks look like.
enum CMYKConversion {
    /// Where CMYK images go: Adobe RGB (1998), which holds the printing gamuts (SWOP, FOGRA, GRACoL) with little
    /// clipping, at 16 bits, by the relative colorimetric intent.
    static let destination = ColorProfile.adobeRGB

    /// Converts CMYK pixels (LittleCMS's convention: 0 is no ink) through `profile`, a CMYK profile, to 16-bit RGB
    /// in ``destination``.
    /// - Throws: ``GamutError`` `.unsupportedImage` without a profile (CMYK values alone don't say what color they
    ///   are), `.profileMismatch` when the profile isn't CMYK, or the transform's errors.
    static func rgb(
        _ pixels: PixelBuffer, profile: ColorProfile?, format: String, path: String?
    ) throws(GamutError) -> (PixelBuffer, String) {
        guard let profile else {
            throw GamutError(
                .unsupportedImage,
                "a CMYK \(format) without an embedded ICC profile: its inks' colors are undefined, so GamutKit "
                    + "doesn't guess (embed the press profile, or convert the file to RGB)", path: path)
        }
        guard profile.info.colorSpace == .cmyk else {
            throw GamutError(
                .profileMismatch, "embedded profile '\(profile.name)' is \(profile.colorSpace) but the image is CMYK", path: path)
        }
        do {
            let transform = try ColorTransform(
                from: profile, format: pixels.format, to: destination, format: .rgb16, intent: .relativeColorimetric)
            let rgb = try transform.convert(pixels)
            return (
                rgb, "CMYK converted through the embedded profile '\(profile.name)' to \(destination.name), 16-bit (relative colorimetric)"
            )
        } catch {
            throw error.at(path)
        }
    }

    /// Inverts every sample: Adobe's CMYK JPEGs store 255 for no ink.
    static func inverted(_ pixels: PixelBuffer) throws(GamutError) -> PixelBuffer {
        try PixelBuffer(
            width: pixels.width, height: pixels.height, format: pixels.format, bytes: pixels.bytes.map { ~$0 }, rowBytes: pixels.rowBytes)
    }
}
