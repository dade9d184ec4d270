extension Image {
    /// The image converted to another profile: pixels transformed (exactly, see ``ColorTransform``),
    /// the destination profile attached, text and `pHYs` kept.
    ///
    /// The layout follows the destination's color space (a gray profile gives gray pixels, an RGB one
    /// RGB), alpha is kept, and out-of-gamut colors are clipped.
    /// - Parameters:
    ///   - profile: the destination profile (gray or RGB).
    ///   - bitDepth: 8 or 16 (integer samples, clipped), 32 or 64 (float samples, unbounded); nil keeps the image's
    ///     sample type.
    ///   - intent: the rendering intent.
    ///   - blackPointCompensation: whether to use black-point compensation.
    ///   - threads: cores to convert on; nil uses all of them for large images.
    /// - Throws: ``GamutError`` `.invalidArgument` for a depth other than 8, 16, 32 or 64 or a CMYK destination,
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
    /// profile's color space, alpha kept, samples of `bitDepth` bits (8, 16, or 32 and 64 for floats), or the source's.
    /// - Throws: ``GamutError`` `.invalidArgument` for another depth, or a profile that is neither gray nor RGB.
    static func converting(_ source: PixelFormat, to profile: ColorProfile, bitDepth: Int?) throws(GamutError) -> PixelFormat {
        let samples: [Int: Sample] = [8: .uint8, 16: .uint16, 32: .float32, 64: .float64]
        let depth = bitDepth ?? source.bytesPerSample * 8
        guard let sample = samples[depth] else {
            throw GamutError(.invalidArgument, "bit depth must be 8 or 16 (integers), 32 or 64 (floats), not \(depth)")
        }
        let layout: Layout
        switch profile.info.colorSpace {
        case .gray: layout = source.hasAlpha ? .grayAlpha : .gray
        case .rgb: layout = source.hasAlpha ? .rgba : .rgb
        default: throw GamutError(.invalidArgument, "PNG images can be converted to gray or RGB profiles, not \(profile.colorSpace)")
        }
        return PixelFormat(layout, sample)
    }
}
