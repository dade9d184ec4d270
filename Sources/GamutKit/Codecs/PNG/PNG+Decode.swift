extension PNG {
    /// Decodes PNG bytes of any color type and depth into an 8- or 16-bit ``Image`` and resolves its color:
    /// `cICP` first, then `iCCP`, `sRGB`, `gAMA`/`cHRM`; an untagged image is sRGB and marked ``ImageColorSource/untagged``.
    /// The orientation of an `eXIf` chunk before the image data is applied, as Apple's platforms show it (see
    /// ``ImageFile/DecodingOptions/keepOrientation``).
    ///
    /// Depths below 8 and palettes decode to 8 bits; 16-bit images stay 16-bit (machine byte order);
    /// `tRNS` transparency becomes an alpha channel.
    /// - Parameters:
    ///   - data: the PNG bytes.
    ///   - path: the file they came from, named in errors.
    ///   - options: limits and choices (pixel budget, orientation).
    /// - Throws: ``GamutError`` `.invalidPNG` (truncated, bad CRC, corrupt zlib, bad chunk), `.imageTooLarge`,
    ///   `.invalidProfile` (embedded profile unusable), `.profileMismatch` (for example a CMYK profile in an RGB PNG).
    public static func decode(
        _ data: [UInt8], path: String? = nil, options: ImageFile.DecodingOptions = ImageFile.DecodingOptions()
    ) throws(GamutError) -> Image {
        let decoded: Result<DecodedPNG, GamutError> = data.withUnsafeBytes { buffer in
            do throws(GamutError) {
                return .success(try PNGReader.read(buffer, path: path, options: options))
            } catch {
                return .failure(error)
            }
        }
        let png = try decoded.get()
        return try ColorResolver.resolve(png, path: path, options: options)
            .oriented(ImageOrientation(tag: png.orientation), keep: options.keepOrientation)
    }
}

/// What libspng gave back, before the color is resolved.
struct DecodedPNG {
    var pixels: PixelBuffer
    var bitDepth: Int
    var color: PNGColorChunks
    var metadata: PNGMetadata
    /// What the decoder noticed in the file's structure (an animation's other frames, palette indices past the PLTE).
    var warnings: [String] = []
    /// Whether ``PNGImageDataReader`` decoded the rows (else libspng did).
    var rowsDecodedFast = false
    /// The orientation tag of the `eXIf` chunk read (``PNGChunkLayout/orientation``).
    var orientation: Int?
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
    static func read(_ buffer: UnsafeRawBufferPointer, path: String?, options: ImageFile.DecodingOptions) throws(GamutError) -> DecodedPNG {
        let layout = chunkLayout(buffer)
        guard let misplaced = layout.misplaced else { return try readInOrder(buffer, layout: layout, path: path, options: options) }
        // Read as libpng reads it: without the misplaced chunks (all of them, in one copy), with one warning.
        var bytes = Array(buffer.prefix(8))
        for (index, chunk) in PNGChunks.list(buffer).enumerated() where !misplaced.indices.contains(index) {
            bytes += buffer[chunk.whole]
        }
        var png = try PNGChunks.withBytes(bytes) { (kept) throws(GamutError) -> DecodedPNG in
            try readInOrder(kept, layout: chunkLayout(kept), path: path, options: options)
        }
        png.warnings.insert(misplaced.warning, at: 0)
        return png
    }

    /// Reads a file whose chunks are in their places, with the orientation of the chunks actually read.
    private static func readInOrder(
        _ buffer: UnsafeRawBufferPointer, layout: PNGChunkLayout, path: String?, options: ImageFile.DecodingOptions
    ) throws(GamutError) -> DecodedPNG {
        do {
            var png = try read(buffer, layout: layout, path: path, options: options)
            png.orientation = layout.orientation
            return png
        } catch {
            // As libpng does, damage confined to ancillary chunks that don't say what the colors are (text, bKGD,
            // pHYs, time, unknown chunks, …) doesn't cost the image: it is read without them, with a warning naming
            // the first error. Damage to the image data or to tRNS, iCCP, sRGB, gAMA, cHRM or cICP stays an error.
            guard error.code == .invalidPNG else { throw error }
            let dropped = PNGChunks.list(buffer).filter { !PNGChunks.isKeptWhenDamaged($0) }.map(\.type)
            guard !dropped.isEmpty,
                var png = try? PNGChunks.withBytes(
                    PNGChunks.filtered(buffer, keeping: PNGChunks.isKeptWhenDamaged),
                    {
                        (filtered) throws(GamutError) -> DecodedPNG in
                        var kept = chunkLayout(filtered)
                        kept.warnings = layout.warnings  // an APNG's, whose acTL was dropped
                        var png = try read(filtered, layout: kept, path: path, options: options)
                        png.orientation = kept.orientation  // nil: a damaged file's eXIf is dropped with the rest
                        return png
                    })
            else { throw error }
            let types = Array(Set(dropped)).sorted().joined(separator: ", ")
            png.warnings.append("damaged ancillary data: \(error.message); read without the \(types) chunks")
            return png
        }
    }

