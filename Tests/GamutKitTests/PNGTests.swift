import Foundation
@testable import GamutKit
import Testing

@Suite("PNG decode and encode")
struct PNGTests {
    @Test("16-bit RGBA Display P3 round-trips losslessly, with iCCP and cICP")
    func roundTrip16() throws {
        let pixels = PNGFixtures.random16(width: 37, height: 23)
        let image = Image(pixels: pixels, profile: .displayP3)
        let bytes = try PNG.encode(image)
        let types = PNGFixtures.chunks(bytes).map(\.type)
        #expect(types.contains("iCCP") && types.contains("cICP"))
        #expect(types.firstIndex(of: "cICP")! < types.firstIndex(of: "IDAT")!)
        let decoded = try PNG.decode(bytes)
        #expect(decoded.pixels.format == pixels.format)
        #expect(zip(decoded.pixels.bytes, pixels.bytes).filter { $0 != $1 }.count == 0)
        #expect(decoded.colorSource == .cicp(primaries: 12, transfer: 13))
        #expect(decoded.profile === ColorProfile.displayP3)
        #expect(decoded.fileBitDepth == 16)
    }

    @Test("16-bit RGB and gray round-trip losslessly", arguments: [PixelFormat.Layout.rgb, .gray, .grayAlpha])
    func roundTripLayouts(layout: PixelFormat.Layout) throws {
        let pixels = PNGFixtures.random16(width: 19, height: 11, layout: layout, seed: 7)
        let profile: ColorProfile = layout == .rgb ? .adobeRGB : .grayGamma22
        let decoded = try PNG.decode(try PNG.encode(Image(pixels: pixels, profile: profile)))
        #expect(decoded.pixels.format == pixels.format)
        #expect(zip(decoded.pixels.bytes, pixels.bytes).filter { $0 != $1 }.count == 0)
        #expect(decoded.profile.data == profile.data)
        #expect(decoded.colorSource == .iccp(name: profile.name))
    }

    /// Every PNG color type and depth decodes to 8 or 16 bits with the right values (low depths scaled).
    @Test("Gray at 1, 2, 4 and 8 bits scales to 8 bits")
    func lowDepthGray() throws {
        // One row of 8 pixels at depth d: values 0, max, 1, 0, … packed MSB first.
        for depth: UInt8 in [1, 2, 4, 8] {
            let max = (1 << Int(depth)) - 1
            let values = [0, max, 1, 0, max, 1, 0, max]
            var packed = [UInt8](repeating: 0, count: (8 * Int(depth) + 7) / 8)
            for (i, v) in values.enumerated() {
                let bit = i * Int(depth)
                packed[bit / 8] |= UInt8(v << (8 - Int(depth) - bit % 8))
            }
            let png = PNGFixtures.encode(width: 8, height: 1, rows: packed, .init(colorType: 0, depth: depth))
            let image = try PNG.decode(png)
            #expect(image.pixels.format == .gray8)
            #expect(image.fileBitDepth == Int(depth))
            let expected = values.map { $0 * 255 / max }
            #expect((0..<8).map { image.pixels.integer(x: $0, y: 0, channel: 0) } == expected, "depth \(depth)")
            #expect(image.colorSource == .untagged)
            #expect(image.profile === ColorProfile.graySRGB)
        }
    }

