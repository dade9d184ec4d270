import Foundation
@testable import GamutKit
import Testing

/// ITU-T H.273 code points, from a PNG's cICP chunk (inserted into files libpng wrote) and from the nclx boxes of AVIFs
/// avifenc wrote, resolved by one rule; HDR transfers read as their SDR rendition by ITU-R BT.2408's rule.
@Suite("H.273 in PNG cICP and AVIF nclx, HDR rendered by BT.2408")
struct H273Tests {
    @Test(
        "PQ and HLG against published values: SMPTE ST 2084 (100 cd/m² at signal 0.508, 10,000 at 1), ITU-R BT.2408 (203 cd/m² at PQ 58% and HLG 75%), BT.2100 HLG (scene 1/12 at signal 0.5)"
    )
    func publishedValues() {
        #expect(abs(HDRRendition.pqLuminance(1) - 10000) < 1e-6)
        #expect(abs(HDRRendition.pqLuminance(0.5081) - 100) < 0.5)
        #expect(abs(HDRRendition.pqSignal(203) - 0.58) < 0.001)
        #expect(abs(HDRRendition.hlgLuminance(0.75) - 203) < 1)
        #expect(abs(HDRRendition.hlgLuminance(0.5) - 1000 * pow(1.0 / 12, 1.2)) < 1e-9)
        for signal in stride(from: 0.05, through: 1, by: 0.05) {
            #expect(abs(HDRRendition.pqSignal(HDRRendition.pqLuminance(signal)) - signal) < 1e-9)
            #expect(abs(HDRRendition.hlgSignal(HDRRendition.hlgLuminance(signal)) - signal) < 1e-9)
        }
        // The SDR rendition: reference white is 1, brighter clipped.
        #expect(abs(TransferFunction.perceptualQuantizerSDR.linearize(HDRRendition.pqSignal(203)) - 1) < 1e-9)
        #expect(TransferFunction.perceptualQuantizerSDR.linearize(0.9) == 1 && TransferFunction.hybridLogGammaSDR.linearize(0.9) == 1)
    }

    // libpng, the independent PNG decoder, comes from pkg-config: Linux only.
    #if canImport(PNGOracle)
        /// A 16-bit RGB PNG of `samples` written by libpng, with a cICP chunk of `code` inserted after IHDR.
        static func png(_ samples: [Int], cicp code: [UInt8]) throws -> [UInt8] {
            let png = try LibPNG.encode(.init(width: samples.count / 3, height: 1, layout: .rgb, depth: 16, samples: samples))
            return PNGFixtures.inserting(PNGFixtures.chunk("cICP", code), into: png)
        }

        /// The 8-bit sRGB value of an encoded gray `signal` whose linear light is `linear`: IEC 61966-2-1's curve.
        static func sRGB8(linear: Double) -> Int { Int((TransferFunction.sRGB.encode(min(max(linear, 0), 1)) * 255).rounded()) }

        @Test(
            "cICP 1/4 (BT.709, gamma 2.2, as avifdec and video tools write it): mid-gray 128 converts to sRGB 129 as the curve says, not 156 (read as gAMA or sRGB)"
        )
        func gamma22() throws {
            let gray = 128 * 257
            let image = try PNG.decode(
                try Self.png([gray, gray, gray, 0, 0, 0, 65535, 65535, 65535], cicp: [1, 4, 0, 1]), path: "g22.png")
            #expect(image.colorSource == .cicp(primaries: 1, transfer: 4) && image.warnings.isEmpty && image.profile.name == "PNG cICP 1/4")
            let shown = try image.converted(to: .sRGB, bitDepth: 8)
            let expected = Self.sRGB8(linear: pow(128.0 / 255, 2.2))
            #expect(expected == 129)
            #expect(FormatFixtures.values(shown.pixels) == [expected, expected, expected, 0, 0, 0, 255, 255, 255])
        }

