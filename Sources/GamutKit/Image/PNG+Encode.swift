internal import CSPNG
import Foundation

extension PNG {
    /// Encodes an 8- or 16-bit gray, gray+alpha, RGB or RGBA image as PNG with its profile embedded
    /// (`iCCP`), plus `cICP` when the profile is GamutKit's sRGB or Display P3, and its text and `pHYs` chunks.
    /// 16-bit samples are written losslessly.
    /// - Throws: ``GamutError`` `.invalidArgument` for float or CMYK pixels, `.profileMismatch` when the
    ///   profile's color space doesn't fit the pixels, `.invalidPNG` with libspng's message.
    public static func encode(_ image: Image, options: EncodingOptions = EncodingOptions()) throws(GamutError) -> [UInt8] {
        let ctx = try SPNGContext(encoder: true, path: nil)
        let memory = CAllocations()
        try PNGWriter.configure(ctx, width: image.width, height: image.height, format: image.pixels.format,
                                profile: image.profile, metadata: image.metadata, options: options, memory: memory)
        let rows = pngRows(image.pixels)
        let status = rows.withUnsafeBytes {
            spng_encode_image(ctx.raw, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        try ctx.check(status, "cannot encode the image")
        return try PNGWriter.encodedBytes(ctx)
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
            for y in 0..<pixels.height { rows += pixels.bytes[y * pixels.rowBytes ..< y * pixels.rowBytes + rowLength] }
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

    fileprivate static func setMetadata(_ metadata: PNGMetadata, _ ctx: borrowing SPNGContext, _ memory: CAllocations) throws(GamutError) {
        if let phys = metadata.physicalDimensions {
            var chunk = spng_phys(ppu_x: phys.pixelsPerUnitX, ppu_y: phys.pixelsPerUnitY, unit_specifier: phys.unitIsMetre ? 1 : 0)
            try ctx.check(spng_set_phys(ctx.raw, &chunk), "cannot write pHYs")
        }
        // PNG has no empty text chunks; tEXt/zTXt are Latin-1, iTXt UTF-8.
        let texts = metadata.texts.filter { !$0.text.isEmpty && !$0.keyword.isEmpty }
        guard !texts.isEmpty else { return }
        let chunks = texts.map { text -> spng_text in
            var chunk = spng_text()
            withUnsafeMutableBytes(of: &chunk.keyword) { raw in
                for (i, byte) in latin1(text.keyword).prefix(79).enumerated() { raw[i] = byte }
            }
            let body = text.kind == .iTXt ? Array(text.text.utf8) : latin1(text.text)
            chunk.type = Int32(text.kind == .tEXt ? SPNG_TEXT.rawValue : text.kind == .zTXt ? SPNG_ZTXT.rawValue : SPNG_ITXT.rawValue)
            chunk.text = memory.cString(body)
            chunk.length = body.count
            chunk.language_tag = memory.cString(Array(text.languageTag.utf8))
            chunk.translated_keyword = memory.cString(Array(text.translatedKeyword.utf8))
            return chunk
        }
        try ctx.check(spng_set_text(ctx.raw, memory.array(chunks), UInt32(chunks.count)), "cannot write text chunks")
    }

    /// ISO 8859-1 bytes of `text`; characters outside Latin-1 become "?".
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 63 }
    }
}

/// Sets up a libspng encoder: header, embedded profile, cICP, text and pHYs.
enum PNGWriter {
    static func configure(_ ctx: borrowing SPNGContext, width: Int, height: Int, format: PixelFormat, profile: ColorProfile,
                          metadata: PNGMetadata, options: PNG.EncodingOptions, memory: CAllocations) throws(GamutError) {
        let colorType: spng_color_type
        switch format.layout {
        case .gray: colorType = SPNG_COLOR_TYPE_GRAYSCALE
        case .grayAlpha: colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
        case .rgb: colorType = SPNG_COLOR_TYPE_TRUECOLOR
        case .rgba: colorType = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        case .cmyk: throw GamutError(.invalidArgument, "PNG cannot store CMYK pixels")
        }
        guard format.sample != .float32 else { throw GamutError(.invalidArgument, "PNG stores 8- or 16-bit samples, not float") }
        guard profile.channelCount == format.colorChannelCount else {
            throw GamutError(.profileMismatch, "profile '\(profile.name)' is \(profile.colorSpace) but the pixels are \(format.layout)")
        }
        try ctx.check(spng_set_option(ctx.raw, SPNG_ENCODE_TO_BUFFER, 1), "cannot encode to memory")
        try ctx.check(spng_set_option(ctx.raw, SPNG_IMG_COMPRESSION_LEVEL, Int32(min(max(options.compressionLevel, 0), 9))),
                      "cannot set the compression level")
        let filterChoice: spng_filter_choice = switch options.filters {
        case .adaptive: SPNG_FILTER_CHOICE_ALL
        case .paeth: SPNG_FILTER_CHOICE_PAETH
        case .up: SPNG_FILTER_CHOICE_UP
        case .sub: SPNG_FILTER_CHOICE_SUB
        case .none: SPNG_FILTER_CHOICE_NONE
        }
        try ctx.check(spng_set_option(ctx.raw, SPNG_FILTER_CHOICE, Int32(filterChoice.rawValue)), "cannot set the filters")
        var ihdr = spng_ihdr(width: UInt32(width), height: UInt32(height),
                             bit_depth: UInt8(format.bytesPerSample * 8), color_type: UInt8(colorType.rawValue),
                             compression_method: 0, filter_method: 0, interlace_method: 0)
        try ctx.check(spng_set_ihdr(ctx.raw, &ihdr), "invalid image header")

        if options.embedProfile {
            var iccp = spng_iccp()
            withUnsafeMutableBytes(of: &iccp.profile_name) { name in
                for (i, byte) in PNG.iccpName(profile.name).utf8.enumerated() { name[i] = byte }
            }
            iccp.profile_len = profile.data.count
            iccp.profile = memory.bytes(profile.data).assumingMemoryBound(to: CChar.self)
            try ctx.check(spng_set_iccp(ctx.raw, &iccp), "cannot embed the ICC profile")

            let cicp: [UInt8] = switch profile.builtIn {
            case .sRGB, .graySRGB: [1, 13, 0, 1]
            case .displayP3: [12, 13, 0, 1]
            default: []
            }
            if options.writeCICP, !cicp.isEmpty {
                let chunk = spng_unknown_chunk(type: (99, 73, 67, 80), length: 4, data: memory.bytes(cicp), location: SPNG_AFTER_IHDR)
                try ctx.check(spng_set_unknown_chunks(ctx.raw, memory.array([chunk]), 1), "cannot write the cICP chunk")
            }
        }
        try PNG.setMetadata(metadata, ctx, memory)
    }

    /// The finished PNG, copied out of libspng's buffer.
    static func encodedBytes(_ ctx: borrowing SPNGContext) throws(GamutError) -> [UInt8] {
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx.raw, &length, &error) else {
            try ctx.check(error == 0 ? -1 : error, "cannot get the encoded PNG")
            return []
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