    @Test("Palette images at 1, 2, 4 and 8 bits, with and without tRNS")
    func palette() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 128, 255)]
        for depth: UInt8 in [1, 2, 4, 8] {
            // Two pixels: index 1 then index 0, MSB first.
            let packed: [UInt8] = depth == 8 ? [1, 0] : [UInt8(1 << (8 - Int(depth)))]
            let opaque = try PNG.decode(
                PNGFixtures.encode(
                    width: 2, height: 1, rows: packed,
                    .init(colorType: 3, depth: depth, palette: colors)))
            #expect(opaque.pixels.format == .rgb8)
            #expect((0..<3).map { opaque.pixels.integer(x: 0, y: 0, channel: $0) } == [0, 128, 255])
            #expect((0..<3).map { opaque.pixels.integer(x: 1, y: 0, channel: $0) } == [255, 0, 0])
            let translucent = try PNG.decode(
                PNGFixtures.encode(
                    width: 2, height: 1, rows: packed,
                    .init(colorType: 3, depth: depth, palette: colors, paletteAlpha: [40, 200])))
            #expect(translucent.pixels.format == .rgba8)
            #expect(translucent.pixels.integer(x: 0, y: 0, channel: 3) == 200)
            #expect(translucent.pixels.integer(x: 1, y: 0, channel: 3) == 40)
        }
    }

    @Test("tRNS on RGB and gray becomes alpha at 8 and 16 bits")
    func transparencyChunks() throws {
        let rgb8 = try PNG.decode(
            PNGFixtures.encode(
                width: 2, height: 1, rows: [1, 2, 3, 9, 9, 9],
                .init(colorType: 2, depth: 8, transparentRGB: (1, 2, 3))))
        #expect(rgb8.pixels.format == .rgba8)
        #expect(rgb8.pixels.integer(x: 0, y: 0, channel: 3) == 0 && rgb8.pixels.integer(x: 1, y: 0, channel: 3) == 255)
        let gray16 = try PNG.decode(
            PNGFixtures.encode(
                width: 2, height: 1, rows: [0x12, 0x34, 0xAB, 0xCD],
                .init(colorType: 0, depth: 16, transparentGray: 0x1234)))
        #expect(gray16.pixels.format == .grayAlpha16)
        #expect(gray16.pixels.integer(x: 1, y: 0, channel: 0) == 0xABCD)
        #expect(gray16.pixels.integer(x: 0, y: 0, channel: 1) == 0 && gray16.pixels.integer(x: 1, y: 0, channel: 1) == 65535)
        let rgb16 = try PNG.decode(
            PNGFixtures.encode(
                width: 1, height: 1, rows: [0x01, 0x02, 0x03, 0x04, 0x05, 0x06],
                .init(colorType: 2, depth: 16)))
        #expect(rgb16.pixels.format == .rgb16)
        #expect((0..<3).map { rgb16.pixels.integer(x: 0, y: 0, channel: $0) } == [0x0102, 0x0304, 0x0506])
        let rgba8 = try PNG.decode(PNGFixtures.encode(width: 1, height: 1, rows: [10, 20, 30, 40], .init(colorType: 6, depth: 8)))
        #expect(rgba8.pixels.format == .rgba8 && rgba8.pixels.integer(x: 0, y: 0, channel: 3) == 40)
        let ga8 = try PNG.decode(PNGFixtures.encode(width: 1, height: 1, rows: [10, 20], .init(colorType: 4, depth: 8)))
        #expect(ga8.pixels.format == .grayAlpha8 && ga8.pixels.integer(x: 0, y: 0, channel: 1) == 20)
    }

    @Test("sRGB chunk, gAMA, and untagged images resolve in PNG's order")
    func colorChunks() throws {
        let row: [UInt8] = [128, 128, 128]
        let srgb = try PNG.decode(PNGFixtures.encode(width: 1, height: 1, rows: row, .init(colorType: 2, depth: 8, srgbIntent: 0)))
        #expect(srgb.colorSource == .srgbChunk(intent: 0))
        #expect(srgb.profile === ColorProfile.sRGB)

        let gamma = try PNG.decode(PNGFixtures.encode(width: 1, height: 1, rows: row, .init(colorType: 2, depth: 8, gamma: 1 / 1.8)))
        guard case .gammaAndChromaticities(let g, nil) = gamma.colorSource else {
            Issue.record("wrong source \(gamma.colorSource)"); return
        }
        #expect(abs(g! - 1 / 1.8) < 1e-5)
        // Mid gray 128/255 at decoding gamma 1.8 is linear 0.2927; in sRGB that encodes to 149.7.
        let toSRGB = try ColorTransform(from: gamma.profile, format: .rgbFloat, to: .sRGB, format: .rgbFloat)
        let encoded = try toSRGB.convert(samples: [128.0 / 255, 128.0 / 255, 128.0 / 255])
        let expected = ExactReference.encode(pow(128.0 / 255, 1 / (1 / 1.8) * (1 / 1.8) * 1.8))
        #expect(abs(encoded[1] - expected) < 1e-3)

        let untagged = try PNG.decode(PNGFixtures.encode(width: 1, height: 1, rows: row, .init(colorType: 2, depth: 8)))
        #expect(untagged.colorSource == .untagged && !untagged.colorSource.isTagged)
        #expect(untagged.profile === ColorProfile.sRGB)
    }

    @Test("cICP wins over iCCP, PQ included; a cICP with a YCbCr matrix (not a PNG's) is ignored with a warning, leaving iCCP")
    func cicpPrecedence() throws {
        var options = PNG.EncodingOptions()
        options.writeCICP = false
        let tagged = try PNG.encode(Image(pixels: PNGFixtures.random16(width: 4, height: 4), profile: .sRGB), options: options)
        let p3 = try PNG.decode(PNGFixtures.inserting(PNGFixtures.chunk("cICP", [12, 13, 0, 1]), into: tagged))
        #expect(p3.profile === ColorProfile.displayP3)
        let pq = try PNG.decode(PNGFixtures.inserting(PNGFixtures.chunk("cICP", [9, 16, 0, 1]), into: tagged))
        #expect(pq.colorSource == .cicp(primaries: 9, transfer: 16) && pq.warnings.count == 1)
        let matrix = try PNG.decode(PNGFixtures.inserting(PNGFixtures.chunk("cICP", [9, 16, 9, 1]), into: tagged))
        #expect(matrix.colorSource == .iccp(name: "sRGB IEC61966-2.1"))
        #expect(matrix.warnings == ["cICP 9/16/9/1 has YCbCr matrix 9 samples, which PNG doesn't hold; ignored"])
    }

    @Test("Text and pHYs chunks round-trip")
    func metadata() throws {
        let metadata = PNGMetadata(
            texts: [
                .init(kind: .tEXt, keyword: "Title", text: "Caf\u{E9} ramp"),
                .init(kind: .zTXt, keyword: "Comment", text: String(repeating: "zz", count: 50)),
                .init(kind: .iTXt, keyword: "Author", text: "渡辺", languageTag: "ja", translatedKeyword: "著者"),
            ], physicalDimensions: .init(pixelsPerUnitX: 5669, pixelsPerUnitY: 5669, unitIsMetre: true))
        let image = Image(pixels: PNGFixtures.random16(width: 3, height: 3), profile: .displayP3, metadata: metadata)
        let decoded = try PNG.decode(try PNG.encode(image))
        #expect(decoded.metadata == metadata)
    }
}