        @Test(
            "cICP transfers GamutKit supports, BT.2020 primaries: each gray converts to sRGB as its curve says; PQ and HLG by BT.2408 with a warning",
            arguments: [(13, 0), (8, 0), (4, 0), (5, 0), (1, 1), (16, 1), (18, 1)])
        func transfers(transfer: Int, warnings: Int) throws {
            let signals = [0.1, 0.3, 0.5, 0.58, 0.75, 0.9]
            let samples = signals.flatMap { s in Array(repeating: Int((s * 65535).rounded()), count: 3) }
            let image = try PNG.decode(try Self.png(samples, cicp: [9, UInt8(transfer), 0, 1]), path: "t.png")
            #expect(image.colorSource == .cicp(primaries: 9, transfer: transfer) && image.warnings.count == warnings, "\(image.warnings)")
            #expect(image.profile.name == "PNG cICP 9/\(transfer == 1 ? 13 : transfer)")
            let curve: (Double) -> Double =
                switch transfer {
                case 8: { $0 }
                case 4: { pow($0, 2.2) }
                case 5: { pow($0, 2.8) }
                case 16: { min(HDRRendition.pqLuminance($0) / 203, 1) }
                case 18: { min(HDRRendition.hlgLuminance($0) / 203, 1) }
                default: { TransferFunction.sRGB.linearize($0) }
                }
            // A neutral gray keeps R = G = B through BT.2020 → sRGB (both D65), so each channel is the curve's value.
            let shown = FormatFixtures.values(try image.converted(to: .sRGB, bitDepth: 8).pixels)
            for (i, signal) in signals.enumerated() {
                let expected = Self.sRGB8(linear: curve(Double(samples[i * 3]) / 65535))
                #expect(shown[i * 3...i * 3 + 2].allSatisfy { abs($0 - expected) <= 1 }, "signal \(signal): \(shown[i * 3]) vs \(expected)")
            }
            if transfer == 16 { #expect(image.warnings[0].contains("SDR rendition") && shown[12] == 255) }  // 0.75: 1,000 cd/m²
        }

        @Test(
            "H.273 table 2's primaries: BT.2020's green is far outside sRGB, BT.601 525's red close to BT.709's; unknown code points read as sRGB's with a warning"
        )
        func primaries() throws {
            let green = [0, 65535, 0]
            let bt2020 = try PNG.decode(try Self.png(green, cicp: [9, 8, 0, 1]), path: "2020.png")
            let linear = try ColorTransform(from: bt2020.profile, format: .rgb16, to: .linearSRGB, format: .rgbFloat).convert(samples: [
                0, 65535, 0,
            ])
            #expect(linear[0] < -0.5 && linear[1] > 1.1, "\(linear)")
            #expect(H273Resolver.primaries(9)?.green == Chromaticity(x: 0.170, y: 0.797))
            #expect(H273Resolver.primaries(6)?.red == Chromaticity(x: 0.630, y: 0.340))
            #expect(H273Resolver.primaries(12) == .displayP3 && H273Resolver.primaries(1) == .sRGB && H273Resolver.primaries(3) == nil)
            let unknown = try PNG.decode(try Self.png(green, cicp: [3, 13, 0, 1]), path: "3.png")
            #expect(unknown.warnings == ["PNG cICP colour primaries 3 are unknown; read as sRGB's"])
            // PNG holds full-range RGB: a YCbCr matrix or narrow range isn't a PNG's cICP, so it is ignored (untagged here).
            let narrow = try PNG.decode(try Self.png(green, cicp: [9, 16, 0, 0]), path: "narrow.png")
            #expect(narrow.colorSource == .untagged && narrow.warnings.count == 1 && narrow.warnings[0].contains("narrow-range"))
        }

        #if HEIF && os(Linux)
            @Test(
                "avifenc's 10-bit PQ and HLG AVIFs (BT.2020): BT.2020 primaries kept, the SDR rendition's warning, samples as heif-convert decodes them",
                arguments: [16, 18])
            func hdrAVIF(transfer: Int) throws {
                guard ExternalTool.available("avifenc", "heif-convert") else { return }
                let folder = PNGFixtures.temporaryDirectory
                let gray = (0..<64).flatMap { [$0 * 1040, $0 * 1040, $0 * 1040] }
                let input = try ExternalTool.write(
                    try LibPNG.encode(.init(width: 64, height: 1, layout: .rgb, depth: 16, samples: gray)), "gray.png", in: folder)
                let path = folder + "/hdr.avif"
                try ExternalTool.run(
                    "avifenc", ["-d", "10", "-y", "444", "--cicp", "9/\(transfer)/9", "--min", "0", "--max", "0", input, path])
                let image = try HEIF.read(contentsOf: path)
                #expect(image.colorSource == .nclx(primaries: 9, transfer: transfer) && image.profile.name == "HEIF nclx 9/\(transfer)")
                #expect(image.warnings.count == 1 && image.warnings[0].contains("analyzed as its SDR rendition"), "\(image.warnings)")
                let reference = try HEIFTests.heifConvert(path)
                let values = reference.samples.map { $0 >> 6 }
                #expect(FormatFixtures.values(image.pixels) == values.map { ($0 * 65535 + 511) / 1023 })
                // The brightest grays are past reference white: shown as SDR white.
                let shown = FormatFixtures.values(try image.converted(to: .sRGB, bitDepth: 8).pixels)
                #expect(shown.suffix(3) == [255, 255, 255] && shown.prefix(3) == [0, 0, 0])
            }
        #endif
    #endif
}

/// Gain maps (the image that turns a base image into its HDR rendition): reported, with the base image read as usual.
/// The JPEGs are cjpeg's, with the gain map's signalling added: Ultra HDR's hdrgm XMP written by exiftool, ISO 21496-1's
/// APP2 marker, and Apple's MPF index with the gain map image's type after the primary image.
@Suite("Gain maps: reported, the base image read")
struct GainMapTests {
    static func plain(in folder: String) throws -> String {
        let ppm = folder + "/source.ppm"
        try ExternalTool.run("convert", ["-size", "32x16", "gradient:red-blue", "-depth", "8", "-type", "TrueColor", ppm])
        return try ExternalTool.write(try ExternalTool.run("cjpeg", ["-quality", "90", ppm]), "plain.jpg", in: folder)
    }

