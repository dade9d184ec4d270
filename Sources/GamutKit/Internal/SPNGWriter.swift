internal import CSPNG
import Foundation

/// Sets up a libspng encoder: header, embedded profile, cICP, text and pHYs.
enum PNGWriter {
    static func configure(
        _ ctx: borrowing SPNGContext, width: Int, height: Int, format: PixelFormat, profile: ColorProfile,
        metadata: PNGMetadata, options: PNG.EncodingOptions, memory: CAllocations, output: AtomicFile? = nil
    ) throws(GamutError) {
        let colorType: spng_color_type
        switch format.layout {
        case .gray: colorType = SPNG_COLOR_TYPE_GRAYSCALE
        case .grayAlpha: colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
        case .rgb: colorType = SPNG_COLOR_TYPE_TRUECOLOR
        case .rgba: colorType = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        case .cmyk: throw GamutError(.invalidArgument, "PNG cannot store CMYK pixels")
        }
        guard !format.sample.isFloat else { throw GamutError(.invalidArgument, "PNG stores 8- or 16-bit samples, not float") }
        guard profile.channelCount == format.colorChannelCount else {
            throw GamutError(.profileMismatch, "profile '\(profile.name)' is \(profile.colorSpace) but the pixels are \(format.layout)")
        }
        if let output {
            // Straight to the file, a buffer of libspng's at a time (its writes are sequential).
            let status = spng_set_png_stream(
                ctx.raw,
                { _, user, data, length in
                    let file = Unmanaged<AtomicFile>.fromOpaque(user!).takeUnretainedValue()
                    return file.write(UnsafeRawBufferPointer(start: data, count: length)) ? 0 : Int32(SPNG_IO_ERROR.rawValue)
                }, Unmanaged.passUnretained(output).toOpaque())
            try ctx.check(status, "cannot encode to the file")
        } else {
            try ctx.check(spng_set_option(ctx.raw, SPNG_ENCODE_TO_BUFFER, 1), "cannot encode to memory")
        }
        try ctx.check(
            spng_set_option(ctx.raw, SPNG_IMG_COMPRESSION_LEVEL, Int32(min(max(options.compressionLevel, 0), 9))),
            "cannot set the compression level")
        let filterChoice: spng_filter_choice =
            switch options.filters {
            case .adaptive: SPNG_FILTER_CHOICE_ALL
            case .paeth: SPNG_FILTER_CHOICE_PAETH
            case .up: SPNG_FILTER_CHOICE_UP
            case .sub: SPNG_FILTER_CHOICE_SUB
            case .none: SPNG_FILTER_CHOICE_NONE
            }
        try ctx.check(spng_set_option(ctx.raw, SPNG_FILTER_CHOICE, Int32(filterChoice.rawValue)), "cannot set the filters")
        var ihdr = spng_ihdr(
            width: UInt32(width), height: UInt32(height),
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

            let cicp: [UInt8] =
                switch profile.builtIn {
                case .sRGB, .graySRGB: [1, 13, 0, 1]
                case .displayP3: [12, 13, 0, 1]
                default: []
                }
            if options.writeCICP, !cicp.isEmpty {
                let chunk = spng_unknown_chunk(type: (99, 73, 67, 80), length: 4, data: memory.bytes(cicp), location: SPNG_AFTER_IHDR)
                try ctx.check(spng_set_unknown_chunks(ctx.raw, memory.array([chunk]), 1), "cannot write the cICP chunk")
            }
        }
        try setMetadata(metadata, ctx, memory)
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

    /// Encodes tightly packed rows (``PNG/pngRows(_:)``) in one call.
    static func encode(
        _ rows: [UInt8], width: Int, height: Int, format: PixelFormat, profile: ColorProfile, metadata: PNGMetadata,
        options: PNG.EncodingOptions
    ) throws(GamutError) -> [UInt8] {
        let ctx = try SPNGContext(encoder: true, path: nil)
        let memory = CAllocations()
        try configure(
            ctx, width: width, height: height, format: format, profile: profile, metadata: metadata, options: options, memory: memory)
        let status = rows.withUnsafeBytes {
            spng_encode_image(ctx.raw, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        try ctx.check(status, "cannot encode the image")
        return try encodedBytes(ctx)
    }

    static func setMetadata(_ metadata: PNGMetadata, _ ctx: borrowing SPNGContext, _ memory: CAllocations) throws(GamutError) {
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
                for (i, byte) in PNG.latin1(text.keyword).prefix(79).enumerated() { raw[i] = byte }
            }
            let body = text.kind == .iTXt ? Array(text.text.utf8) : PNG.latin1(text.text)
            chunk.type = Int32(text.kind == .tEXt ? SPNG_TEXT.rawValue : text.kind == .zTXt ? SPNG_ZTXT.rawValue : SPNG_ITXT.rawValue)
            chunk.text = memory.cString(body)
            chunk.length = body.count
            chunk.language_tag = memory.cString(Array(text.languageTag.utf8))
            chunk.translated_keyword = memory.cString(Array(text.translatedKeyword.utf8))
            return chunk
        }
        try ctx.check(spng_set_text(ctx.raw, memory.array(chunks), UInt32(chunks.count)), "cannot write text chunks")
    }
}

/// A libspng encoder fed one row at a time (progressive encoding), for the streaming conversion: into memory, or
/// straight into an ``AtomicFile`` (which the caller commits once every row is encoded).
struct SPNGRowEncoder: ~Copyable {
    private let ctx: SPNGContext
    private let memory = CAllocations()
    private let rowLength: Int, height: Int
    private var written = 0
    /// The file written to, kept alive for libspng's callback.
    private let output: AtomicFile?

    init(
        width: Int, height: Int, format: PixelFormat, profile: ColorProfile, metadata: PNGMetadata,
        options: PNG.EncodingOptions, path: String?, output: AtomicFile? = nil
    ) throws(GamutError) {
        let context = try SPNGContext(encoder: true, path: path)
        try PNGWriter.configure(
            context, width: width, height: height, format: format, profile: profile, metadata: metadata,
            options: options, memory: memory, output: output)
        try context.check(
            spng_encode_image(
                context.raw, nil, 0, Int32(SPNG_FMT_PNG.rawValue),
                Int32(SPNG_ENCODE_PROGRESSIVE.rawValue | SPNG_ENCODE_FINALIZE.rawValue)), "cannot start encoding")
        rowLength = width * format.bytesPerPixel
        self.height = height
        self.output = output
        ctx = context
    }

    /// Encodes the next row: `rowLength` bytes of `rows` from `offset`.
    /// - Throws: ``GamutError`` libspng's error, or `.io` with the file's when writing it failed.
    mutating func encode(_ rows: [UInt8], at offset: Int) throws(GamutError) {
        let status = rows.withUnsafeBytes { spng_encode_row(ctx.raw, $0.baseAddress! + offset, rowLength) }
        written += 1
        if status == Int32(SPNG_EOI.rawValue) && written == height { return }
        if let failure = output?.failure, let file = output {
            throw GamutError(.io, "cannot write the output: \(failure)", path: file.path)
        }
        try ctx.check(status, "cannot encode row \(written - 1)")
    }

}
