/// How a TIFF's samples become a ``PixelBuffer``: which layouts are read, and the repacking (extra samples dropped,
/// min-is-white inverted, associated alpha un-premultiplied).
///
/// 8- and 16-bit gray, RGB and CMYK and 32-bit float are read natively, keeping their depth. Every other layout
/// libtiff's RGBA reader (`TIFFRGBAImage`) decodes (palette, YCbCr, old- and new-style JPEG, 1-, 2- and 4-bit gray,
/// fax) is read through it, as `tiff2rgba` reads it, to 8 bits. CIELab, LogLuv and 64-bit float stay refused.
struct TIFFLayout {
    /// The buffer's format.
    var format: PixelFormat
    /// The photometric interpretation is min-is-white (0 is white).
    var minIsWhite: Bool
    /// The alpha is associated (premultiplied).
    var associatedAlpha: Bool
    /// The pixels come from libtiff's RGBA reader: 8-bit R, G, B, A per pixel (alpha premultiplied), which
    /// ``pixels(_:header:path:)`` reduces to ``format``.
    var viaRGBA: Bool = false
    /// The samples per pixel of the decoded bytes.
    var storedSamples: Int
    /// The file is a palette image with an alpha channel, which the RGBA reader doesn't read.
    var droppedAlpha = false

    /// The layout of the file's first image, or the reason it isn't read.
    init(_ header: TIFFHeader, path: String?) throws(GamutError) {
        func unsupported(_ what: String) -> GamutError { GamutError(.unsupportedImage, "\(what) TIFF images are not read", path: path) }
        guard header.codecAvailable else {
            throw GamutError(.unsupportedImage, "compression \(header.compression) is not built into this libtiff", path: path)
        }
        let alpha = header.extraSamples > 0 && (header.firstExtra == 1 || header.firstExtra == 2)
        switch header.photometric {
        case 8, 9, 10: throw unsupported("CIELab (photometric \(header.photometric))")
        case 32844, 32845: throw unsupported("LogLuv (photometric \(header.photometric))")
        case 5 where header.inkSet != 1: throw unsupported("multi-ink separated (not CMYK)")
        default: break
        }
        let native =
            [0, 1, 2, 5].contains(header.photometric) && header.compression != 6
            && [(8, 1), (16, 1), (32, 3)].contains { $0 == (header.bitsPerSample, header.sampleFormat) }
        if !native, [0, 1, 2, 3, 6].contains(header.photometric), header.sampleFormat == 1, header.bitsPerSample <= 16 {
            let gray = header.photometric <= 1
            // libtiff's RGBA reader premultiplies an alpha it reads (YCbCr, RGB), un-premultiplied here; it ignores a
            // palette's, which is then left out, as tiff2rgba leaves it (TIFF.decode warns).
            let keepsAlpha = alpha && header.photometric != 3
            format = PixelFormat(gray ? (keepsAlpha ? .grayAlpha : .gray) : (keepsAlpha ? .rgba : .rgb), .uint8)
            (minIsWhite, associatedAlpha, viaRGBA, storedSamples) = (false, keepsAlpha, true, 4)
            droppedAlpha = alpha && !keepsAlpha
            return
        }
        let colors: Int
        switch header.photometric {
        case 0, 1: colors = 1
        case 2: colors = 3
        case 5: colors = 4
        default: throw unsupported("photometric \(header.photometric)")
        }
        guard header.samplesPerPixel >= colors else {
            throw GamutError(
                .invalidImage,
                "photometric \(header.photometric) needs \(colors) samples per pixel, the file has "
                    + "\(header.samplesPerPixel)", path: path)
        }
        let sample: PixelFormat.Sample
        switch (header.bitsPerSample, header.sampleFormat) {
        case (8, 1): sample = .uint8
        case (16, 1): sample = .uint16
        case (32, 3): sample = .float32
        case (let bits, 2): throw unsupported("\(bits)-bit signed-integer")
        case (let bits, 3): throw unsupported("\(bits)-bit floating-point")
        case (let bits, _): throw unsupported("\(bits)-bit")
        }
        let layout: PixelFormat.Layout
        switch (colors, alpha) {
        case (1, false): layout = .gray
        case (1, true): layout = .grayAlpha
        case (3, false): layout = .rgb
        case (3, true): layout = .rgba
        case (_, false) where sample != .float32: layout = .cmyk
        default: throw unsupported(alpha ? "CMYK with alpha" : "floating-point CMYK")
        }
        format = PixelFormat(layout, sample)
        minIsWhite = header.photometric == 0
        associatedAlpha = alpha && header.firstExtra == 1
        storedSamples = header.samplesPerPixel
    }