    #if JPEG && os(Linux)
        @Test(
            "Ultra HDR's hdrgm XMP (written by exiftool), ISO 21496-1's APP2 and Apple's MPF-indexed gain map: one warning each, the same pixels"
        )
        func jpeg() throws {
            guard ExternalTool.available("convert", "cjpeg", "exiftool") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let plainPath = try Self.plain(in: folder)
            let plain = try JPEG.read(contentsOf: plainPath)
            #expect(plain.warnings.isEmpty)

            let xmp = try ExternalTool.write(
                Array(
                    """
                    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">                <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0"/>                </rdf:RDF></x:xmpmeta>
                    """.utf8), "gainmap.xmp", in: folder)
            let ultra = folder + "/ultra.jpg"
            try ExternalTool.run("exiftool", ["-q", "-xmp<=\(xmp)", "-o", ultra, plainPath])

            let (segments, rest) = try JPEGTIFFFixtures.segments(try ExternalTool.read(plainPath))
            let iso = JPEGTIFFFixtures.jpeg([(0xE2, Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0, 0, 0, 0, 0])] + segments, rest: rest)
            let mpf = JPEGTIFFFixtures.jpeg([(0xE2, Array("MPF".utf8) + [0] + Array(repeating: 0, count: 16))] + segments, rest: rest)
            let apple = mpf + (try ExternalTool.read(plainPath)) + Array(GainMap.appleAuxiliaryType.utf8)

            for (name, bytes, kind) in [
                ("ultra.jpg", try ExternalTool.read(ultra), "an Ultra HDR gain map (hdrgm XMP)"),
                ("iso.jpg", iso, "an ISO 21496-1 gain map"), ("apple.jpg", apple, "Apple's HDR gain map"),
            ] {
                let image = try JPEG.decode(bytes, path: name)
                #expect(image.warnings == [GainMap.warning(kind)], "\(name): \(image.warnings)")
                #expect(image.pixels == plain.pixels, "\(name)")
            }
            // An MPF index alone (a multi-picture file without a gain map) says nothing.
            #expect(try JPEG.decode(mpf, path: "mpf.jpg").warnings.isEmpty)
        }
    #endif

    #if HEIF && os(Linux)
        @Test("HEIF: an infe box of item type tmap (ISO 21496-1) is found in version 2 and 3 boxes; heif-enc's own files have none")
        func toneMapItem() throws {
            func infe(version: UInt8, type: String) -> [UInt8] {
                let id: [UInt8] = version == 2 ? [0, 2] : [0, 0, 0, 2]
                let body = [version, 0, 0, 0] + id + [0, 0] + Array(type.utf8) + [0]
                return [0, 0, 0, UInt8(8 + body.count)] + Array("infe".utf8) + body
            }
            for (bytes, expected) in [
                (infe(version: 2, type: "tmap"), true), (infe(version: 3, type: "tmap"), true), (infe(version: 2, type: "hvc1"), false),
            ] {
                let file = Array("....ftypheic".utf8) + Array(repeating: 0, count: 20) + bytes + Array(repeating: 0, count: 20)
                #expect(file.withUnsafeBytes { HEIFDecoder.hasToneMapItem($0) } == expected)
            }
            guard ExternalTool.available("heif-enc") else { return }
            let path = try HEIFTests.make("plain.heic", ["-q", "80"])
            #expect(try HEIF.read(contentsOf: path).warnings.isEmpty)
        }
    #endif
}
