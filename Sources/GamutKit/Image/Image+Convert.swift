extension Image {
    /// The image converted to another profile: pixels transformed (exactly, see ``ColorTransform``),
    /// the destination profile attached, text and `pHYs` kept.
    ///
    /// The layout follows the destination's color space (a gray profile gives gray pixels, an RGB one
    /// RGB), alpha is kept, and out-of-gamut colors are clipped.
    /// - Parameters:
    ///   - profile: the destination profile (gray or RGB).
    ///   - bitDepth: 8 or 16; nil keeps the image's buffer depth.
    ///   - intent: the rendering intent.
    ///   - blackPointCompensation: whether to use black-point compensation.
    ///   - threads: cores to convert on; nil uses all of them for large images.
    /// - Throws: ``GamutError`` `.invalidArgument` for a depth other than 8 or 16 or a CMYK destination,
    ///   or the errors of ``ColorTransform``.
    public func converted(
        to profile: ColorProfile, bitDepth: Int? = nil, intent: RenderingIntent = .relativeColorimetric,
        blackPointCompensation: Bool = false, threads: Int? = nil
    ) throws(GamutError) -> Image {
        let destination = try PixelFormat.converting(pixels.format, to: profile, bitDepth: bitDepth)
        let transform = try ColorTransform(
            from: self.profile, format: pixels.format, to: profile, format: destination,
            intent: intent, blackPointCompensation: blackPointCompensation)
        var result = self
        result.pixels = try transform.convert(pixels, threads: threads)
        result.profile = profile
        result.colorSource = .iccp(name: profile.name)
        result.fileBitDepth = destination.bytesPerSample * 8
        result.warnings = []
        return result
    }
}

extension PixelFormat {
    /// The format an image in `source` format becomes when converted to `profile`: gray or RGB after the
    /// profile's color space, alpha kept, 8 or 16 bits (`bitDepth`, or the source's).
    /// - Throws: ``GamutError`` `.invalidArgument` for a depth other than 8 or 16, or a profile that is neither gray nor RGB.
    static func converting(_ source: PixelFormat, to profile: ColorProfile, bitDepth: Int?) throws(GamutError) -> PixelFormat {
        let depth = bitDepth ?? source.bytesPerSample * 8
        guard depth == 8 || depth == 16 else {
            throw GamutError(.invalidArgument, "bit depth must be 8 or 16, not \(depth)")
        }
        let layout: Layout
        switch profile.colorSpace {
        case .gray: layout = source.hasAlpha ? .grayAlpha : .gray
        case .rgb: layout = source.hasAlpha ? .rgba : .rgb
        default: throw GamutError(.invalidArgument, "PNG images can be converted to gray or RGB profiles, not \(profile.colorSpace)")
        }
        return PixelFormat(layout, depth == 8 ? .uint8 : .uint16)
    }
}
