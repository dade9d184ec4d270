#if SystemLibraries && os(Linux)
    internal import CSPNG
#else
    internal import CVendoredSPNG
#endif
import Foundation

/// Sets up a libspng encoder: header, embedded profile, cICP, text and pHYs.
enum PNGWriter {
    static func configure(
        _ ctx: borrowing SPNGContext, width: Int, height: Int, format: PixelFormat, profile: ColorProfile,
        metadata: PNGMetadata, options: PNG.EncodingOptions, memory: CAllocations, sink: PNGByteSink
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
        // libspng writes the chunks before the image data into the sink (its writes are sequential).
        let status = spng_set_png_stream(
            ctx.raw,
            { _, user, data, length in
                let sink = Unmanaged<PNGByteSink>.fromOpaque(user!).takeUnretainedValue()
                return sink.write(UnsafeRawBufferPointer(start: data, count: length)) ? 0 : Int32(SPNG_IO_ERROR.rawValue)
            }, Unmanaged.passUnretained(sink).toOpaque())
        try ctx.check(status, "cannot set the PNG's output")
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

    /// Encodes tightly packed rows (``PNG/pngRows(_:)``): libspng writes the chunks before the image data, then
    /// ``PNGImageDataWriter`` the image data (deflated on every core) and IEND.
    static func encode(
        _ rows: [UInt8], width: Int, height: Int, format: PixelFormat, profile: ColorProfile, metadata: PNGMetadata,
        options: PNG.EncodingOptions
    ) throws(GamutError) -> [UInt8] {
        let memory = CAllocations()
        let output = PNGByteSink.Memory()
        let sink = PNGByteSink(output.append)
        var encoder = try SPNGRowEncoder(
            width: width, height: height, format: format, profile: profile, metadata: metadata, options: options, path: nil,
            sink: sink, memory: memory)
        let rowLength = width * format.bytesPerPixel
        for row in 0..<height { try encoder.encode(rows, at: row * rowLength) }
        return output.bytes
    }

    static func setMetadata(_ metadata: PNGMetadata, _ ctx: borrowing SPNGContext, _ memory: CAllocations) throws(GamutError) {
        if let phys = metadata.physicalDimensions {
            var chunk = spng_phys(ppu_x: phys.pixelsPerUnitX, ppu_y: phys.pixelsPerUnitY, unit_specifier: phys.unitIsMetre ? 1 : 0)
            try ctx.check(spng_set_phys(ctx.raw, &chunk), "cannot write pHYs")
        }
        if let exif = metadata.exif {
            var chunk = spng_exif(length: exif.count, data: memory.cString(exif))
            try ctx.check(spng_set_exif(ctx.raw, &chunk), "cannot write eXIf")
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

/// Where an encoded PNG goes, in order: libspng's chunks, then the image data.
final class PNGByteSink {
    let write: (UnsafeRawBufferPointer) -> Bool
    init(_ write: @escaping (UnsafeRawBufferPointer) -> Bool) { self.write = write }

    /// Bytes collected in memory.
    final class Memory {
        var bytes: [UInt8] = []
        func append(_ data: UnsafeRawBufferPointer) -> Bool {
            bytes.append(contentsOf: data)
            return true
        }
    }
}

/// A PNG encoder fed one row at a time: libspng writes the chunks before the image data at once, then each row goes
/// to ``PNGImageDataWriter``; the last row writes the rest. Output goes to a sink: memory, or an ``AtomicFile`` (which
/// the caller commits once every row is encoded).
struct SPNGRowEncoder: ~Copyable {
    private let ctx: SPNGContext
    private let memory: CAllocations
    private let rowLength: Int, height: Int
    private var written = 0
    private let sink: PNGByteSink
    private let imageData: PNGImageDataWriter
    /// The file written to, for its error message.
    private let file: AtomicFile?

    /// An encoder writing into `file`.
    init(
        width: Int, height: Int, format: PixelFormat, profile: ColorProfile, metadata: PNGMetadata,
        options: PNG.EncodingOptions, path: String?, output file: AtomicFile
    ) throws(GamutError) {
        try self.init(
            width: width, height: height, format: format, profile: profile, metadata: metadata, options: options, path: path,
            sink: PNGByteSink(file.write), memory: CAllocations(), file: file)
    }

    init(
        width: Int, height: Int, format: PixelFormat, profile: ColorProfile, metadata: PNGMetadata,
        options: PNG.EncodingOptions, path: String?, sink: PNGByteSink, memory: CAllocations, file: AtomicFile? = nil
    ) throws(GamutError) {
        let context = try SPNGContext(encoder: true, path: path)
        try PNGWriter.configure(
            context, width: width, height: height, format: format, profile: profile, metadata: metadata,
            options: options, memory: memory, sink: sink)
        try context.check(spng_encode_chunks(context.raw), "cannot write the PNG's header chunks")
        if let failure = file?.failure { throw GamutError(.io, "cannot write the output: \(failure)", path: file?.path) }
        rowLength = width * format.bytesPerPixel
        imageData = PNGImageDataWriter(
            rowLength: rowLength, bytesPerPixel: format.bytesPerPixel, sixteenBit: format.bytesPerSample == 2, options: options,
            sink: sink.write)
        self.height = height
        self.sink = sink
        self.memory = memory
        self.file = file
        ctx = context
    }

    /// Encodes the next row: `rowLength` bytes of `rows` from `offset`; the last row also writes the end of the file.
    /// - Throws: ``GamutError`` `.io` with the file's error when writing failed, `.invalidArgument` past the last row.
    mutating func encode(_ rows: [UInt8], at offset: Int) throws(GamutError) {
        guard written < height else { throw GamutError(.invalidArgument, "more rows than the image's \(height)") }
        var ok = rows.withUnsafeBytes { imageData.append($0.baseAddress! + offset) }
        written += 1
        if ok && written == height { ok = imageData.finish() }
        guard ok else {
            if let failure = file?.failure { throw GamutError(.io, "cannot write the output: \(failure)", path: file?.path) }
            throw GamutError(.io, "cannot encode row \(written - 1): \(imageData.deflateError ?? "the output could not be written")")
        }
    }
}
