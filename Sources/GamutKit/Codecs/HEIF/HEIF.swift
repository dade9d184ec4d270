/// HEIF and AVIF reading through libheif (HEVC and AV1 images in the ISO base media file format), with the image's
/// color resolved to a ``ColorProfile``.
///
/// The file's primary image is read (other images, thumbnails and depth maps are not), with its transformations
/// (crop, rotation, mirroring) applied and alpha when it has an alpha plane. Samples:
/// - 8-bit files decode to 8-bit RGB or RGBA;
/// - 10- and 12-bit files decode to 16-bit RGB or RGBA, each n-bit value v scaled to the full 16-bit range as
///   round(v × 65535 / (2ⁿ − 1)): 0 stays 0, 2ⁿ − 1 becomes 65535, and 10-bit 512 becomes 32800.
///   ``Image/fileBitDepth`` keeps n.
///
/// The color: an ICC profile in a `colr` box (`prof` or `rICC`) first; otherwise an `nclx` `colr` box (or the
/// coded bitstream's own signalling), mapped as a PNG's `cICP` is (`H273Resolver`): primaries 1 and transfer 13 are
/// GamutKit's exact ``ColorProfile/sRGB``, 12 and 13 its exact ``ColorProfile/displayP3``; other primaries with
/// transfer 13 (sRGB), 8 (linear), 4 (gamma 2.2) or 5 (gamma 2.8) become a matrix/TRC profile; PQ (16) and HLG (18)
/// keep their primaries and are read as their SDR rendition (BT.2408's 203 cd/m² white, brighter parts clipped), with
/// a warning; the BT.709 family of transfers (1, 6, 14, 15) is read as sRGB's curve with a warning, and so are
/// other transfers. Unspecified code points (2) stand for sRGB's. A file without either is sRGB,
/// marked ``ImageColorSource/untagged``. libheif itself applies the nclx matrix coefficients and range when it
/// converts YCbCr to RGB. The limits are ``ImageFile/DecodingOptions``'s, shared by every decoder.
public enum HEIF {
    /// Reads and decodes a HEIF or AVIF file.
    /// - Throws: ``GamutError`` naming the file: `.io`, and the errors of ``decode(_:path:options:)``.
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "HEIF file")
        return try decode(bytes, path: path, options: options)
    }

    /// Decodes the primary image of HEIF or AVIF bytes into an 8- or 16-bit ``Image`` with its color resolved.
    ///
    /// The image's size is read from the container first: an image over `options.maximumPixels` (the pixel budget)
    /// or whose decoded pixels exceed `options.maximumDecodedSize` is refused before it is decoded; libheif's own
    /// per-side security limit is set from the budget.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: the file they came from, named in errors.
    ///   - options: the limits (pixel budget, decoded size, profile size).
    /// - Throws: ``GamutError`` `.invalidImage` (truncated, broken boxes, a corrupt bitstream), `.imageTooLarge`,
    ///   `.unsupportedImage` (a codec or feature libheif can't decode), `.invalidProfile` (the ICC `colr` box isn't a
    ///   usable profile), `.profileMismatch` (an ICC profile that isn't RGB).
    public static func decode(
        _ data: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let decoded: Result<DecodedHEIF, GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) {
                #if !(HEIF && os(Linux))
                    throw (ImageFormat.sniff(data) ?? .heif).notBuilt(path: path)
                #else
                    return .success(try HEIFDecoder.decode(buffer, path: path, options: options))
                #endif
            } catch {
                return .failure(error)
            }
        }
        let heif = try decoded.get()
        var warnings = heif.warnings
        let profile: ColorProfile, source: ImageColorSource
        if let icc = heif.icc {
            profile = try EmbeddedProfile.rgb(icc, path: path, options: options)
            source = .iccp(name: profile.name)
        } else if let nclx = heif.nclx {
            profile = try H273Resolver.profile(
                primaries: nclx.primaries, transfer: nclx.transfer, chromaticities: nclx.chromaticities, format: "HEIF nclx",
                warnings: &warnings)
            source = .nclx(primaries: nclx.primaries, transfer: nclx.transfer)
        } else {
            (profile, source) = (.sRGB, .untagged)
        }
        return Image(pixels: heif.pixels, profile: profile, colorSource: source, fileBitDepth: heif.bitDepth, warnings: warnings)
    }
}
