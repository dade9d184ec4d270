/// What libwebp gave back, before the color is resolved.
struct DecodedWebP {
    var pixels: PixelBuffer
    /// The `ICCP` chunk's bytes, when the file has one.
    var icc: [UInt8]?
    var warnings: [String] = []
}

#if WebP && os(Linux)
    internal import CWebP

    /// Every libwebp and libwebpdemux call GamutKit makes. libwebp reports errors by return value (a
    /// `VP8StatusCode` or NULL), never by a non-local jump; its objects are owned by ``WebPDemuxer`` and
    /// ``WebPAnimationDecoder``.
    enum WebPDecoder {
        /// The header's description of the image, read without decoding anything.
        struct Features {
            var width: Int
            var height: Int
            var hasAlpha: Bool
            var hasAnimation: Bool
            /// libwebp's `format`: 1 lossy, 2 lossless, 0 mixed (an animation) or undefined.
            var format: Int
        }

        /// Reads the header (`WebPGetFeatures`: the RIFF, VP8X and first bitstream headers).
        static func features(_ data: UnsafeRawBufferPointer, path: String?) throws(GamutError) -> Features {
            var raw = WebPBitstreamFeatures()
            let status = WebPGetFeatures(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &raw)
            try check(status, "not a readable WebP header", path: path)
            return Features(
                width: Int(raw.width), height: Int(raw.height), hasAlpha: raw.has_alpha != 0,
                hasAnimation: raw.has_animation != 0, format: Int(raw.format))
        }

        /// Decodes a still image into 8-bit RGB or RGBA (`WebPDecode` into GamutKit's own buffer).
        static func decodeStill(_ data: UnsafeRawBufferPointer, _ features: Features, path: String?) throws(GamutError) -> PixelBuffer {
            let format: PixelFormat = features.hasAlpha ? .rgba8 : .rgb8
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else {
                throw GamutError(.invalidImage, "libwebp's decoder doesn't match its header (version mismatch)", path: path)
            }
            var bytes = [UInt8](repeating: 0, count: features.width * features.height * format.bytesPerPixel)
            let status = bytes.withUnsafeMutableBufferPointer { output in
                config.output.colorspace = features.hasAlpha ? MODE_RGBA : MODE_RGB
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = output.baseAddress
                config.output.u.RGBA.stride = Int32(features.width * format.bytesPerPixel)
                config.output.u.RGBA.size = output.count
                defer { WebPFreeDecBuffer(&config.output) }  // frees nothing of external memory; kept for symmetry
                return WebPDecode(data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, &config)
            }
            try check(status, "cannot decode the image data", path: path)
            guard Int(config.output.width) == features.width, Int(config.output.height) == features.height else {
                throw GamutError(
                    .invalidImage,
                    "the bitstream is \(config.output.width)×\(config.output.height) pixels but the header says "
                        + "\(features.width)×\(features.height)", path: path)
            }
            return try PixelBuffer(width: features.width, height: features.height, format: format, bytes: bytes)
        }

        /// Decodes an animation's first frame, composited on its canvas, into 8-bit RGBA.
        static func decodeFirstFrame(_ data: UnsafeRawBufferPointer, _ features: Features, path: String?) throws(GamutError) -> PixelBuffer
        {
            let decoder = try WebPAnimationDecoder(data, path: path)
            let (width, height) = decoder.canvasSize
            guard width == features.width, height == features.height else {
                throw GamutError(
                    .invalidImage,
                    "the animation's canvas is \(width)×\(height) pixels but the header says "
                        + "\(features.width)×\(features.height)", path: path)
            }
            let bytes = try decoder.firstFrame()
            return try PixelBuffer(width: width, height: height, format: .rgba8, bytes: bytes)
        }

        /// The `ICCP` chunk's bytes, nil when the file has none; an error when the container is broken or the VP8X
        /// header announces a profile that isn't there.
        static func iccProfile(_ data: UnsafeRawBufferPointer, path: String?, maximumSize: Int) throws(GamutError) -> [UInt8]? {
            let demuxer = try WebPDemuxer(data, path: path)
            return try demuxer.iccProfile(maximumSize: maximumSize)
        }

        /// Throws `.invalidImage` (or `.unsupportedImage`) with libwebp's status when it isn't `VP8_STATUS_OK`.
        static func check(_ status: VP8StatusCode, _ what: String, path: String?) throws(GamutError) {
            switch status {
            case VP8_STATUS_OK: return
            case VP8_STATUS_NOT_ENOUGH_DATA, VP8_STATUS_SUSPENDED:
                throw GamutError(
                    .invalidImage, "\(what): the file ends early (truncated)", path: path, underlying: ["VP8_STATUS_NOT_ENOUGH_DATA"])
            case VP8_STATUS_UNSUPPORTED_FEATURE:
                throw GamutError(
                    .unsupportedImage, "\(what): libwebp doesn't support a feature it uses", path: path,
                    underlying: ["VP8_STATUS_UNSUPPORTED_FEATURE"])
            case VP8_STATUS_OUT_OF_MEMORY:
                throw GamutError(.imageTooLarge, "\(what): libwebp ran out of memory", path: path, underlying: ["VP8_STATUS_OUT_OF_MEMORY"])
            case VP8_STATUS_BITSTREAM_ERROR:
                throw GamutError(
                    .invalidImage, "\(what): corrupt bitstream or container", path: path, underlying: ["VP8_STATUS_BITSTREAM_ERROR"])
            default:
                throw GamutError(.invalidImage, "\(what): libwebp status \(status.rawValue)", path: path)
            }
        }
    }

    /// Owns one libwebpdemux demuxer (`WebPDemuxer`) over bytes the caller keeps alive. Single owner, not Sendable.
    struct WebPDemuxer: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        /// Parses the whole RIFF container; a truncated or malformed one is refused.
        init(_ data: UnsafeRawBufferPointer, path: String?) throws(GamutError) {
            var webpData = WebPData(bytes: data.baseAddress?.assumingMemoryBound(to: UInt8.self), size: data.count)
            guard let raw = WebPDemux(&webpData) else {
                throw GamutError(
                    .invalidImage, "the WebP container is malformed or truncated (its chunks don't add up to the RIFF size)", path: path)
            }
            self.raw = raw
            self.path = path
        }

        deinit { WebPDemuxDelete(raw) }

        func iccProfile(maximumSize: Int) throws(GamutError) -> [UInt8]? {
            let flags = WebPDemuxGetI(raw, WEBP_FF_FORMAT_FLAGS)
            var iterator = WebPChunkIterator()
            defer { WebPDemuxReleaseChunkIterator(&iterator) }
            guard WebPDemuxGetChunk(raw, "ICCP", 1, &iterator) != 0 else {
                if flags & ICCP_FLAG.rawValue != 0 {
                    throw GamutError(.invalidImage, "the VP8X header announces an ICC profile but the file has no ICCP chunk", path: path)
                }
                return nil
            }
            let size = iterator.chunk.size
            guard size <= maximumSize else {
                throw GamutError(.invalidProfile, "embedded ICC profile of \(size) bytes exceeds the limit of \(maximumSize)", path: path)
            }
            guard let bytes = iterator.chunk.bytes, size > 0 else {
                throw GamutError(.invalidProfile, "the ICCP chunk is empty", path: path)
            }
            return Array(UnsafeBufferPointer(start: bytes, count: size))
        }
    }

    /// Owns one libwebpdemux animation decoder (`WebPAnimDecoder`) over bytes the caller keeps alive. Single owner.
    struct WebPAnimationDecoder: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        init(_ data: UnsafeRawBufferPointer, path: String?) throws(GamutError) {
            var webpData = WebPData(bytes: data.baseAddress?.assumingMemoryBound(to: UInt8.self), size: data.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw GamutError(.invalidImage, "libwebp's animation decoder doesn't match its header (version mismatch)", path: path)
            }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let raw = WebPAnimDecoderNew(&webpData, &options) else {
                throw GamutError(.invalidImage, "the animated WebP is malformed or truncated", path: path)
            }
            self.raw = raw
            self.path = path
        }

        deinit { WebPAnimDecoderDelete(raw) }

        var canvasSize: (width: Int, height: Int) {
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(raw, &info) != 0 else { return (0, 0) }
            return (Int(info.canvas_width), Int(info.canvas_height))
        }

        /// The first frame, composited on the canvas: width × height × 4 bytes of RGBA (copied out of the decoder).
        func firstFrame() throws(GamutError) -> [UInt8] {
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            let (width, height) = canvasSize
            guard WebPAnimDecoderGetNext(raw, &frame, &timestamp) != 0, let frame else {
                throw GamutError(.invalidImage, "cannot decode the animation's first frame (corrupt or truncated)", path: path)
            }
            return Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
        }
    }
#endif