    private static func read(
        _ buffer: UnsafeRawBufferPointer, layout: PNGChunkLayout, path: String?,
        options: ImageFile.DecodingOptions
    ) throws(GamutError) -> DecodedPNG {
        guard layout.cachedChunks > PNG.cachedChunkLimit else { return try readImage(buffer, layout: layout, path: path, options: options) }
        // libspng 0.7.3 caches at most 1,000 ancillary chunks and its option can only lower that limit. A valid file
        // may carry more (text, an APNG's frames): its pixels and color are read from a copy without the chunks
        // libspng would cache (cICP kept), and its text chunks in batches under the limit, each a valid PNG.
        let keep = { (chunk: PNGChunks.Chunk) in !PNGChunks.isCached(chunk.type) || chunk.type == "cICP" }
        var png = try PNGChunks.withBytes(PNGChunks.filtered(buffer, keeping: keep)) { (filtered) throws(GamutError) -> DecodedPNG in
            try readImage(filtered, layout: layout, path: path, options: options)
        }
        png.metadata.texts = try PNGChunks.texts(inBatchesFrom: buffer, path: path, options: options)
        return png
    }

    /// The chunk types before and after the first IDAT, from the chunk framing (length and type fields only).
    static func chunkTypes(_ buffer: UnsafeRawBufferPointer) -> (beforeData: Set<String>, afterData: Set<String>) {
        let layout = chunkLayout(buffer)
        return (layout.beforeData, layout.afterData)
    }

    /// The chunk framing walked once (length and type fields, and `acTL`'s frame count).
    static func chunkLayout(_ buffer: UnsafeRawBufferPointer) -> PNGChunkLayout {
        var layout = PNGChunkLayout()
        var seenData = false
        var (sawPalette, sawTransparency) = (false, false)
        for (index, chunk) in PNGChunks.list(buffer).enumerated() {
            let colorType = layout.header?.colorType
            switch chunk.type {
            case "IHDR" where chunk.data.count == 13 && layout.header == nil:
                let at = chunk.data.lowerBound
                layout.header = (buffer[at + 8], buffer[at + 9], buffer[at + 12])
            case "PLTE" where !seenData:
                if sawTransparency, colorType != 3 {
                    layout.misplace(
                        index,
                        "a suggested PLTE chunk after tRNS is out of place; ignored and the transparency kept, as libpng "
                            + "1.6.47 and later and ImageMagick read it")
                }
                sawPalette = true
            case "tRNS" where !seenData:
                if colorType == 3, !sawPalette {
                    layout.misplace(index, "a tRNS chunk before PLTE is out of place; ignored, as libpng does (\"tRNS: out of place\")")
                }
                sawTransparency = true
            default: break
            }
            if chunk.type == "IDAT" {
                seenData = true
            } else if seenData {
                layout.afterData.insert(chunk.type)
            } else {
                layout.beforeData.insert(chunk.type)
            }
            if PNGChunks.isCached(chunk.type) { layout.cachedChunks += 1 }
            if chunk.type == "eXIf", !seenData, layout.orientation == nil {
                layout.orientation = TIFFStructure.orientation(Array(buffer[chunk.data]))
            }
            if chunk.type == "acTL", chunk.data.count >= 8 {
                let frames = chunk.data.prefix(4).reduce(0) { $0 << 8 | Int(buffer[$1]) }
                layout.warnings.append(
                    "animated PNG (APNG) of \(frames) frames: only the default image was processed, "
                        + "the other frames were not checked or converted")
            }
        }
        return layout
    }

    /// The width of Adam7 pass `pass` (0–6) of an image `width` pixels wide.
    static func passWidth(_ width: Int, pass: Int) -> Int {
        let start = [0, 4, 0, 2, 0, 1, 0][pass], step = [8, 8, 4, 4, 2, 2, 1][pass]
        return width > start ? (width - start + step - 1) / step : 0
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

}
