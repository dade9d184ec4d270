internal import CSPNG

extension PNG {
    /// Decodes PNG bytes of any color type and depth into an 8- or 16-bit ``Image`` and resolves its color:
    /// `cICP` first, then `iCCP`, `sRGB`, `gAMA`/`cHRM`; an untagged image is sRGB and marked ``ImageColorSource/untagged``.
    ///
    /// Depths below 8 and palettes decode to 8 bits; 16-bit images stay 16-bit (machine byte order);
    /// `tRNS` transparency becomes an alpha channel.
    /// - Parameters:
    ///   - data: the PNG bytes.
    ///   - path: the file they came from, named in errors.
    /// - Throws: ``GamutError`` `.invalidPNG` (truncated, bad CRC, corrupt zlib, bad chunk), `.imageTooLarge`,
    ///   `.invalidProfile` (embedded profile unusable), `.profileMismatch` (for example a CMYK profile in an RGB PNG).
    public static func decode(_ data: [UInt8], path: String? = nil, options: DecodingOptions = DecodingOptions()) throws(GamutError) -> Image {
        let decoded: Result<DecodedPNG, GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) {
                return .success(try PNGReader.read(buffer, path: path, options: options))
            } catch {
                return .failure(error)
            }
        }
        let png = try decoded.get()
        return try ColorResolver.resolve(png, path: path, options: options)
    }
}

/// What libspng gave back, before the color is resolved.
struct DecodedPNG {
    var pixels: PixelBuffer
    var bitDepth: Int
    var color: PNGColorChunks
    var metadata: PNGMetadata
}

/// The chunks that say what a PNG's colors mean.
struct PNGColorChunks {
    var isGray: Bool
    var cicp: [UInt8]?
    var iccp: (name: String, profile: [UInt8])?
    var srgbIntent: Int?
    var gamma: Double?
    var chromaticities: RGBPrimaries?
}

enum PNGReader {
    static func read(_ buffer: UnsafeRawBufferPointer, path: String?, options: PNG.DecodingOptions) throws(GamutError) -> DecodedPNG {
        let ctx = try SPNGContext(encoder: false, path: path)
        let ihdr = try prepare(ctx, buffer, options: options)
        let width = Int(ihdr.width), height = Int(ihdr.height)
        var trns = spng_trns()
        let hasTransparency = spng_get_trns(ctx.raw, &trns) == 0
        let depth = Int(ihdr.bit_depth)
        let (spngFormat, format, bigEndian) = try Self.format(colorType: Int(ihdr.color_type), depth: depth,
                                                              transparency: hasTransparency, path: path)
        var size = 0
        try ctx.check(spng_decoded_image_size(ctx.raw, spngFormat, &size), "cannot size the image")
        guard size == width * height * format.bytesPerPixel else {
            throw GamutError(.invalidPNG, "unexpected decoded size \(size) for \(width)×\(height) \(format)", path: path)
        }
        guard size <= options.maximumDecodedSize else {
            throw GamutError(.imageTooLarge, "image of \(width)×\(height) pixels decodes to \(size >> 20) MiB, over the limit of "
                             + "\(options.maximumDecodedSize >> 20) MiB", path: path)
        }
        var bytes = [UInt8](repeating: 0, count: size)
        let flags = hasTransparency && spngFormat != Int32(SPNG_FMT_PNG.rawValue) ? Int32(SPNG_DECODE_TRNS.rawValue) : 0
        let status = bytes.withUnsafeMutableBytes { spng_decode_image(ctx.raw, $0.baseAddress, size, spngFormat, flags) }
        try ctx.check(status, "cannot decode the image data")
        if bigEndian { swapBytes16(&bytes) }
        var pixels = try PixelBuffer(width: width, height: height, format: format, bytes: bytes)
        if format == .gray16 && hasTransparency {
            pixels = addAlpha(toGray16: pixels, transparent: trns.gray)
        }

        var png = DecodedPNG(pixels: pixels, bitDepth: depth, color: PNGColorChunks(isGray: format.colorChannelCount == 1), metadata: PNGMetadata())
        try readColorChunks(ctx, into: &png.color, options: options, chunkTypes: chunkTypes(buffer).beforeData)
        png.metadata = try readMetadata(ctx)
        return png
    }

