/// The checks every decoder makes from a file's header, before decoding: the pixel budget and the decoded size
/// (``ImageFile/DecodingOptions``), with the same messages whatever the format.
enum ImageLimits {
    /// Refuses an image of `width` × `height` over `options.maximumPixels` (`.imageTooLarge`, naming the size and
    /// the option), or whose decoded pixels (`bytesPerPixel` each) exceed `options.maximumDecodedSize`.
    static func check(width: Int, height: Int, bytesPerPixel: Int, path: String?, options: ImageFile.DecodingOptions) throws(GamutError) {
        guard width > 0, height > 0 else {
            throw GamutError(.invalidImage, "the header declares an image of \(width)×\(height) pixels", path: path)
        }
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= options.maximumPixels else {
            throw GamutError(
                .imageTooLarge, ImageFile.DecodingOptions.budgetMessage(width: width, height: height, budget: options.maximumPixels),
                path: path)
        }
        let size = pixels.partialValue.multipliedReportingOverflow(by: bytesPerPixel)
        guard !size.overflow, size.partialValue <= options.maximumDecodedSize else {
            throw GamutError(
                .imageTooLarge,
                "image of \(width)×\(height) pixels decodes to \(size.partialValue >> 20) MiB, over the limit of "
                    + "\(options.maximumDecodedSize >> 20) MiB", path: path)
        }
    }
}

/// An ICC profile embedded in an RGB image file (WebP's `ICCP`, HEIF's `colr` of type `prof`).
enum EmbeddedProfile {
    /// The profile, checked against the image: a profile that isn't RGB (gray, CMYK) is `.profileMismatch`.
    static func rgb(_ bytes: [UInt8], path: String?, options: ImageFile.DecodingOptions) throws(GamutError) -> ColorProfile {
        let profile = try ColorProfile(data: bytes, path: path, maximumSize: options.maximumProfileSize)
        guard profile.info.colorSpace == .rgb else {
            throw GamutError(
                .profileMismatch, "embedded profile '\(profile.name)' is \(profile.colorSpace) but the image is RGB", path: path)
        }
        return profile
    }
}
