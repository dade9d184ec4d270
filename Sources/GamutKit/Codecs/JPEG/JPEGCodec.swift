/// An APPn marker libjpeg kept while reading the header (APP1 for EXIF, APP2 for ICC), copied out of its memory.
struct JPEGMarker {
    /// 0xE1 for APP1, 0xE2 for APP2.
    var code: UInt8
    var bytes: [UInt8]
}

/// What a JPEG's header says, before anything is decoded.
struct JPEGHeader {
    enum Space { case gray, rgb, ycbcr, cmyk, ycck, unknown }
    var width: Int
    var height: Int
    var components: Int
    var space: Space
    var sawAdobe: Bool
    var adobeTransform: Int
    var progressive: Bool
}

#if JPEG && os(Linux)
    internal import CJPEGShim

    /// Owns one libjpeg decompressor, reached only through the C shim (`Sources/CJPEGShim`), whose functions each
    /// catch libjpeg's error exit with their own setjmp and return a status: no longjmp crosses a Swift frame.
    /// Single owner, not Sendable; the bytes it reads must outlive it.
    struct JPEGDecompressor: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        /// The most scans a progressive file may have: real files have about ten; thousands of tiny scans over a large
        /// image is the known way to make libjpeg take minutes.
        static let maximumScans: Int32 = 500

        init(_ data: UnsafeRawBufferPointer, path: String?) throws(GamutError) {
            guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count > 0 else {
                throw GamutError(.invalidImage, "the file is empty", path: path)
            }
            guard let raw = gk_jpeg_decoder_new(base, data.count) else {
                throw GamutError(.imageTooLarge, "libjpeg could not create a decoder (out of memory)", path: path)
            }
            self.raw = raw
            self.path = path
        }

        deinit { gk_jpeg_decoder_free(raw) }

        /// Reads the markers up to the first scan.
        func header() throws(GamutError) -> JPEGHeader {
            var header = gk_jpeg_header()
            try check(gk_jpeg_read_header(raw, &header), "not a readable JPEG header")
            let space: JPEGHeader.Space =
                switch UInt32(header.color_space) {
                case GK_JPEG_SPACE_GRAY.rawValue: .gray
                case GK_JPEG_SPACE_RGB.rawValue: .rgb
                case GK_JPEG_SPACE_YCBCR.rawValue: .ycbcr
                case GK_JPEG_SPACE_CMYK.rawValue: .cmyk
                case GK_JPEG_SPACE_YCCK.rawValue: .ycck
                default: .unknown
                }
            return JPEGHeader(
                width: Int(header.width), height: Int(header.height), components: Int(header.components), space: space,
                sawAdobe: header.saw_adobe != 0, adobeTransform: Int(header.adobe_transform), progressive: header.progressive != 0)
        }

        /// The APP1 and APP2 markers, in file order.
        func markers() -> [JPEGMarker] {
            (0..<gk_jpeg_marker_count(raw)).compactMap { index in
                var marker = gk_jpeg_marker()
                guard gk_jpeg_marker_at(raw, index, &marker) != 0 else { return nil }
                let bytes = marker.data.map { Array(UnsafeBufferPointer(start: $0, count: marker.length)) } ?? []
                return JPEGMarker(code: UInt8(truncatingIfNeeded: marker.code), bytes: bytes)
            }
        }

        /// Decodes every row into `pixels` (8-bit gray, RGB or CMYK as libjpeg outputs them), with libjpeg's own
        /// allocations bounded by `maximumMemory` bytes.
        func decode(into pixels: inout PixelBuffer, maximumMemory: Int) throws(GamutError) {
            let rowBytes = pixels.rowBytes
            let status = pixels.withUnsafeMutableBytes { buffer in
                gk_jpeg_decode(
                    raw, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), rowBytes, buffer.count,
                    max(0, maximumMemory), Self.maximumScans)
            }
            try check(status, "cannot decode the image data")
        }

        /// libjpeg's harmless warnings (an unknown Adobe transform code or JFIF version): the first, and how many.
        var warnings: [String] {
            let count = Int(gk_jpeg_warning_count(raw))
            guard count > 0 else { return [] }
            let first = String(cString: gk_jpeg_first_warning(raw))
            return ["libjpeg: \(first)" + (count > 1 ? " (and \(count - 1) more warnings)" : "")]
        }

        private func check(_ status: gk_jpeg_status, _ what: String) throws(GamutError) {
            guard status != GK_JPEG_OK else { return }
            let message = String(cString: gk_jpeg_message(raw))
            throw JPEGDecompressor.error(status, what, message: message, path: path)
        }

        /// The typed error for a shim status.
        static func error(_ status: gk_jpeg_status, _ what: String, message: String, path: String?) -> GamutError {
            switch status {
            case GK_JPEG_TRUNCATED:
                GamutError(.invalidImage, "\(what): the file ends early (truncated)", path: path, underlying: [message])
            case GK_JPEG_CORRUPT:
                GamutError(.invalidImage, "\(what): corrupt entropy-coded data", path: path, underlying: [message])
            case GK_JPEG_TOO_MANY_SCANS:
                GamutError(.invalidImage, "\(what): \(message)", path: path)
            case GK_JPEG_UNSUPPORTED:
                GamutError(.unsupportedImage, "\(what): libjpeg doesn't decode this kind of JPEG", path: path, underlying: [message])
            case GK_JPEG_NO_MEMORY:
                GamutError(.imageTooLarge, "\(what): libjpeg needs more memory than allowed", path: path, underlying: [message])
            case GK_JPEG_ARGUMENT:
                GamutError(.invalidArgument, "\(what): \(message)", path: path)
            default:
                GamutError(.invalidImage, "\(what): \(message)", path: path, underlying: [])
            }
        }
    }

    /// libjpeg's encoder, through the C shim.
    enum JPEGCompressor {
        /// Encodes tightly packed 8-bit gray (1 channel) or RGB (3) samples with `icc` split across APP2 markers.
        static func encode(
            _ samples: [UInt8], width: Int, height: Int, channels: Int, quality: Int, subsampleChroma: Bool,
            icc: [UInt8], exif: [UInt8] = []
        ) throws(GamutError) -> [UInt8] {
            var output: UnsafeMutablePointer<UInt8>?
            var size = 0
            var message = [CChar](repeating: 0, count: 512)
            let status = samples.withUnsafeBufferPointer { pixels in
                icc.withUnsafeBufferPointer { profile in
                    exif.withUnsafeBufferPointer { block in
                        message.withUnsafeMutableBufferPointer { text in
                            gk_jpeg_encode(
                                pixels.baseAddress, UInt32(clamping: width), UInt32(clamping: height), Int32(channels), width * channels,
                                Int32(clamping: quality), subsampleChroma ? 1 : 0, profile.baseAddress, profile.count,
                                block.baseAddress, block.count, &output, &size, text.baseAddress, text.count)
                        }
                    }
                }
            }
            guard status == GK_JPEG_OK, let output else {
                let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw JPEGDecompressor.error(status, "cannot encode the JPEG", message: text, path: nil)
            }
            defer { gk_jpeg_free(output) }
            return Array(UnsafeBufferPointer(start: output, count: size))
        }
    }
#endif