    /// Points the decoder at `buffer` with GamutKit's limits, and reads and checks the header: an image
    /// over `options.maximumPixels` is refused before anything is allocated for it.
    static func prepare(_ ctx: borrowing SPNGContext, _ buffer: UnsafeRawBufferPointer, options: PNG.DecodingOptions) throws(GamutError) -> spng_ihdr {
        try ctx.check(spng_set_png_buffer(ctx.raw, buffer.baseAddress, buffer.count), "cannot read the PNG")
        let chunkLimit = max(1024, options.maximumChunkSize)
        try ctx.check(spng_set_chunk_limits(ctx.raw, chunkLimit, chunkLimit), "cannot set chunk limits")
        try ctx.check(spng_set_option(ctx.raw, SPNG_KEEP_UNKNOWN_CHUNKS, 1), "cannot keep unknown chunks")
        var ihdr = spng_ihdr()
        try ctx.check(spng_get_ihdr(ctx.raw, &ihdr), "not a valid PNG header")
        let width = Int(ihdr.width), height = Int(ihdr.height)
        guard width.multipliedReportingOverflow(by: height).partialValue <= options.maximumPixels else {
            throw GamutError(.imageTooLarge,
                "image of \(width)×\(height) pixels exceeds the limit of \(options.maximumPixels) pixels", path: ctx.path)
        }
        return ihdr
    }

    /// The libspng output format, the buffer format, and whether the samples come big-endian.
    /// Where PNG's own layout is the buffer's layout, `SPNG_FMT_PNG` avoids a conversion.
    static func format(colorType: Int, depth: Int, transparency: Bool, path: String?) throws(GamutError) -> (Int32, PixelFormat, Bool) {
        func f(_ value: spng_format) -> Int32 { Int32(value.rawValue) }
        switch (colorType, depth, transparency) {
        case (0, 16, _): return (f(SPNG_FMT_PNG), .gray16, true)  // tRNS expanded by the caller
        case (4, 16, _): return (f(SPNG_FMT_PNG), .grayAlpha16, true)
        case (0, 8, false): return (f(SPNG_FMT_PNG), .gray8, false)
        case (0, _, false): return (f(SPNG_FMT_G8), .gray8, false)
        case (0, _, true): return (f(SPNG_FMT_GA8), .grayAlpha8, false)
        case (4, 8, _): return (f(SPNG_FMT_PNG), .grayAlpha8, false)
        case (2, 16, false): return (f(SPNG_FMT_PNG), .rgb16, true)
        case (6, 16, _): return (f(SPNG_FMT_PNG), .rgba16, true)
        case (2, 16, true): return (f(SPNG_FMT_RGBA16), .rgba16, false)
        case (2, 8, false): return (f(SPNG_FMT_PNG), .rgb8, false)
        case (6, 8, _): return (f(SPNG_FMT_PNG), .rgba8, false)
        case (3, _, false): return (f(SPNG_FMT_RGB8), .rgb8, false)
        case (2, 8, true), (3, _, true): return (f(SPNG_FMT_RGBA8), .rgba8, false)
        default: throw GamutError(.invalidPNG, "unknown color type \(colorType) at depth \(depth)", path: path)
        }
    }

    /// The chunk types before and after the first IDAT, from the chunk framing (length and type fields only).
    static func chunkTypes(_ buffer: UnsafeRawBufferPointer) -> (beforeData: Set<String>, afterData: Set<String>) {
        var before = Set<String>(), after = Set<String>()
        var offset = 8
        var seenData = false
        while offset + 8 <= buffer.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(buffer[offset + $1]) }
            let type = String(decoding: buffer[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { seenData = true } else if seenData { after.insert(type) } else { before.insert(type) }
            offset += 12 + length
        }
        return (before, after)
    }

    /// 16-bit gray with a tRNS gray value becomes gray+alpha (libspng 0.7.3 has no GA16 output).
    static func addAlpha(toGray16 gray: PixelBuffer, transparent: UInt16) -> PixelBuffer {
        var samples = [UInt16]()
        samples.reserveCapacity(gray.width * gray.height * 2)
        for value in gray.samples16 {
            samples.append(value)
            samples.append(value == transparent ? 0 : 65535)
        }
        return (try? PixelBuffer(width: gray.width, height: gray.height, layout: .grayAlpha, samples: samples)) ?? gray
    }

