/// JPEG reading and writing through libjpeg(-turbo), with the image's color resolved to a ``ColorProfile``.
///
/// Baseline, extended and progressive 8-bit files decode: gray to `gray8`, YCbCr and RGB to `rgb8` (libjpeg honors an
/// Adobe APP14 marker's transform code and JFIF's YCbCr), CMYK and YCCK through the embedded CMYK profile to 16-bit
/// Adobe RGB (1998) (see `decode(_:path:options:)`). The profile is reassembled from all its APP2 segments in
/// sequence order; an untagged file is sRGB and marked ``ImageColorSource/untagged``. The EXIF orientation is applied:
/// pixels come upright, as viewers show them (``ImageFile/DecodingOptions/keepOrientation`` keeps them as stored). A gain
/// map (Apple's or ISO 21496-1's, for HDR displays) is reported: the SDR image is what is read.
///
/// Every libjpeg call sits in a small C shim that catches libjpeg's error exit itself, so errors come back as
/// ``GamutError``s and no `longjmp` crosses Swift code. The limits are ``ImageFile/DecodingOptions``'s, shared by every decoder.
public enum JPEG {
    /// Choices for encoding.
    public struct EncodingOptions: Sendable {
        /// libjpeg's quality, 1 (smallest) to 100 (largest, closest). Default 90.
        public var quality: Int = 90
        /// Whether to halve the chroma resolution both ways (4:2:0, as `cjpeg` does by default). Default false (4:4:4):
        /// color edges keep their place, which matters when the file is checked for out-of-gamut pixels.
        public var subsampleChroma: Bool = false
        /// Whether to embed the profile (as APP2 segments). False writes an untagged JPEG, which readers take as sRGB.
        public var embedProfile: Bool = true

        /// Default choices.
        public init() {}

        /// Choices with this quality (1–100).
        public init(quality: Int) { self.quality = quality }
    }

