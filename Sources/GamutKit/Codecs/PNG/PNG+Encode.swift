import Foundation

extension PNG {
    /// Encodes an 8- or 16-bit gray, gray+alpha, RGB or RGBA image as PNG with its profile embedded
    /// (`iCCP`), plus `cICP` when the profile is GamutKit's sRGB or Display P3, its text and `pHYs` chunks, and an
    /// `eXIf` chunk with its ``Image/orientation`` when that isn't `.up`.
    /// 16-bit samples are written losslessly.
    /// - Throws: ``GamutError`` `.invalidArgument` for float or CMYK pixels, `.profileMismatch` when the
    ///   profile's color space doesn't fit the pixels, `.invalidPNG` with libspng's message.
    public static func encode(_ image: Image, options: EncodingOptions = EncodingOptions()) throws(GamutError) -> [UInt8] {
        var metadata = image.metadata
        if image.orientation != .up { metadata.exif = image.orientation.exifBlock }
        return try PNGWriter.encode(
            pngRows(image.pixels), width: image.width, height: image.height, format: image.pixels.format,
            profile: image.profile, metadata: metadata, options: options)
    }

    /// Tightly packed rows as libspng's `SPNG_FMT_PNG` takes them: 16-bit samples in host byte order (libspng
    /// writes them big-endian into the file).
    static func pngRows(_ pixels: PixelBuffer) -> [UInt8] {
        let rowLength = pixels.width * pixels.format.bytesPerPixel
        var rows: [UInt8]
        if pixels.rowBytes == rowLength {
            rows = Array(pixels.bytes.prefix(rowLength * pixels.height))
        } else {
            rows = []
            rows.reserveCapacity(rowLength * pixels.height)
            for y in 0..<pixels.height { rows += pixels.bytes[y * pixels.rowBytes..<y * pixels.rowBytes + rowLength] }
        }
        return rows
    }

    /// A valid iCCP profile name: 1–79 printable Latin-1 characters, no leading, trailing or double spaces.
    static func iccpName(_ description: String) -> String {
        let printable = description.unicodeScalars.filter { $0.value >= 32 && $0.value < 127 }.map(Character.init)
        let words = String(printable).split(separator: " ").joined(separator: " ")
        let name = String(words.prefix(79)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "ICC profile" : name
    }

    /// ISO 8859-1 bytes of `text`; characters outside Latin-1 become "?".
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 63 }
    }
}