    static func swapBytes16(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt16.self)
            for i in words.indices { words[i] = UInt16(bigEndian: words[i]) }
        }
    }

    static func readColorChunks(_ ctx: borrowing SPNGContext, into png: inout PNGColorChunks, options: PNG.DecodingOptions,
                                chunkTypes: Set<String>) throws(GamutError) {
        var count: UInt32 = 0
        let unknownStatus = spng_get_unknown_chunks(ctx.raw, nil, &count)
        if unknownStatus == 0, count > 0 {
            var chunks = [spng_unknown_chunk](repeating: spng_unknown_chunk(), count: Int(count))
            try ctx.check(spng_get_unknown_chunks(ctx.raw, &chunks, &count), "cannot read ancillary chunks")
            for chunk in chunks where chunk.type == (99, 73, 67, 80) {  // "cICP"
                guard chunk.length == 4, let data = chunk.data else {
                    throw GamutError(.invalidPNG, "cICP chunk has \(chunk.length) bytes, expected 4", path: ctx.path)
                }
                png.cicp = Array(UnsafeRawBufferPointer(start: data, count: 4))
            }
        } else if !SPNGContext.isAbsent(unknownStatus) {
            try ctx.check(unknownStatus, "cannot read ancillary chunks")
        }

        var iccp = spng_iccp()
        let iccpStatus = spng_get_iccp(ctx.raw, &iccp)
        if iccpStatus == 0, let profile = iccp.profile {
            guard iccp.profile_len <= options.maximumProfileSize else {
                throw GamutError(.invalidProfile,
                    "embedded ICC profile of \(iccp.profile_len) bytes exceeds the limit of \(options.maximumProfileSize)", path: ctx.path)
            }
            let name = withUnsafeBytes(of: &iccp.profile_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png.iccp = (name, Array(UnsafeRawBufferPointer(start: profile, count: iccp.profile_len)))
        } else if !SPNGContext.isAbsent(iccpStatus) {
            try ctx.check(iccpStatus, "cannot read the embedded ICC profile (iCCP)")
        } else if chunkTypes.contains("iCCP") {
            // libspng discards an ancillary chunk it cannot decompress; silently treating the image as
            // untagged would change its colors, so this is an error.
            throw GamutError(.invalidPNG, "the iCCP chunk is corrupt (its zlib stream does not decompress)", path: ctx.path)
        }

        var intent: UInt8 = 0
        let srgbStatus = spng_get_srgb(ctx.raw, &intent)
        if srgbStatus == 0 { png.srgbIntent = Int(intent) } else if !SPNGContext.isAbsent(srgbStatus) {
            try ctx.check(srgbStatus, "cannot read the sRGB chunk")
        }
        var gamma = 0.0
        let gamaStatus = spng_get_gama(ctx.raw, &gamma)
        if gamaStatus == 0, gamma > 0 { png.gamma = gamma } else if gamaStatus != 0, !SPNGContext.isAbsent(gamaStatus) {
            try ctx.check(gamaStatus, "cannot read the gAMA chunk")
        }
        var chrm = spng_chrm()
        let chrmStatus = spng_get_chrm(ctx.raw, &chrm)
        if chrmStatus == 0 {
            png.chromaticities = RGBPrimaries(
                red: .init(x: chrm.red_x, y: chrm.red_y), green: .init(x: chrm.green_x, y: chrm.green_y),
                blue: .init(x: chrm.blue_x, y: chrm.blue_y), white: .init(x: chrm.white_point_x, y: chrm.white_point_y))
        } else if !SPNGContext.isAbsent(chrmStatus) {
            try ctx.check(chrmStatus, "cannot read the cHRM chunk")
        }
    }

    static func readMetadata(_ ctx: borrowing SPNGContext) throws(GamutError) -> PNGMetadata {
        var metadata = PNGMetadata()
        var count: UInt32 = 0
        let textStatus = spng_get_text(ctx.raw, nil, &count)
        if textStatus == 0, count > 0 {
            var texts = [spng_text](repeating: spng_text(), count: Int(count))
            try ctx.check(spng_get_text(ctx.raw, &texts, &count), "cannot read text chunks")
            for var text in texts {
                let keyword = withUnsafeBytes(of: &text.keyword) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let raw = text.text.map { Array(UnsafeRawBufferPointer(start: $0, count: text.length)) } ?? []
                // tEXt and zTXt are ISO 8859-1; iTXt is UTF-8.
                let body = text.type == Int32(SPNG_ITXT.rawValue)
                    ? String(decoding: raw, as: UTF8.self)
                    : String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
                let kind: PNGMetadata.Text.Kind = switch Int(text.type) {
                case Int(SPNG_ZTXT.rawValue): .zTXt
                case Int(SPNG_ITXT.rawValue): .iTXt
                default: .tEXt
                }
                metadata.texts.append(PNGMetadata.Text(
                    kind: kind, keyword: keyword, text: body,
                    languageTag: text.language_tag.map { String(cString: $0) } ?? "",
                    translatedKeyword: text.translated_keyword.map { String(cString: $0) } ?? ""))
            }
        } else if textStatus != 0, !SPNGContext.isAbsent(textStatus) {
            try ctx.check(textStatus, "cannot read text chunks")
        }
        var phys = spng_phys()
        if spng_get_phys(ctx.raw, &phys) == 0 {
            metadata.physicalDimensions = .init(pixelsPerUnitX: phys.ppu_x, pixelsPerUnitY: phys.ppu_y, unitIsMetre: phys.unit_specifier == 1)
        }
        return metadata
    }
}
