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

/// A PNG decoder handing out rows one at a time, for the streaming paths (``AnalysisPipeline`` and ``PNGStream``),
/// reading the file as it goes (never holding it whole). 16-bit gray with tRNS is refused (``PNGReader/readImage``
/// expands it; libspng has no GA16 output).
///
/// libspng reads and checks every chunk other than the image data in every case. The rows of the plainest files are
/// decoded by ``PNGImageDataReader``, about three times faster (see there for where it is stricter or laxer than
/// libspng); the rest by libspng's progressive decoding, reading the file through a duplicate of its descriptor.
struct PNGRowDecoder: ~Copyable {
    private let ctx: SPNGContext
    /// Decodes the rows when the file is one it takes; libspng decodes them otherwise.
    private let fast: PNGImageDataReader?
    /// With `fast`: the file's chunks before and after the image data, for libspng to check at the end.
    private let before: ArraySlice<UInt8>, tail: ArraySlice<UInt8>
    private let options: ImageFile.DecodingOptions
    let header: PNGHeader
    /// The format of each decoded row.
    let format: PixelFormat
    private var decoded = 0

    /// Whether ``PNGImageDataReader`` decodes `file`'s rows: its image data is one run of IDAT chunks and its header
    /// passes ``PNGImageDataReader/decodes(bitDepth:colorType:interlaced:hasTRNS:width:options:)``.
    static func decodesFast(_ file: PNGFile, options: ImageFile.DecodingOptions = .init()) -> Bool {
        let bytes = file.chunks
        guard file.imageDataOffset != nil, bytes.count >= 33 else { return false }
        return PNGImageDataReader.decodes(
            bitDepth: Int(bytes[24]), colorType: Int(bytes[25]), interlaced: bytes[28] != 0,
            hasTRNS: file.layout.beforeData.contains("tRNS"),
            width: bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, options: options)
    }

    /// A decoder reading `file` from its start, checking every chunk and CRC as it goes; `fast` false has libspng decode
    /// the rows whatever the file (the tests compare the two).
    init(_ file: PNGFile, options: ImageFile.DecodingOptions, fast allowFast: Bool = true) throws(GamutError) {
        let path = file.path
        let fast = allowFast && Self.decodesFast(file, options: options)
        let context: SPNGContext
        if fast {
            // libspng reads the chunks from the copy without the image data; the rows come from the file.
            context = try SPNGContext(decoding: file.chunks, path: path)
        } else {
            let duplicate = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
            guard duplicate >= 0, lseek(duplicate, 0, SEEK_SET) == 0, let stream = fdopen(duplicate, "rb") else {
                if duplicate >= 0 { close(duplicate) }
                throw GamutError(.io, "cannot read image file: \(errnoText())", path: path)
            }
            context = try SPNGContext(encoder: false, path: path, stream: stream)
            try context.check(spng_set_png_file(context.raw, stream), "cannot read the PNG")
        }
        let ihdr = try PNGReader.configure(context, options: options)
        let header = PNGHeader(
            width: Int(ihdr.width), height: Int(ihdr.height), bitDepth: Int(ihdr.bit_depth),
            colorType: Int(ihdr.color_type), interlaced: ihdr.interlace_method != 0)
        var trns = spng_trns()
        let hasTransparency = try context.present(spng_get_trns(context.raw, &trns), "cannot read the tRNS chunk")
        let (spngFormat, format) = try PNGReader.format(
            colorType: header.colorType, depth: header.bitDepth,
            transparency: hasTransparency, path: path)
        if format == .gray16 && hasTransparency {  // excluded by the caller, which takes the whole-image path
            throw GamutError(.unsupportedImage, "streaming does not expand 16-bit gray tRNS", path: path)
        }
        if fast, let offset = file.imageDataOffset {
            self.fast = PNGImageDataReader(
                descriptor: file.descriptor, path: path, offset: offset, rowLength: header.width * format.bytesPerPixel,
                bytesPerPixel: format.bytesPerPixel, sixteenBit: header.bitDepth == 16)
        } else {
            let flags = hasTransparency && spngFormat != Int32(SPNG_FMT_PNG.rawValue) ? Int32(SPNG_DECODE_TRNS.rawValue) : 0
            try context.check(
                spng_decode_image(context.raw, nil, 0, spngFormat, flags | Int32(SPNG_DECODE_PROGRESSIVE.rawValue)),
                "cannot start decoding")
            self.fast = nil
        }
        // (file.chunks has one empty IDAT, 12 bytes, where the image data was.)
        (before, tail) =
            self.fast == nil
            ? ([], []) : (file.chunks[..<(file.chunksAfterImageData - 12)], file.chunks[file.chunksAfterImageData...])
        self.options = options
        self.header = header
        self.format = format
        ctx = context
    }

    /// The chunks that say what the colors mean (`chunkTypes`: the types before the image data).
    func colorChunks(chunkTypes: Set<String>, options: ImageFile.DecodingOptions) throws(GamutError) -> PNGColorChunks {
        var color = PNGColorChunks(isGray: format.colorChannelCount == 1)
        try PNGReader.readColorChunks(ctx, into: &color, options: options, chunkTypes: chunkTypes)
        return color
    }

    /// The metadata of the chunks before the image data.
    func metadata() throws(GamutError) -> PNGMetadata { try PNGReader.readMetadata(ctx) }

    /// Decodes the next row into `rows` from `offset` (`width × format.bytesPerPixel` bytes).
    mutating func decode(into rows: inout [UInt8], at offset: Int) throws(GamutError) {
        let result = rows.withUnsafeMutableBytes { bytes in
            Result { () throws(GamutError) in try decode(into: bytes.baseAddress! + offset) }
        }
        try result.get()
    }

    /// Decodes the next row into `row` (`width × format.bytesPerPixel` bytes).
    mutating func decode(into row: UnsafeMutableRawPointer) throws(GamutError) {
        if let fast {
            try fast.decode(into: row)
            return
        }
        let length = header.width * format.bytesPerPixel
        let status = spng_decode_row(ctx.raw, row, length)
        decoded += 1
        if status == Int32(SPNG_EOI.rawValue) && decoded == header.height { return }
        try ctx.check(status, "cannot decode row \(decoded - 1)")
    }

    /// Reads on to IEND (see ``PNGReader/finish(_:)``).
    func finish() throws(GamutError) {
        guard let fast else { return try PNGReader.finish(ctx) }
        try fast.finish()
        _ = try PNGReader.checkChunksAfterImageData(before: before, tail: tail, path: ctx.path, options: options)
    }
}
