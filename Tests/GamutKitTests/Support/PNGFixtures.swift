#if SystemLibraries && os(Linux)
    import CSPNG
#else
    import CVendoredSPNG
#endif
import Foundation
@testable import GamutKit

/// Builds PNG fixtures in code: any color type and depth through libspng's encoder, and byte-level
/// surgery (chunks with correct CRCs) for broken files.
enum PNGFixtures {
    struct Options {
        var colorType: UInt8
        var depth: UInt8
        var palette: [(UInt8, UInt8, UInt8)] = []
        var transparentGray: UInt16? = nil
        var transparentRGB: (UInt16, UInt16, UInt16)? = nil
        var paletteAlpha: [UInt8] = []
        var srgbIntent: UInt8? = nil
        var gamma: Double? = nil
    }

    /// Encodes `rows` (PNG's packed, big-endian layout) with the given header and ancillary chunks.
    static func encode(width: Int, height: Int, rows: [UInt8], _ o: Options) -> [UInt8] {
        let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue))!
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        var ihdr = spng_ihdr(
            width: UInt32(width), height: UInt32(height), bit_depth: o.depth, color_type: o.colorType,
            compression_method: 0, filter_method: 0, interlace_method: 0)
        precondition(spng_set_ihdr(ctx, &ihdr) == 0)
        if !o.palette.isEmpty {
            var plte = spng_plte()
            plte.n_entries = UInt32(o.palette.count)
            withUnsafeMutableBytes(of: &plte.entries) { raw in
                for (i, c) in o.palette.enumerated() { raw[i * 4] = c.0; raw[i * 4 + 1] = c.1; raw[i * 4 + 2] = c.2; raw[i * 4 + 3] = 255 }
            }
            precondition(spng_set_plte(ctx, &plte) == 0)
        }
        if o.transparentGray != nil || o.transparentRGB != nil || !o.paletteAlpha.isEmpty {
            var trns = spng_trns()
            if let g = o.transparentGray { trns.gray = g }
            if let c = o.transparentRGB { trns.red = c.0; trns.green = c.1; trns.blue = c.2 }
            trns.n_type3_entries = UInt32(o.paletteAlpha.count)
            withUnsafeMutableBytes(of: &trns.type3_alpha) { raw in for (i, a) in o.paletteAlpha.enumerated() { raw[i] = a } }
            precondition(spng_set_trns(ctx, &trns) == 0)
        }
        if let intent = o.srgbIntent { precondition(spng_set_srgb(ctx, intent) == 0) }
        if let gamma = o.gamma { precondition(spng_set_gama(ctx, gamma) == 0) }
        let status = rows.withUnsafeBytes {
            spng_encode_image(ctx, $0.baseAddress, $0.count, Int32(SPNG_FMT_RAW.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        precondition(status == 0, String(cString: spng_strerror(status)))
        var length = 0
        var error: Int32 = 0
        let buffer = spng_get_png_buffer(ctx, &length, &error)!
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// A 16-bit RGBA image of seeded random samples.
    static func random16(width: Int, height: Int, layout: PixelFormat.Layout = .rgba, seed: UInt64 = 1) -> PixelBuffer {
        var rng = SplitMix64(seed: seed)
        let count = width * height * PixelFormat(layout, .uint16).channelCount
        let samples = (0..<count).map { _ in UInt16.random(in: 0...UInt16.max, using: &rng) }
        return try! PixelBuffer(width: width, height: height, layout: layout, samples: samples)
    }

    /// The chunks of a PNG: (offset of the length field, type, data range).
    static func chunks(_ png: [UInt8]) -> [(offset: Int, type: String, data: Range<Int>)] {
        var result: [(Int, String, Range<Int>)] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            result.append((offset, type, offset + 8..<offset + 8 + length))
            offset += 12 + length
        }
        return result
    }

    /// A chunk with its length and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// Inserts a chunk right after IHDR.
    static func inserting(_ chunk: [UInt8], into png: [UInt8]) -> [UInt8] {
        let ihdrEnd = 8 + 12 + 13
        return Array(png[..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
    }

    /// Recomputes the CRC of the chunk starting at `offset`.
    static func fixCRC(_ png: inout [UInt8], chunkAt offset: Int) {
        let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let crc = crc32(Array(png[offset + 4..<offset + 8 + length]))
        png.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: be32(crc))
    }

    /// A PNG that declares `width`×`height` but holds only an empty zlib stream: what a file claiming a huge
    /// image (or a decompression bomb's header) looks like to the decoder.
    static func headerOnly(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8) -> [UInt8] {
        [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 3, 0, 0, 0, 0, 1]) + chunk("IEND", [])
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// CRC-32 as PNG defines it (ISO 3309, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static var temporaryDirectory: String {
        TestScratch.folder("gamutkit-tests-")
    }
}
