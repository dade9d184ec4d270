#if SystemLibraries && os(Linux)
    internal import CSPNG
#else
    internal import CVendoredSPNG
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PNGReader {
    static func readImage(
        _ buffer: UnsafeRawBufferPointer, layout: PNGChunkLayout, path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> DecodedPNG {
        let ctx = try SPNGContext(encoder: false, path: path)
        let ihdr = try prepare(ctx, buffer, options: options)
        let width = Int(ihdr.width), height = Int(ihdr.height)
        var trns = spng_trns()
        // The first chunk query makes libspng read every chunk before the image data.
        let hasTransparency = try ctx.present(spng_get_trns(ctx.raw, &trns), "cannot read the chunks before the image data")
        let depth = Int(ihdr.bit_depth)
        let (spngFormat, format) = try Self.format(
            colorType: Int(ihdr.color_type), depth: depth,
            transparency: hasTransparency, path: path)
        var size = 0
        try ctx.check(spng_decoded_image_size(ctx.raw, spngFormat, &size), "cannot size the image")
        guard size == width * height * format.bytesPerPixel else {
            throw GamutError(.invalidPNG, "unexpected decoded size \(size) for \(width)×\(height) \(format)", path: path)
        }
        guard size <= options.maximumDecodedSize else {
            throw GamutError(
                .imageTooLarge,
                "image of \(width)×\(height) pixels decodes to \(size >> 20) MiB, over the limit of "
                    + "\(options.maximumDecodedSize >> 20) MiB", path: path)
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var texts: [PNGMetadata.Text]?, fast = false
        if PNGImageDataReader.decodes(
            bitDepth: Int(ihdr.bit_depth), colorType: Int(ihdr.color_type), interlaced: ihdr.interlace_method != 0,
            hasTRNS: hasTransparency, width: width, options: options),
            let run = PNGChunks.imageDataRun(buffer)
        {
            // The rows by ISA-L and the filter kernel (see PNGImageDataReader); libspng reads the other chunks.
            let rowLength = width * format.bytesPerPixel
            let reader = PNGImageDataReader(
                bytes: buffer, path: path, offset: run.start, rowLength: rowLength, bytesPerPixel: format.bytesPerPixel,
                sixteenBit: depth == 16)
            let decoded = bytes.withUnsafeMutableBytes { output in
                Result { () throws(GamutError) in
                    for y in 0..<height { try reader.decode(into: output.baseAddress! + y * rowLength) }
                    try reader.finish()
                }
            }
            do throws(GamutError) {
                try decoded.get()
                texts = try checkChunksAfterImageData(
                    before: buffer[..<run.start], tail: buffer[run.end...], path: path, options: options)
                fast = true
            } catch {
                // The reader is stricter than libspng in a few places (see PNGImageDataReader): libspng, which has read
                // only the chunks before the image data so far, decodes the file as before.
                guard error.code == .invalidPNG else { throw error }
            }
        }
        if !fast {
            let flags = hasTransparency && spngFormat != Int32(SPNG_FMT_PNG.rawValue) ? Int32(SPNG_DECODE_TRNS.rawValue) : 0
            let status = bytes.withUnsafeMutableBytes { spng_decode_image(ctx.raw, $0.baseAddress, size, spngFormat, flags) }
            try ctx.check(status, "cannot decode the image data")
            try PNGReader.finish(ctx)
        }
        var pixels = try PixelBuffer(width: width, height: height, format: format, bytes: bytes)
        if format == .gray16 && hasTransparency {
            pixels = addAlpha(toGray16: pixels, transparent: trns.gray)
        }

        var png = DecodedPNG(
            pixels: pixels, bitDepth: depth, color: PNGColorChunks(isGray: format.colorChannelCount == 1),
            metadata: PNGMetadata(), warnings: layout.warnings, rowsDecodedFast: fast)
        try readColorChunks(ctx, into: &png.color, options: options, chunkTypes: layout.beforeData)
        png.metadata = try readMetadata(ctx)
        if let texts { png.metadata.texts = texts }  // libspng's context read only the chunks before the image data
        if ihdr.color_type == UInt8(SPNG_COLOR_TYPE_INDEXED.rawValue),
            let warning = try paletteIndexWarning(buffer, path: path, options: options)
        {
            png.warnings.append(warning)
        }
        return png
    }

    /// Has libspng check the chunks after the image data of a file whose rows ``PNGImageDataReader`` decoded, in the
    /// state the file's own chunks put it in, and returns the file's text chunks. libspng reads a copy of the file
    /// (`before`: its signature and chunks up to the first IDAT; `tail`: from the chunk after the last IDAT to its end)
    /// whose header says 1×1 pixel, with image data of its own for that pixel, so that every chunk before and after
    /// the image data is read and checked as in the file (chunk order, the cache limit over both, CRCs, IEND).
    static func checkChunksAfterImageData(
        before: some Collection<UInt8>, tail: some Collection<UInt8>, path: String?, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> [PNGMetadata.Text] {
        var bytes = Array(before)
        guard bytes.count >= 33 else { throw GamutError(.invalidPNG, "the PNG header is cut short", path: path) }
        var header = Array(bytes[16..<29])
        header.replaceSubrange(0..<8, with: [0, 0, 0, 1, 0, 0, 0, 1])  // IHDR: 1×1
        bytes.replaceSubrange(8..<33, with: chunk("IHDR", header))
        // One row: filter type 0 and a pixel of zeros, in a stored deflate block; its Adler-32 is (length << 16) | 1.
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(header[9])] ?? 1
        let length = 1 + channels * Int(header[8]) / 8
        let zlib: [UInt8] =
            [0x78, 0x01, 0x01, UInt8(length), 0, ~UInt8(length), 0xFF] + [UInt8](repeating: 0, count: length)
            + [0, UInt8(length), 0, 1]
        bytes += chunk("IDAT", zlib) + tail
        let ctx = try SPNGContext(decoding: bytes, path: path)
        _ = try configure(ctx, options: options)
        var pixel = [UInt8](repeating: 0, count: length)
        let status = pixel.withUnsafeMutableBytes {
            spng_decode_image(ctx.raw, $0.baseAddress, length - 1, Int32(SPNG_FMT_PNG.rawValue), 0)
        }
        try ctx.check(status, "cannot read the PNG")
        try finish(ctx)
        return try readTexts(ctx)
    }

    /// A chunk: its length, type, data and CRC.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let (head, tail) = PNGImageDataWriter.chunkFrame(type, data)
        return head + data + tail
    }

    /// Reads the chunks after the image data up to `IEND`, so that a file without `IEND`, or whose last chunks are
    /// damaged (a bad CRC on the last IDAT), is refused whichever path decoded its rows.
    static func finish(_ ctx: borrowing SPNGContext) throws(GamutError) {
        let status = spng_decode_chunks(ctx.raw)
        if status == Int32(SPNG_IO_EOF.rawValue) {
            throw GamutError(.invalidPNG, "the file ends before its IEND chunk (truncated)", path: ctx.path)
        }
        try ctx.check(status, "cannot read the chunks after the image data")
    }

    /// Points the decoder at `buffer` with GamutKit's limits, and reads and checks the header: an image
    /// over `options.maximumPixels` is refused before anything is allocated for it.
    static func prepare(
        _ ctx: borrowing SPNGContext, _ buffer: UnsafeRawBufferPointer, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> spng_ihdr {
        try ctx.check(spng_set_png_buffer(ctx.raw, buffer.baseAddress, buffer.count), "cannot read the PNG")
        return try configure(ctx, options: options)
    }

    /// Sets GamutKit's limits on a decoder whose input is set, and reads and checks the header (see
    /// ``prepare(_:_:options:)``).
    static func configure(_ ctx: borrowing SPNGContext, options: ImageFile.DecodingOptions) throws(GamutError) -> spng_ihdr {
        let chunkLimit = max(1024, options.maximumChunkSize)
        try ctx.check(spng_set_chunk_limits(ctx.raw, chunkLimit, chunkLimit), "cannot set chunk limits")
        try ctx.check(spng_set_option(ctx.raw, SPNG_KEEP_UNKNOWN_CHUNKS, 1), "cannot keep unknown chunks")
        var ihdr = spng_ihdr()
        try ctx.check(spng_get_ihdr(ctx.raw, &ihdr), "not a valid PNG header")
        let width = Int(ihdr.width), height = Int(ihdr.height)
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow, pixels.partialValue <= options.maximumPixels else {
            throw GamutError(
                .imageTooLarge, ImageFile.DecodingOptions.budgetMessage(width: width, height: height, budget: options.maximumPixels),
                path: ctx.path)
        }
        return ihdr
    }

    /// The libspng output format and the buffer format.
    ///
    /// This is where sample byte order is decided: every format asked of libspng here is host-endian
    /// (`SPNG_FMT_PNG` is "the PNG's format in host-endian", the `SPNG_FMT_*8/16` formats likewise; only
    /// `SPNG_FMT_RAW` would be big-endian, and it is never used), so 16-bit samples arrive as native `UInt16`
    /// values, the only kind a ``PixelBuffer`` holds. The encoder (``PNGWriter``) hands libspng the same.
    static func format(colorType: Int, depth: Int, transparency: Bool, path: String?) throws(GamutError) -> (Int32, PixelFormat) {
        func f(_ value: spng_format) -> Int32 { Int32(value.rawValue) }
        switch (colorType, depth, transparency) {
        case (0, 16, _): return (f(SPNG_FMT_PNG), .gray16)  // tRNS expanded by the caller
        case (4, 16, _): return (f(SPNG_FMT_PNG), .grayAlpha16)
        case (0, 8, false): return (f(SPNG_FMT_PNG), .gray8)
        case (0, _, false): return (f(SPNG_FMT_G8), .gray8)
        case (0, _, true): return (f(SPNG_FMT_GA8), .grayAlpha8)
        case (4, 8, _): return (f(SPNG_FMT_PNG), .grayAlpha8)
        case (2, 16, false): return (f(SPNG_FMT_PNG), .rgb16)
        case (6, 16, _): return (f(SPNG_FMT_PNG), .rgba16)
        case (2, 16, true): return (f(SPNG_FMT_RGBA16), .rgba16)
        case (2, 8, false): return (f(SPNG_FMT_PNG), .rgb8)
        case (6, 8, _): return (f(SPNG_FMT_PNG), .rgba8)
        case (3, _, false): return (f(SPNG_FMT_RGB8), .rgb8)
        case (2, 8, true), (3, _, true): return (f(SPNG_FMT_RGBA8), .rgba8)
        default: throw GamutError(.invalidPNG, "unknown color type \(colorType) at depth \(depth)", path: path)
        }
    }

    /// For palette images: a warning when pixels use palette entries the PLTE doesn't have (libspng and libpng
    /// show them as black), found by decoding the indices themselves.
    static func paletteIndexWarning(
        _ buffer: UnsafeRawBufferPointer, path: String?, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> String? {
        let ctx = try SPNGContext(encoder: false, path: path)
        let ihdr = try prepare(ctx, buffer, options: options)
        var plte = spng_plte()
        guard try ctx.present(spng_get_plte(ctx.raw, &plte), "cannot read the PLTE chunk") else { return nil }
        let depth = Int(ihdr.bit_depth), width = Int(ihdr.width)
        let fmt = Int32(SPNG_FMT_PNG.rawValue)
        try ctx.check(spng_decode_image(ctx.raw, nil, 0, fmt, Int32(SPNG_DECODE_PROGRESSIVE.rawValue)), "cannot start decoding")
        let rowLength = (width * depth + 7) / 8
        var row = [UInt8](repeating: 0, count: rowLength)
        var highest = 0, count = 0
        let mask = (1 << depth) - 1
        while true {
            var info = spng_row_info()
            try ctx.check(spng_get_row_info(ctx.raw, &info), "cannot read the row position")
            let status = row.withUnsafeMutableBytes { spng_decode_scanline(ctx.raw, $0.baseAddress, rowLength) }
            guard status == 0 || status == Int32(SPNG_EOI.rawValue) else {
                try ctx.check(status, "cannot decode row \(info.row_num)")
                break
            }
            // Scanlines are as stored: an interlaced pass's are shorter than the image.
            let pixels = ihdr.interlace_method == 0 ? width : Self.passWidth(width, pass: Int(info.pass))
            for x in 0..<pixels {
                let bit = x * depth
                let index = Int(row[bit >> 3]) >> (8 - depth - (bit & 7)) & mask
                if index >= Int(plte.n_entries) {
                    highest = max(highest, index)
                    count += 1
                }
            }
            if status == Int32(SPNG_EOI.rawValue) { break }
        }
        guard count > 0 else { return nil }
        return "\(count) pixels use palette indices up to \(highest), past the PLTE's \(plte.n_entries) entries; "
            + "they show as black (the file is damaged or was written by a faulty encoder)"
    }

    static func readColorChunks(
        _ ctx: borrowing SPNGContext, into png: inout PNGColorChunks, options: ImageFile.DecodingOptions,
        chunkTypes: Set<String>
    ) throws(GamutError) {
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
                throw GamutError(
                    .invalidProfile,
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
        if try ctx.present(spng_get_srgb(ctx.raw, &intent), "cannot read the sRGB chunk") { png.srgbIntent = Int(intent) }
        var gamma = 0.0
        if try ctx.present(spng_get_gama(ctx.raw, &gamma), "cannot read the gAMA chunk"), gamma > 0 { png.gamma = gamma }
        var chrm = spng_chrm()
        if try ctx.present(spng_get_chrm(ctx.raw, &chrm), "cannot read the cHRM chunk") {
            png.chromaticities = RGBPrimaries(
                red: .init(x: chrm.red_x, y: chrm.red_y), green: .init(x: chrm.green_x, y: chrm.green_y),
                blue: .init(x: chrm.blue_x, y: chrm.blue_y), white: .init(x: chrm.white_point_x, y: chrm.white_point_y))
        }
    }

    static func readMetadata(_ ctx: borrowing SPNGContext) throws(GamutError) -> PNGMetadata {
        var metadata = PNGMetadata()
        metadata.texts = try readTexts(ctx)
        var phys = spng_phys()
        if try ctx.present(spng_get_phys(ctx.raw, &phys), "cannot read the pHYs chunk") {
            metadata.physicalDimensions = .init(
                pixelsPerUnitX: phys.ppu_x, pixelsPerUnitY: phys.ppu_y, unitIsMetre: phys.unit_specifier == 1)
        }
        return metadata
    }

    /// The `tEXt`, `zTXt` and `iTXt` chunks libspng has read, in file order.
    static func readTexts(_ ctx: borrowing SPNGContext) throws(GamutError) -> [PNGMetadata.Text] {
        var result: [PNGMetadata.Text] = []
        var count: UInt32 = 0
        let textStatus = spng_get_text(ctx.raw, nil, &count)
        if textStatus == 0, count > 0 {
            var texts = [spng_text](repeating: spng_text(), count: Int(count))
            try ctx.check(spng_get_text(ctx.raw, &texts, &count), "cannot read text chunks")
            for var text in texts {
                let keyword = withUnsafeBytes(of: &text.keyword) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                let raw = text.text.map { Array(UnsafeRawBufferPointer(start: $0, count: text.length)) } ?? []
                // tEXt and zTXt are ISO 8859-1; iTXt is UTF-8.
                let body =
                    text.type == Int32(SPNG_ITXT.rawValue)
                    ? String(decoding: raw, as: UTF8.self)
                    : String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
                let kind: PNGMetadata.Text.Kind =
                    switch Int(text.type) {
                    case Int(SPNG_ZTXT.rawValue): .zTXt
                    case Int(SPNG_ITXT.rawValue): .iTXt
                    default: .tEXt
                    }
                result.append(
                    PNGMetadata.Text(
                        kind: kind, keyword: keyword, text: body,
                        languageTag: text.language_tag.map { String(cString: $0) } ?? "",
                        translatedKeyword: text.translated_keyword.map { String(cString: $0) } ?? ""))
            }
        } else if textStatus != 0, !SPNGContext.isAbsent(textStatus) {
            try ctx.check(textStatus, "cannot read text chunks")
        }
        return result
    }
}

/// What a PNG's IHDR says, in Swift terms.
struct PNGHeader: Sendable {
    var width: Int, height: Int, bitDepth: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colorType: Int
    var interlaced: Bool
}