    /// The decoded samples (interleaved, `header.samplesPerPixel` per pixel) as a buffer of ``format``.
    func pixels(_ bytes: [UInt8], header: TIFFHeader, path: String?) throws(GamutError) -> PixelBuffer {
        let stored = storedSamples
        if format.sample == .float32, let bad = bytes.withUnsafeBytes({ $0.bindMemory(to: Float.self).firstIndex { !$0.isFinite } }) {
            // NaN and infinity are no color; refused rather than passed on to the transforms.
            throw GamutError(
                .invalidImage,
                "sample \(bad % stored) of pixel (\(bad / stored % header.width), \(bad / stored / header.width)) "
                    + "is not a finite number", path: path)
        }
        guard stored != format.channelCount || minIsWhite || associatedAlpha else {
            return try PixelBuffer(width: header.width, height: header.height, format: format, bytes: bytes)
        }
        let repacked: [UInt8] =
            switch format.sample {
            case .uint8: repack(bytes, as: UInt8.self, stored: stored)
            case .uint16: repack(bytes, as: UInt16.self, stored: stored)
            case .float32: repack(bytes, as: Float.self, stored: stored)
            case .float64: repack(bytes, as: Double.self, stored: stored)
            }
        return try PixelBuffer(width: header.width, height: header.height, format: format, bytes: repacked)
    }

    private func repack<T: TIFFSample>(_ bytes: [UInt8], as type: T.Type, stored: Int) -> [UInt8] {
        let (channels, colors, alpha) = (format.channelCount, format.colorChannelCount, format.hasAlpha)
        let count = bytes.count / (stored * MemoryLayout<T>.size)
        var output = [T](repeating: .zero, count: count * channels)
        bytes.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: T.self)
            for pixel in 0..<count {
                let (i, o) = (pixel * stored, pixel * channels)
                let a = alpha ? input[i + (viaRGBA ? 3 : colors)] : T.maximum
                for c in 0..<colors {
                    var value = input[i + c]
                    if associatedAlpha { value = value.unpremultiplied(by: a) }
                    output[o + c] = minIsWhite ? value.inverted : value
                }
                if alpha { output[o + colors] = a }
            }
        }
        return output.withUnsafeBytes { Array($0) }
    }
}

/// The sample types TIFFs are read in.
protocol TIFFSample {
    static var zero: Self { get }
    /// Full scale: 255, 65535 or 1.0.
    static var maximum: Self { get }
    /// Full scale minus the value (min-is-white to min-is-black).
    var inverted: Self { get }
    /// The straight value of a premultiplied one, rounded and clamped to full scale (0 where alpha is 0).
    func unpremultiplied(by alpha: Self) -> Self
}

extension UInt8: TIFFSample {
    static var maximum: UInt8 { .max }
    var inverted: UInt8 { .max - self }
    func unpremultiplied(by alpha: UInt8) -> UInt8 {
        alpha == 0 ? 0 : UInt8(Swift.min(255, (Int(self) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
}

extension UInt16: TIFFSample {
    static var maximum: UInt16 { .max }
    var inverted: UInt16 { .max - self }
    func unpremultiplied(by alpha: UInt16) -> UInt16 {
        alpha == 0 ? 0 : UInt16(Swift.min(65535, (Int(self) * 65535 + Int(alpha) / 2) / Int(alpha)))
    }
}

extension Float: TIFFSample {
    static var maximum: Float { 1 }
    var inverted: Float { 1 - self }
    func unpremultiplied(by alpha: Float) -> Float { alpha == 0 ? 0 : self / alpha }
}

extension Double: TIFFSample {
    static var maximum: Double { 1 }
    var inverted: Double { 1 - self }
    func unpremultiplied(by alpha: Double) -> Double { alpha == 0 ? 0 : self / alpha }
}
