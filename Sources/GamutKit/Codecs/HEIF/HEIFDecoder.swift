/// The ITU-T H.273 code points of a HEIF `colr` box of type `nclx` (or of the coded bitstream), as libheif reads them.
struct NCLXColor: Sendable {
    var primaries: Int
    var transfer: Int
    var matrix: Int
    var fullRange: Bool
    /// The chromaticities libheif derives from `primaries` (nil when it knows none, for unknown code points).
    var chromaticities: RGBPrimaries?
}

/// What libheif gave back for the primary image, before the color is resolved.
struct DecodedHEIF {
    var pixels: PixelBuffer
    /// The luma bit depth stored in the file (8, 10, 12).
    var bitDepth: Int
    /// The `colr` box of type `prof` or `rICC`.
    var icc: [UInt8]?
    var nclx: NCLXColor?
    var warnings: [String] = []
}

#if HEIF && os(Linux)
    internal import CHeif

    /// Every libheif call GamutKit makes. libheif reports errors by returning a `heif_error` (no non-local jumps);
    /// each of its objects has one owner here, freed in `deinit`.
    enum HEIFDecoder {
        /// Decodes the primary image of HEIF or AVIF bytes. libheif reads `data` without copying it, so every libheif
        /// object made here is gone before this returns.
        static func decode(
            _ data: UnsafeRawBufferPointer, path: String?, options: ImageFile.DecodingOptions
        ) throws(GamutError) -> DecodedHEIF {
            let context = try HEIFContext(path: path)
            // libheif's own security limit is per side; the pixel budget is checked below, with GamutKit's message.
            heif_context_set_maximum_image_size_limit(context.raw, Int32(clamping: max(options.maximumPixels, 1)))
            try context.read(data)
            let handle = try context.primaryImage()
            let (width, height) = (Int(heif_image_handle_get_width(handle.raw)), Int(heif_image_handle_get_height(handle.raw)))
            let hasAlpha = heif_image_handle_has_alpha_channel(handle.raw) != 0
            let bitDepth = Int(heif_image_handle_get_luma_bits_per_pixel(handle.raw))
            guard (1...16).contains(bitDepth) else {
                throw GamutError(.invalidImage, "the primary image has a luma bit depth of \(bitDepth)", path: path)
            }
            let deep = bitDepth > 8
            try ImageLimits.check(
                width: width, height: height, bytesPerPixel: (hasAlpha ? 4 : 3) * (deep ? 2 : 1), path: path, options: options)

            var warnings: [String] = []
            if hasAlpha, heif_image_handle_is_premultiplied_alpha(handle.raw) != 0 {
                warnings.append("the alpha channel is premultiplied; colors are read as stored (not divided by alpha)")
            }
            let icc = try handle.iccProfile(maximumSize: options.maximumProfileSize)
            var nclx = try handle.nclx(warnings: &warnings)
            if handle.auxiliaryTypes().contains(GainMap.appleAuxiliaryType) {
                warnings.append(GainMap.warning("Apple's HDR gain map"))
            } else if hasToneMapItem(data) {
                warnings.append(GainMap.warning("an ISO 21496-1 gain map (a tmap item)"))
            }
            let image = try handle.decode(alpha: hasAlpha, deep: deep)
            if icc == nil, nclx == nil { nclx = image.nclx() }  // signalled in the coded bitstream only
            let pixels = try image.pixels(alpha: hasAlpha, deep: deep, options: options)
            guard pixels.width == width, pixels.height == height else {
                throw GamutError(
                    .invalidImage,
                    "the container declares \(width)×\(height) pixels but the coded image is "
                        + "\(pixels.width)×\(pixels.height)", path: path)
            }
            return DecodedHEIF(pixels: pixels, bitDepth: bitDepth, icc: icc, nclx: nclx, warnings: warnings + image.warnings())
        }

        /// Whether the container declares an item of type `tmap` (ISO 21496-1's tone-mapped derived image, which libheif
        /// 1.15 doesn't expose): an `infe` box of version 2 or 3 whose item type is `tmap`, in the file's first megabyte,
        /// where the `meta` box is.
        static func hasToneMapItem(_ data: UnsafeRawBufferPointer) -> Bool {
            let bytes = UnsafeRawBufferPointer(rebasing: data.prefix(1 << 20))
            let tmap = Array("tmap".utf8)
            return bytes.ranges(of: Array("infe".utf8)).contains { box in
                // After the type: version and flags (4 bytes), the item ID (2 bytes in version 2, 4 in 3), the protection index (2).
                let version = box.upperBound < bytes.count ? bytes[box.upperBound] : 0
                guard version == 2 || version == 3 else { return false }
                let type = box.upperBound + (version == 2 ? 8 : 10)
                return type + 4 <= bytes.count && bytes[type..<type + 4].elementsEqual(tmap)
            }
        }

        /// libheif is initialized once per process (reference counted by libheif; never deinitialized).
        static let initialized: Bool = heif_init(nil).code == heif_error_Ok

        /// Throws when `error` isn't `heif_error_Ok`: a security limit is `.imageTooLarge`, an unsupported codec or
        /// feature `.unsupportedImage`, anything else `.invalidImage`, with libheif's message.
        static func check(_ error: heif_error, _ what: String, path: String?) throws(GamutError) {
            guard error.code != heif_error_Ok else { return }
            let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
            let code: GamutError.Code =
                switch (error.code, error.subcode) {
                case (_, heif_suberror_Security_limit_exceeded), (heif_error_Memory_allocation_error, _): .imageTooLarge
                case (heif_error_Unsupported_feature, _), (heif_error_Unsupported_filetype, _): .unsupportedImage
                default: .invalidImage
                }
            throw GamutError(
                code, "\(what): \(message)", path: path, underlying: ["libheif error \(error.code.rawValue).\(error.subcode.rawValue)"])
        }
    }

    /// Owns one `heif_context`. Single owner, not Sendable.
    struct HEIFContext: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        init(path: String?) throws(GamutError) {
            guard HEIFDecoder.initialized else { throw GamutError(.io, "libheif could not be initialized", path: path) }
            guard let raw = heif_context_alloc() else { throw GamutError(.io, "libheif could not create a context", path: path) }
            self.raw = raw
            self.path = path
        }

        deinit { heif_context_free(raw) }

        /// Parses the container from `data`, which must outlive this context (libheif keeps the pointer).
        func read(_ data: UnsafeRawBufferPointer) throws(GamutError) {
            try HEIFDecoder.check(
                heif_context_read_from_memory_without_copy(raw, data.baseAddress, data.count, nil),
                "not a readable HEIF file", path: path)
        }

        func primaryImage() throws(GamutError) -> HEIFImageHandle {
            var handle: OpaquePointer?
            try HEIFDecoder.check(heif_context_get_primary_image_handle(raw, &handle), "cannot find the primary image", path: path)
            guard let handle else { throw GamutError(.invalidImage, "the file has no primary image", path: path) }
            return HEIFImageHandle(raw: handle, path: path)
        }
    }

    /// Owns one `heif_image_handle` (an image item in the file, not yet decoded). Single owner.
    struct HEIFImageHandle: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        deinit { heif_image_handle_release(raw) }

        /// The types of the image's auxiliary images other than alpha and depth (URNs such as Apple's gain map's).
        func auxiliaryTypes() -> [String] {
            let filter = Int32(LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA | LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH)
            let count = heif_image_handle_get_number_of_auxiliary_images(raw, filter)
            guard count > 0 else { return [] }
            var ids = [heif_item_id](repeating: 0, count: Int(count))
            let listed = heif_image_handle_get_list_of_auxiliary_image_IDs(raw, filter, &ids, count)
            var types: [String] = []
            for id in ids.prefix(Int(max(listed, 0))) {
                var auxiliary: OpaquePointer?
                guard heif_image_handle_get_auxiliary_image_handle(raw, id, &auxiliary).code == heif_error_Ok, let auxiliary else {
                    continue
                }
                defer { heif_image_handle_release(auxiliary) }
                var type: UnsafePointer<CChar>?
                guard heif_image_handle_get_auxiliary_type(auxiliary, &type).code == heif_error_Ok, let name = type else { continue }
                types.append(String(cString: name))
                heif_image_handle_free_auxiliary_types(auxiliary, &type)
            }
            return types
        }

        /// The ICC profile of a `colr` box of type `prof` or `rICC`, nil when there is none.
        func iccProfile(maximumSize: Int) throws(GamutError) -> [UInt8]? {
            let type = heif_image_handle_get_color_profile_type(raw)
            guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
            let size = heif_image_handle_get_raw_color_profile_size(raw)
            guard size <= maximumSize else {
                throw GamutError(.invalidProfile, "embedded ICC profile of \(size) bytes exceeds the limit of \(maximumSize)", path: path)
            }
            guard size > 0 else { throw GamutError(.invalidProfile, "the colr box's ICC profile is empty", path: path) }
            var bytes = [UInt8](repeating: 0, count: size)
            let error = bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(raw, $0.baseAddress) }
            try HEIFDecoder.check(error, "cannot read the embedded ICC profile", path: path)
            return bytes
        }

        /// The `colr` box of type `nclx`, nil when there is none. A box holding a code point H.273 doesn't define is
        /// ignored with a warning (as heif-convert reads it), where libheif gives no profile at all. libheif hands the
        /// decoded image the same box, so the image is then untagged (read as sRGB) unless it has an ICC profile.
        func nclx(warnings: inout [String]) throws(GamutError) -> NCLXColor? {
            var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
            let error = heif_image_handle_get_nclx_color_profile(raw, &profile)
            defer { heif_nclx_color_profile_free(profile) }
            if error.code == heif_error_Color_profile_does_not_exist { return nil }
            if let undefined = HEIFImage.undefinedCodePoint(error.subcode) {
                warnings.append(
                    "the colr box of type nclx holds \(undefined) H.273 doesn't define, so the box is ignored "
                        + "(libheif error \(error.code.rawValue).\(error.subcode.rawValue))")
                return nil
            }
            try HEIFDecoder.check(error, "cannot read the nclx color box", path: path)
            return profile.map { NCLXColor($0.pointee) }
        }

        /// Decodes to interleaved RGB(A): 8 bits per sample, or 16-bit words holding the file's 10 or 12 bits when `deep`.
        func decode(alpha: Bool, deep: Bool) throws(GamutError) -> HEIFImage {
            #if _endian(little)
                let deepChroma = alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE
            #else
                let deepChroma = alpha ? heif_chroma_interleaved_RRGGBBAA_BE : heif_chroma_interleaved_RRGGBB_BE
            #endif
            let chroma = deep ? deepChroma : alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
            var image: OpaquePointer?
            try HEIFDecoder.check(heif_decode_image(raw, &image, heif_colorspace_RGB, chroma, nil), "cannot decode the image", path: path)
            guard let image else { throw GamutError(.invalidImage, "libheif decoded no image", path: path) }
            return HEIFImage(raw: image, path: path)
        }
    }

    /// Owns one decoded `heif_image`. Single owner.
    struct HEIFImage: ~Copyable {
        let raw: OpaquePointer
        let path: String?

        deinit { heif_image_release(raw) }

        /// The nclx code points the decoder found in the coded bitstream, if any.
        func nclx() -> NCLXColor? {
            var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
            let error = heif_image_get_nclx_color_profile(raw, &profile)
            defer { heif_nclx_color_profile_free(profile) }
            guard error.code == heif_error_Ok else { return nil }
            return profile.map { NCLXColor($0.pointee) }
        }

        /// What libheif worked around while decoding (non-strict decoding), named by each warning's error codes.
        ///
        /// The codes are read, never the `message` pointers: libheif (1.15 here) formats every warning's message into the
        /// one buffer its image owns, so after filling several only the last one's text is alive and the others point at
        /// freed or rewritten memory. A decoder plugin's warning carries no text of its own anyway (libheif's message is
        /// just the names of its two codes). libheif's loop also ignores the buffer size it is given and fills every
        /// warning from the first index on, so the buffer holds them all.
        func warnings() -> [String] {
            let count = Int(heif_image_get_decoding_warnings(raw, 0, nil, 0))
            guard count > 0 else { return [] }
            var errors = [heif_error](repeating: heif_error(), count: count)
            let filled = min(Int(heif_image_get_decoding_warnings(raw, 0, &errors, Int32(count))), count)
            return errors.prefix(filled).map { "libheif: " + Self.describe(code: $0.code, subcode: $0.subcode) }
        }

        /// A decoding warning in words: what the decoder met, and libheif's codes.
        static func describe(code: heif_error_code, subcode: heif_suberror_code) -> String {
            let what =
                if let undefined = undefinedCodePoint(subcode) {
                    "the coded image signals \(undefined) H.273 doesn't define (read as unspecified)"
                } else {
                    switch code {
                    case heif_error_Invalid_input: "invalid input"
                    case heif_error_Unsupported_feature: "an unsupported feature"
                    case heif_error_Decoder_plugin_error: "a decoder plugin error"
                    default: "a decoding warning"
                    }
                }
            return "\(what) (libheif error \(code.rawValue).\(subcode.rawValue))"
        }

        /// What an nclx code point H.273 doesn't define was for ("color primaries", …), by libheif's subcode; nil for
        /// any other subcode. Shared by the coded image's warnings and the `colr` box's.
        static func undefinedCodePoint(_ subcode: heif_suberror_code) -> String? {
            switch subcode {
            case heif_suberror_Unknown_NCLX_color_primaries: "color primaries"
            case heif_suberror_Unknown_NCLX_transfer_characteristics: "a transfer function"
            case heif_suberror_Unknown_NCLX_matrix_coefficients: "matrix coefficients"
            default: nil
            }
        }

        /// The pixels as a ``PixelBuffer``: 8-bit as decoded, or 16-bit with the file's n-bit values v scaled to the full
        /// range as round(v × 65535 / (2ⁿ − 1)) (so 0 stays 0 and 2ⁿ − 1 becomes 65535).
        func pixels(alpha: Bool, deep: Bool, options: ImageFile.DecodingOptions) throws(GamutError) -> PixelBuffer {
            let channel = heif_channel_interleaved
            let (width, height) = (Int(heif_image_get_width(raw, channel)), Int(heif_image_get_height(raw, channel)))
            let format: PixelFormat =
                switch (alpha, deep) {
                case (false, false): .rgb8
                case (true, false): .rgba8
                case (false, true): .rgb16
                case (true, true): .rgba16
                }
            try ImageLimits.check(width: width, height: height, bytesPerPixel: format.bytesPerPixel, path: path, options: options)
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(raw, channel, &stride) else {
                throw GamutError(.invalidImage, "libheif decoded no interleaved RGB plane", path: path)
            }
            let rowBytes = width * format.bytesPerPixel
            guard Int(stride) >= rowBytes else {
                throw GamutError(.invalidImage, "libheif's decoded rows are \(stride) bytes, shorter than \(rowBytes)", path: path)
            }
            if !deep {
                var bytes = [UInt8](repeating: 0, count: rowBytes * height)
                bytes.withUnsafeMutableBytes { out in
                    for y in 0..<height {
                        (out.baseAddress! + y * rowBytes).copyMemory(from: plane + y * Int(stride), byteCount: rowBytes)
                    }
                }
                return try PixelBuffer(width: width, height: height, format: format, bytes: bytes)
            }
            let bits = Int(heif_image_get_bits_per_pixel_range(raw, channel))
            guard (9...16).contains(bits) else {
                throw GamutError(.invalidImage, "libheif decoded \(bits)-bit samples where more than 8 were expected", path: path)
            }
            let maximum = UInt32(1) << UInt32(bits) - 1
            let perRow = width * format.channelCount
            var samples = [UInt16](repeating: 0, count: perRow * height)
            samples.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = UnsafeRawPointer(plane + y * Int(stride))
                    for i in 0..<perRow {
                        // Host order (the chroma asked for matches it); masked, since only `bits` bits are meaningful.
                        let value = UInt32(row.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self)) & maximum
                        out[y * perRow + i] = UInt16((value * 65535 + maximum / 2) / maximum)
                    }
                }
            }
            return try PixelBuffer(width: width, height: height, layout: format.layout, samples: samples)
        }
    }

    extension NCLXColor {
        init(_ raw: heif_color_profile_nclx) {
            let known = raw.color_primary_red_x > 0 && raw.color_primary_white_x > 0
            self.init(
                primaries: Int(raw.color_primaries.rawValue), transfer: Int(raw.transfer_characteristics.rawValue),
                matrix: Int(raw.matrix_coefficients.rawValue), fullRange: raw.full_range_flag != 0,
                chromaticities: known
                    ? RGBPrimaries(
                        red: .init(x: Double(raw.color_primary_red_x), y: Double(raw.color_primary_red_y)),
                        green: .init(x: Double(raw.color_primary_green_x), y: Double(raw.color_primary_green_y)),
                        blue: .init(x: Double(raw.color_primary_blue_x), y: Double(raw.color_primary_blue_y)),
                        white: .init(x: Double(raw.color_primary_white_x), y: Double(raw.color_primary_white_y))) : nil)
        }
    }
#endif
