/// What a TIFF's first directory says, before anything is decoded.
struct TIFFHeader {
    var width: Int
    var height: Int
    var samplesPerPixel: Int
    var bitsPerSample: Int
    /// 1 unsigned integer, 2 signed integer, 3 IEEE float.
    var sampleFormat: Int
    /// 0 min-is-white, 1 min-is-black, 2 RGB, 3 palette, 5 separated, 6 YCbCr, 8 CIELab, …; 0xFFFF when missing.
    var photometric: Int
    var planar: Bool
    var tiled: Bool
    var compression: Int
    var codecAvailable: Bool
    var orientation: Int
    var extraSamples: Int
    /// The kind of the first extra sample: 0 unspecified, 1 associated (premultiplied) alpha, 2 unassociated alpha.
    var firstExtra: Int
    var inkSet: Int
    var morePages: Bool
    var icc: [UInt8]?
}

#if TIFF && os(Linux)
    internal import CTIFFShim

    /// Owns one libtiff reader over memory, reached only through the C shim (`Sources/CTIFFShim`): its error and
    /// warning handlers belong to this handle (libtiff 4.5's `TIFFOpenOptions`), so nothing global is touched and
    /// nothing is printed. libtiff reports failures by return value. Single owner, not Sendable; the bytes it reads
    /// must outlive it.
    struct TIFFReader: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        /// - Parameter maximumAllocation: the most libtiff may allocate at once (a strip, a tile, a tag's array).
        init(_ data: UnsafeRawBufferPointer, maximumAllocation: Int, path: String?) throws(GamutError) {
            guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count > 0 else {
                throw GamutError(.invalidImage, "the file is empty", path: path)
            }
            guard let raw = gk_tiff_reader_new(base, data.count, max(0, maximumAllocation)) else {
                throw GamutError(.imageTooLarge, "libtiff could not create a reader (out of memory)", path: path)
            }
            self.raw = raw
            self.path = path
        }

        deinit { gk_tiff_reader_free(raw) }

        /// Parses the header and the first directory; the ICC profile is copied when it is within `maximumProfileSize`.
        /// A damaged directory whose size is over `pixelBudget` (width × height) is refused for its size first.
        func header(maximumProfileSize: Int, pixelBudget: Int = .max) throws(GamutError) -> TIFFHeader {
            var info = gk_tiff_info()
            let status = gk_tiff_reader_open(raw, &info)
            let (width, height) = (Int(info.width), Int(info.height))
            if status != GK_TIFF_OK, width > 0, height > 0,
                width.multipliedReportingOverflow(by: height).partialValue > pixelBudget
                    || width.multipliedReportingOverflow(by: height).overflow
            {
                throw GamutError(
                    .imageTooLarge, ImageFile.DecodingOptions.budgetMessage(width: width, height: height, budget: pixelBudget), path: path)
            }
            try check(status, "not a readable TIFF")
            var icc: [UInt8]?
            if let bytes = info.icc, info.icc_size > 0 {
                guard Int(info.icc_size) <= maximumProfileSize else {
                    throw GamutError(
                        .invalidProfile, "embedded ICC profile of \(info.icc_size) bytes exceeds the limit of \(maximumProfileSize)",
                        path: path)
                }
                icc = Array(UnsafeBufferPointer(start: bytes, count: Int(info.icc_size)))
            }
            return TIFFHeader(
                width: Int(info.width), height: Int(info.height), samplesPerPixel: Int(info.samples_per_pixel),
                bitsPerSample: Int(info.bits_per_sample), sampleFormat: Int(info.sample_format), photometric: Int(info.photometric),
                planar: info.planar_config == 2, tiled: info.tiled != 0, compression: Int(info.compression),
                codecAvailable: info.codec_configured != 0,
                orientation: Int(info.orientation), extraSamples: Int(info.extra_samples), firstExtra: Int(info.first_extra),
                inkSet: Int(info.ink_set), morePages: info.more_pages != 0, icc: icc)
        }

        /// Decodes every strip or tile into `bytes`: interleaved samples, host byte order.
        func read(into bytes: inout [UInt8]) throws(GamutError) {
            let status = bytes.withUnsafeMutableBufferPointer { gk_tiff_read(raw, $0.baseAddress, $0.count) }
            try check(status, "cannot decode the image data")
        }

        /// Decodes the image with libtiff's RGBA reader into `bytes`: R, G, B, A (alpha premultiplied) per pixel, rows as stored.
        func readRGBA(into bytes: inout [UInt8]) throws(GamutError) {
            let status = bytes.withUnsafeMutableBytes { buffer in
                // TIFFGetR…A read a packed 32-bit word: R in its low byte. Written as words, then read back as bytes in
                // R, G, B, A order on little-endian hosts; big-endian hosts reorder below.
                gk_tiff_read_rgba(raw, buffer.baseAddress?.assumingMemoryBound(to: UInt32.self), buffer.count / 4)
            }
            try check(status, "cannot decode the image data")
            if UInt32(1).bigEndian == 1 {
                for word in stride(from: 0, to: bytes.count - 3, by: 4) {
                    bytes.swapAt(word, word + 3)
                    bytes.swapAt(word + 1, word + 2)
                }
            }
        }

        /// The damage libtiff decoded past (fax lines of the wrong length), as one warning; nil when there was none.
        var decodeWarning: String? {
            var count: Int32 = 0
            let first = String(cString: gk_tiff_warning(raw, &count))
            guard count > 0 else { return nil }
            return "libtiff decoded past damaged data (\(first)\(count > 1 ? ", and \(count - 1) more" : "")); "
                + "the image is read as libtiff decodes it"
        }

        private func check(_ status: gk_tiff_status, _ what: String) throws(GamutError) {
            guard status != GK_TIFF_OK else { return }
            throw TIFFReader.error(status, what, message: String(cString: gk_tiff_message(raw)), path: path)
        }

        /// The typed error for a shim status.
        static func error(_ status: gk_tiff_status, _ what: String, message: String, path: String?) -> GamutError {
            let detail = message.isEmpty ? [] : [message]
            return switch status {
            case GK_TIFF_SHORT: GamutError(.invalidImage, "\(what): \(message)", path: path)
            case GK_TIFF_UNSUPPORTED: GamutError(.unsupportedImage, "\(what): libtiff can't handle it", path: path, underlying: detail)
            case GK_TIFF_NO_MEMORY:
                GamutError(.imageTooLarge, "\(what): libtiff needs more memory than allowed", path: path, underlying: detail)
            case GK_TIFF_ARGUMENT: GamutError(.invalidArgument, "\(what): \(message)", path: path)
            default: GamutError(.invalidImage, what, path: path, underlying: detail)
            }
        }
    }

    /// libtiff's writer, through the C shim.
    enum TIFFWriter {
        /// Encodes contiguous samples (host order) of `colorChannels` 1 or 3 plus optional alpha at `bits` 8, 16 or 32
        /// (float), with `icc` in tag 34675.
        static func encode(_ pixels: PixelBuffer, compression: Int32, icc: [UInt8], orientation: Int = 1) throws(GamutError) -> [UInt8] {
            var output: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 512)
            let format = pixels.format
            let status = pixels.withUnsafeBytes { samples in
                icc.withUnsafeBufferPointer { profile in
                    message.withUnsafeMutableBufferPointer { text in
                        gk_tiff_encode(
                            samples.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(clamping: pixels.width),
                            UInt32(clamping: pixels.height), Int32(format.colorChannelCount), format.hasAlpha ? 1 : 0,
                            Int32(format.bytesPerSample * 8), pixels.rowBytes, compression, profile.baseAddress, profile.count,
                            UInt16(clamping: orientation), &output, &size, text.baseAddress, text.count)
                    }
                }
            }
            guard status == GK_TIFF_OK, let output else {
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw TIFFReader.error(status, "cannot encode the TIFF", message: text, path: nil)
            }
            defer { gk_tiff_free(output) }
            return Array(UnsafeBufferPointer(start: output, count: size))
        }
    }
#endif
