/// Turns a PNG's color chunks into a ``ColorProfile`` (PNG 3rd edition precedence: cICP, iCCP, sRGB, gAMA/cHRM).
enum ColorResolver {
    static func resolve(_ png: DecodedPNG, path: String?, options: ImageFile.DecodingOptions) throws(GamutError) -> Image {
        let (profile, source, warnings) = try resolve(png.color, path: path, options: options)
        return Image(
            pixels: png.pixels, profile: profile, colorSource: source, metadata: png.metadata,
            fileBitDepth: png.bitDepth, warnings: png.warnings + warnings)
    }

    static func resolve(
        _ png: PNGColorChunks, path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> (ColorProfile, ImageColorSource, [String]) {
        var warnings: [String] = []
        let (profile, source) = try choose(png, path: path, options: options, warnings: &warnings)
        let expected = png.isGray ? ICCSignature.gray : .rgb
        guard profile.info.colorSpace == expected else {
            throw GamutError(
                .profileMismatch,
                "embedded profile '\(profile.name)' is \(profile.colorSpace) but the image is \(png.isGray ? "grayscale" : "RGB")",
                path: path)
        }
        return (profile, source, warnings)
    }

    private static func choose(
        _ png: PNGColorChunks, path: String?, options: ImageFile.DecodingOptions,
        warnings: inout [String]
    ) throws(GamutError) -> (ColorProfile, ImageColorSource) {
        if let cicp = png.cicp {
            let (primaries, transfer, matrix, fullRange) = (Int(cicp[0]), Int(cicp[1]), Int(cicp[2]), cicp[3] == 1)
            // PNG holds RGB samples at full range: another matrix or narrow range isn't a PNG's cICP (PNG 3rd edition).
            if matrix == 0, fullRange {
                let profile = try H273Resolver.profile(
                    primaries: primaries, transfer: transfer, isGray: png.isGray, format: "PNG cICP", warnings: &warnings)
                return (profile, .cicp(primaries: primaries, transfer: transfer))
            }
            warnings.append(
                "cICP \(primaries)/\(transfer)/\(matrix)/\(fullRange ? 1 : 0) has "
                    + (matrix == 0 ? "narrow-range" : "YCbCr matrix \(matrix)") + " samples, which PNG doesn't hold; ignored")
        }
        if let (name, bytes) = png.iccp {
            if bytes.count >= 20 {
                let space = ICCSignature(rawValue: bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) })
                let expected = png.isGray ? ICCSignature.gray : .rgb
                if space != expected {
                    throw GamutError(
                        .profileMismatch,
                        "embedded profile '\(name)' is \(space) but the image is \(png.isGray ? "grayscale" : "RGB")", path: path)
                }
            }
            let profile = try ColorProfile(data: bytes, path: path, maximumSize: options.maximumProfileSize)
            return (profile, .iccp(name: name))
        }
        if let intent = png.srgbIntent {
            return (png.isGray ? .graySRGB : .sRGB, .srgbChunk(intent: intent))
        }
        if png.gamma != nil || png.chromaticities != nil {
            // gAMA holds the encoding exponent (e.g. 0.45455); the decoding gamma is its inverse.
            let transfer: TransferFunction = png.gamma.map { .gamma(1 / $0) } ?? .sRGB
            let source = ImageColorSource.gammaAndChromaticities(gamma: png.gamma, primaries: png.chromaticities)
            if png.isGray {
                return (try ColorProfile(grayTransfer: transfer, description: "PNG gAMA"), source)
            }
            let profile = try ColorProfile(primaries: png.chromaticities ?? .sRGB, transfer: transfer, description: "PNG gAMA/cHRM")
            return (profile, source)
        }
        return (png.isGray ? .graySRGB : .sRGB, .untagged)
    }
}