    /// Reads and decodes a JPEG file.
    /// - Throws: ``GamutError`` naming the file: `.io`, and the errors of ``decode(_:path:options:)``.
    public static func read(
        contentsOf path: String, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "JPEG file")
        return try decode(bytes, path: path, options: options)
    }

    /// Decodes JPEG bytes into an ``Image`` with the embedded profile.
    ///
    /// The header is read first: an image over `options.maximumPixels` (the pixel budget) or whose decoded pixels
    /// exceed `options.maximumDecodedSize` is refused before anything is decoded or allocated for it. Data libjpeg
    /// calls corrupt, or that ends before the end-of-image marker, is an error (libjpeg alone would fill gray blocks).
    ///
    /// CMYK files (Adobe's, whose samples are stored inverted when the APP14 marker is present, as Photoshop and
    /// ImageMagick write them) are converted through their embedded CMYK profile, relative colorimetric, to 16-bit
    /// Adobe RGB (1998), with a warning saying so; a CMYK file without a profile is refused (`.unsupportedImage`).
    /// - Parameters:
    ///   - data: the JPEG file's bytes.
    ///   - path: the file they came from, named in errors.
    ///   - options: the limits (pixel budget, decoded size, profile size).
    /// - Throws: ``GamutError`` `.invalidImage` (truncated, corrupt data, a malformed marker, too many progressive scans),
    ///   `.imageTooLarge`, `.invalidProfile` (broken APP2 segments, or a profile that isn't usable), `.profileMismatch`
    ///   (a profile whose color space isn't the image's), `.unsupportedImage` (12-bit samples, untagged CMYK).
    public static func decode(
        _ data: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let decoded: Result<(PixelBuffer, JPEGHeader, [JPEGMarker], [String]), GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) { return .success(try read(buffer, path: path, options: options)) } catch { return .failure(error) }
        }
        var (pixels, header, markers, warnings) = try decoded.get()
        let orientation = ImageOrientation(tag: JPEGMarkers.exifOrientation(markers))
        if let gainMap = JPEGMarkers.gainMap(markers, file: data) { warnings.append(gainMap) }
        return try resolve(
            &pixels, header: header, markers: markers, warnings: warnings, path: path, options: options
        ).oriented(orientation, keep: options.keepOrientation)
    }

    private static func resolve(
        _ pixels: inout PixelBuffer, header: JPEGHeader, markers: [JPEGMarker], warnings: [String], path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> Image {
        let icc = try JPEGMarkers.iccProfile(markers, path: path, maximumSize: options.maximumProfileSize)
        let embedded = try icc.map { (bytes) throws(GamutError) in
            try ColorProfile(data: bytes, path: path, maximumSize: options.maximumProfileSize)
        }
        switch pixels.format.layout {
        case .cmyk:
            if header.sawAdobe { pixels = try CMYKConversion.inverted(pixels) }
            let (rgb, note) = try CMYKConversion.rgb(pixels, profile: embedded, format: "JPEG", path: path)
            return Image(
                pixels: rgb, profile: CMYKConversion.destination, colorSource: .iccp(name: embedded?.name ?? ""), fileBitDepth: 8,
                warnings: warnings + [note])
        default:
            let isGray = pixels.format.layout == .gray
            guard let embedded else {
                return Image(
                    pixels: pixels, profile: isGray ? .graySRGB : .sRGB, colorSource: .untagged, fileBitDepth: 8, warnings: warnings)
            }
            guard embedded.info.colorSpace == (isGray ? .gray : .rgb) else {
                throw GamutError(
                    .profileMismatch,
                    "embedded profile '\(embedded.name)' is \(embedded.colorSpace) but the image is "
                        + (isGray ? "grayscale" : "RGB"), path: path)
            }
            return Image(pixels: pixels, profile: embedded, colorSource: .iccp(name: embedded.name), fileBitDepth: 8, warnings: warnings)
        }
    }

    private static func read(
        _ buffer: UnsafeRawBufferPointer, path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> (PixelBuffer, JPEGHeader, [JPEGMarker], [String]) {
        #if !(JPEG && os(Linux))
            throw ImageFormat.jpeg.notBuilt(path: path)
        #else
            let decoder = try JPEGDecompressor(buffer, path: path)
            let header = try decoder.header()
            let format: PixelFormat
            switch (header.space, header.components) {
            case (.gray, 1): format = .gray8
            case (.rgb, 3), (.ycbcr, 3): format = .rgb8
            case (.cmyk, 4), (.ycck, 4): format = .cmyk8
            default:
                throw GamutError(
                    .unsupportedImage, "a JPEG of \(header.components) components in color space \(header.space) is not read", path: path)
            }
            // CMYK becomes 16-bit RGB: count the larger of the two.
            try ImageLimits.check(
                width: header.width, height: header.height, bytesPerPixel: format.layout == .cmyk ? 6 : format.bytesPerPixel,
                path: path, options: options)
            let markers = decoder.markers()
            var pixels = PixelBuffer(width: header.width, height: header.height, format: format)
            try decoder.decode(into: &pixels, maximumMemory: options.maximumDecodedSize)
            return (pixels, header, markers, decoder.warnings)
        #endif
    }

    /// Encodes an image as a baseline JPEG with its profile split across APP2 segments (as many as it needs, 65,519
    /// profile bytes each).
    ///
    /// JPEG holds 8-bit gray or RGB: 16-bit samples are rounded to 8 bits, and an alpha channel is dropped when every
    /// pixel is opaque and refused otherwise.
    /// - Throws: ``GamutError`` `.invalidArgument` for float or CMYK pixels, translucent alpha, or a profile over
    ///   255 segments; `.profileMismatch` when the profile doesn't fit the pixels.
    public static func encode(_ image: Image, options: EncodingOptions = EncodingOptions()) throws(GamutError) -> [UInt8] {
        let format = image.pixels.format
        guard format.layout != .cmyk, !format.sample.isFloat else {
            throw GamutError(.invalidArgument, "JPEG is written from 8- or 16-bit gray or RGB pixels, not \(format)")
        }
        guard image.profile.channelCount == format.colorChannelCount else {
            throw GamutError(
                .profileMismatch, "profile '\(image.profile.name)' is \(image.profile.colorSpace) but the pixels are \(format.layout)")
        }
        #if !(JPEG && os(Linux))
            throw ImageFormat.jpeg.notBuilt(path: nil)
        #else
            let samples = try eightBitColorSamples(image.pixels)
            return try JPEGCompressor.encode(
                samples, width: image.width, height: image.height, channels: format.colorChannelCount,
                quality: options.quality, subsampleChroma: options.subsampleChroma,
                icc: options.embedProfile ? image.profile.data : [],
                exif: image.orientation == .up ? [] : JPEGMarkers.exifSignature + image.orientation.exifBlock)
        #endif
    }

    /// Encodes an image and writes it atomically (a temporary file renamed into place).
    /// - Throws: ``GamutError`` naming the file: the errors of ``encode(_:options:)`` and `.io`.
    public static func write(_ image: Image, to path: String, options: EncodingOptions = EncodingOptions()) throws(GamutError) {
        let bytes: [UInt8]
        do { bytes = try encode(image, options: options) } catch { throw error.at(path) }
        try FileIO.writeAtomically(bytes, to: path)
    }

    /// The color samples as tightly packed 8-bit values (16-bit rounded), alpha dropped when opaque.
    static func eightBitColorSamples(_ pixels: PixelBuffer) throws(GamutError) -> [UInt8] {
        let format = pixels.format
        let (colors, channels) = (format.colorChannelCount, format.channelCount)
        let wide = format.sample == .uint16
        var samples = [UInt8](repeating: 0, count: pixels.width * pixels.height * colors)
        var translucent: (x: Int, y: Int)?
        pixels.withUnsafeBytes { source in
            samples.withUnsafeMutableBufferPointer { output in
                var o = 0
                for y in 0..<pixels.height where translucent == nil {
                    let row = source.baseAddress! + y * pixels.rowBytes
                    for x in 0..<pixels.width {
                        let pixel = x * channels
                        if wide {
                            let values = UnsafeRawPointer(row).assumingMemoryBound(to: UInt16.self) + pixel
                            if format.hasAlpha, values[colors] != 65535 { translucent = (x, y); break }
                            for c in 0..<colors { output[o + c] = UInt8((Int(values[c]) * 255 + 32767) / 65535) }
                        } else {
                            let values = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self) + pixel
                            if format.hasAlpha, values[colors] != 255 { translucent = (x, y); break }
                            for c in 0..<colors { output[o + c] = values[c] }
                        }
                        o += colors
                    }
                }
            }
        }
        if let translucent {
            throw GamutError(
                .invalidArgument,
                "JPEG has no alpha channel and pixel (\(translucent.x), \(translucent.y)) is translucent: "
                    + "write PNG or TIFF, or flatten the image first")
        }
        return samples
    }
}
