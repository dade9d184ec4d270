// libpng, the independent PNG decoder, comes from pkg-config: Linux only.
#if canImport(PNGOracle)
    import GamutKit
    import PNGOracle

    /// An independent PNG reader and writer: libpng 1.6 through the C target `PNGOracle` (Tests/PNGOracle), which
    /// keeps libpng's setjmp/longjmp error handling on the C side. The conformance tests compare GamutKit with it.
    enum LibPNG {
        /// A PNG as libpng reads it, expanded with GamutKit's rules: palette to RGB 8-bit (RGBA with tRNS), gray at
        /// 1, 2 and 4 bits to 8 bits scaled to 0…255, tRNS to an alpha channel, 16-bit kept; no gamma or sBIT.
        struct Image: Sendable {
            var width: Int
            var height: Int
            /// Samples per pixel: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
            var channels: Int
            /// Bits per sample of ``samples``: 8 or 16.
            var depth: Int
            var fileBitDepth: Int
            var fileColorType: Int
            var isInterlaced: Bool
            var hasTRNS: Bool
            /// Every sample, row by row, as its value (16-bit samples as 0…65535 whatever the byte order).
            var samples: [Int]
            /// The iCCP chunk's name and decompressed profile.
            var iccp: (name: String, profile: [UInt8])?
            /// The sRGB chunk's rendering intent.
            var srgbIntent: Int?
            /// gAMA as libpng reports it (for an sRGB chunk alone, libpng 1.6 reports sRGB's 0.45455).
            var gamma: Double?
            /// cHRM as libpng reports it (for an sRGB chunk alone, libpng 1.6 reports sRGB's).
            var chromaticities: RGBPrimaries?
            /// libpng's last warning: a damaged ancillary chunk is dropped with one.
            var warning: String?
        }

        /// Why libpng refused.
        struct Failure: Error, CustomStringConvertible {
            var message: String
            var description: String { "libpng: \(message)" }
        }

        /// Decodes `png` with libpng.
        static func decode(_ png: [UInt8]) -> Result<Image, Failure> {
            var raw = pngoracle_image()
            let status = png.withUnsafeBufferPointer { pngoracle_decode($0.baseAddress, $0.count, &raw) }
            defer { pngoracle_free(&raw) }
            guard status == 0 else { return .failure(Failure(message: cString(&raw.error))) }

            let bytes = raw.samples.map { Array(UnsafeBufferPointer(start: $0, count: raw.samples_size)) } ?? []
            let samples: [Int] =
                raw.depth == 16
                ? bytes.withUnsafeBytes { $0.bindMemory(to: UInt16.self).map(Int.init) }  // host order from the oracle
                : bytes.map(Int.init)
            var image = Image(
                width: Int(raw.width), height: Int(raw.height), channels: Int(raw.channels), depth: Int(raw.depth),
                fileBitDepth: Int(raw.file_bit_depth), fileColorType: Int(raw.file_color_type),
                isInterlaced: raw.file_interlace != 0, hasTRNS: raw.has_trns != 0, samples: samples)
            if raw.has_iccp != 0 {
                let profile = raw.iccp_profile.map { Array(UnsafeBufferPointer(start: $0, count: raw.iccp_size)) } ?? []
                image.iccp = (cString(&raw.iccp_name), profile)
            }
            image.srgbIntent = raw.srgb_intent >= 0 ? Int(raw.srgb_intent) : nil
            image.gamma = raw.gamma > 0 ? raw.gamma : nil
            if raw.has_chrm != 0 {
                let c = raw.chrm
                image.chromaticities = RGBPrimaries(
                    red: .init(x: c.2, y: c.3), green: .init(x: c.4, y: c.5),
                    blue: .init(x: c.6, y: c.7), white: .init(x: c.0, y: c.1))
            }
            let warning = cString(&raw.warning)
            image.warning = warning.isEmpty ? nil : warning
            return .success(image)
        }

        /// For a palette image: the PLTE's entry count and the largest index the image data uses (read without
        /// expanding the palette). An index at or past `entries` is out of range; ``decode(_:)`` makes it black.
        static func paletteIndices(_ png: [UInt8]) -> Result<(entries: Int, largestIndex: Int), Failure> {
            var entries: Int32 = 0
            var largest: Int32 = 0
            var error = [CChar](repeating: 0, count: 256)
            let status = png.withUnsafeBufferPointer { pngoracle_palette_indices($0.baseAddress, $0.count, &entries, &largest, &error) }
            guard status == 0 else { return .failure(Failure(message: text(error))) }
            return .success((Int(entries), Int(largest)))
        }

        /// What to write with ``encode(_:)``: another encoder's file, not GamutKit's.
        struct Encoding {
            var width: Int
            var height: Int
            /// `.gray`, `.grayAlpha`, `.rgb` or `.rgba`.
            var layout: PixelFormat.Layout
            /// 8 or 16.
            var depth: Int
            /// Every sample, row by row, as its value.
            var samples: [Int]
            var interlaced = false
            var iccp: (name: String, profile: [UInt8])? = nil
            var srgbIntent: Int? = nil
            var gamma: Double? = nil
            /// tRNS: one gray value, or red, green and blue.
            var transparent: [UInt16]? = nil
        }

        /// Encodes a PNG with libpng.
        static func encode(_ e: Encoding) throws(Failure) -> [UInt8] {
            let colorType: Int32 =
                switch e.layout {
                case .gray: 0
                case .rgb: 2
                case .grayAlpha: 4
                case .rgba: 6
                case .cmyk: -1
                }
            let sampleBytes: [UInt8] =
                e.depth == 16
                ? e.samples.map { UInt16(truncatingIfNeeded: $0) }.withUnsafeBytes { Array($0) }  // host order
                : e.samples.map { UInt8(truncatingIfNeeded: $0) }
            let profile = e.iccp?.profile ?? []
            var error = [CChar](repeating: 0, count: 256)
            var output: UnsafeMutablePointer<UInt8>?
            var outputSize = 0
            let status = sampleBytes.withUnsafeBytes { samples in
                profile.withUnsafeBufferPointer { profileBytes in
                    (e.iccp?.name ?? "").withCString { name in
                        var options = pngoracle_encode_defaults()
                        options.width = UInt32(e.width)
                        options.height = UInt32(e.height)
                        options.depth = Int32(e.depth)
                        options.color_type = colorType
                        options.interlace = e.interlaced ? 1 : 0
                        options.samples = samples.baseAddress
                        options.samples_size = samples.count
                        if e.iccp != nil {
                            options.iccp_name = name
                            options.iccp_profile = profileBytes.baseAddress
                            options.iccp_size = profileBytes.count
                        }
                        options.srgb_intent = Int32(e.srgbIntent ?? -1)
                        options.gamma = e.gamma ?? 0
                        if let t = e.transparent {
                            options.has_trns = 1
                            if t.count == 1 { options.trns_gray = t[0] }
                            if t.count == 3 { (options.trns_red, options.trns_green, options.trns_blue) = (t[0], t[1], t[2]) }
                        }
                        return pngoracle_encode(&options, &output, &outputSize, &error)
                    }
                }
            }
            guard status == 0, let output else {
                throw Failure(message: text(error))
            }
            defer { pngoracle_free_buffer(output) }
            return Array(UnsafeBufferPointer(start: output, count: outputSize))
        }

        /// The NUL-terminated text in a C `char` buffer.
        private static func text(_ buffer: [CChar]) -> String {
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// The NUL-terminated text in a fixed-size C `char` array.
        private static func cString<T>(_ tuple: inout T) -> String {
            withUnsafeBytes(of: &tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
    }
#endif
