// The codec is built by the package trait TIFF, on Linux.
#if TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// TIFF files ImageMagick and libtiff's `tiffcp` wrote, read by GamutKit and compared with the samples they were made
    /// from (lossless), and what GamutKit writes read back by ImageMagick and `tiffinfo`. Skipped where the tools are
    /// missing, unless GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
    @Suite("TIFF: files ImageMagick and tiffcp wrote, read sample for sample")
    struct TIFFTests {
        static let (width, height) = (JPEGTIFFFixtures.width, JPEGTIFFFixtures.height)
        static let ramp16 = FormatFixtures.ramp(width: width, height: height, depth: 16, alpha: true)
        static let ramp8 = FormatFixtures.ramp(width: width, height: height, depth: 8, alpha: true)

        /// The ramp's samples at `depth`, RGBA or RGB.
        static func source(depth: Int, alpha: Bool) -> [Int] {
            let rgba = depth == 16 ? ramp16 : ramp8
            return alpha ? rgba : rgba.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
        }

        /// A Display P3 PNG of the ramp written by libpng, then `convert png arguments out.tif`; returns the TIFF's path.
        static func magick(depth: Int, alpha: Bool, _ arguments: [String], folder: String = PNGFixtures.temporaryDirectory) throws -> String
        {
            let png = try LibPNG.encode(
                .init(
                    width: width, height: height, layout: alpha ? .rgba : .rgb, depth: depth,
                    samples: source(depth: depth, alpha: alpha), iccp: FormatFixtures.p3))
            let input = try ExternalTool.write(png, "p3.png", in: folder)
            let output = folder + "/p3.tif"
            try ExternalTool.run("convert", [input, "-depth", "\(depth)"] + arguments + [output])
            return output
        }

        static func header(_ path: String) throws -> TIFFHeader {
            try ExternalTool.read(path).withUnsafeBytes { buffer in
                try TIFFReader(buffer, maximumAllocation: 0, path: nil).header(maximumProfileSize: 1 << 24)
            }
        }

        @Test(
            "ImageMagick's TIFFs, every depth, alpha, compression and planar layout: the source samples exactly, the P3 profile from tag 34675",
            arguments: [
                (16, false, "None", false), (16, true, "LZW", false), (16, false, "Zip", true), (16, true, "RLE", true),
                (16, true, "Zip -define tiff:tile-geometry=32x16", true),
                (8, false, "LZW", true), (8, true, "Zip", false), (8, false, "RLE", false),
            ])
        func lossless(depth: Int, alpha: Bool, compression: String, planar: Bool) throws {
            guard ExternalTool.available("convert") else { return }
            let parts = compression.split(separator: " ").map(String.init)
            let path = try Self.magick(depth: depth, alpha: alpha, ["-compress"] + parts + (planar ? ["-interlace", "plane"] : []))
            let header = try Self.header(path)
            let code = ["None": 1, "LZW": 5, "Zip": 8, "RLE": 32773][parts[0]]
            #expect(header.compression == code && header.planar == planar && header.bitsPerSample == depth)
            #expect(parts.count == 1 || header.tiled)
            let image = try TIFF.read(contentsOf: path)
            #expect(image.pixels.format == PixelFormat(alpha ? .rgba : .rgb, depth == 16 ? .uint16 : .uint8) && image.fileBitDepth == depth)
            #expect(image.profile.data == ColorProfile.displayP3.data && image.colorSource == .iccp(name: "Display P3"))
            #expect(image.warnings.isEmpty)
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), Self.source(depth: depth, alpha: alpha)) == nil)
        }

        @Test(
            "tiffcp re-layouts (Deflate tiles of 32×16 with predictor, LZW strips of 5 rows, planar Deflate strips of 7, PackBits tiles): the same samples",
            arguments: [
                (["-t", "-w", "32", "-l", "16", "-c", "zip:2"], false), (["-r", "5", "-c", "lzw:2"], false),
                (["-r", "7", "-c", "zip"], true), (["-t", "-w", "16", "-l", "16", "-c", "packbits"], false),
            ])
        func tiffcp(arguments: [String], planar: Bool) throws {
            guard ExternalTool.available("convert", "tiffcp") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let input = try Self.magick(
                depth: 16, alpha: true, ["-compress", "None"] + (planar ? ["-interlace", "plane"] : []), folder: folder)
            let output = folder + "/copied.tif"
            try ExternalTool.run("tiffcp", arguments + [input, output])
            let header = try Self.header(output)
            #expect(header.planar == planar && (arguments.contains("-t") ? header.compression != 1 : true))
            let image = try TIFF.read(contentsOf: output)
            #expect(image.pixels.format == .rgba16 && image.profile.name == "Display P3")
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), Self.source(depth: 16, alpha: true)) == nil)
        }

        @Test(
            "32-bit float (LZW and Deflate with the floating-point predictor): .float32 samples within 1e-6 of the source; converted to 16-bit through the same profile for analysis",
            arguments: [["-compress", "LZW", "-define", "tiff:predictor=3"], ["-compress", "Zip", "-define", "tiff:predictor=3"]])
        func float(arguments: [String]) throws {
            guard ExternalTool.available("convert") else { return }
            let path = try Self.magick(depth: 16, alpha: false, ["-define", "quantum:format=floating-point", "-depth", "32"] + arguments)
            let image = try TIFF.read(contentsOf: path)
            #expect(image.pixels.format == .rgbFloat && image.fileBitDepth == 32 && image.profile.name == "Display P3")
            let source = Self.source(depth: 16, alpha: false).map { Float($0) / 65535 }
            let worst = zip(image.pixels.samplesFloat, source).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < 1e-6, "largest difference \(worst)")
            let sixteen = try image.converted(to: image.profile, bitDepth: 16)
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(sixteen.pixels), Self.source(depth: 16, alpha: false)) == nil)
        }

        @Test("Gray: min-is-black and min-is-white read as the same samples; associated alpha is un-premultiplied within 2 codes")
        func grayAndAssociatedAlpha() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let gray = Self.source(depth: 16, alpha: false).enumerated().filter { $0.offset % 3 == 1 }.map(\.element)
            let png = try ExternalTool.write(
                try LibPNG.encode(.init(width: Self.width, height: Self.height, layout: .gray, depth: 16, samples: gray)),
                "gray.png", in: folder)
            // ImageMagick writes min-is-black; the min-is-white file is the same with every sample inverted and tag 262 set to 0.
            let path = folder + "/gray.tif"
            try ExternalTool.run("convert", [png, "-compress", "None", path])
            let blackIsZero = try ExternalTool.read(path)
            let (little, entries) = TIFFPatch.entries(blackIsZero)
            let offset = try #require(entries.first { $0.tag == 273 && $0.count == 1 }).value
            var whiteIsZero = blackIsZero
            for i in offset..<offset + gray.count * 2 { whiteIsZero[i] = ~whiteIsZero[i] }
            TIFFPatch.put16(&whiteIsZero, try #require(entries.first { $0.tag == 262 }).offset + 8, 0, little)
            for (name, bytes) in [("min-is-black", blackIsZero), ("min-is-white", whiteIsZero)] {
                let image = try TIFF.decode(bytes, path: name)
                #expect(image.pixels.format == .gray16 && image.colorSource == .untagged)
                #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), gray) == nil, "\(name)")
            }
            let associated = try Self.magick(depth: 8, alpha: true, ["-define", "tiff:alpha=associated"])
            #expect(try Self.header(associated).firstExtra == 1)
            let image = try TIFF.read(contentsOf: associated)
            let worst = zip(FormatFixtures.values(image.pixels), Self.source(depth: 8, alpha: true)).map { abs($0 - $1) }.max() ?? .max
            #expect(worst <= 2, "largest difference \(worst) codes")
        }

        @Test("A multi-page TIFF reads its first page, with a warning about the others")
        func multiPage() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let first = try Self.magick(depth: 8, alpha: false, ["-compress", "None"], folder: folder)
            let path = folder + "/pages.tif"
            try ExternalTool.run("convert", [first, first, "-compress", "None", path])
            let image = try TIFF.read(contentsOf: path)
            #expect(
                image.warnings == ["multi-page TIFF: only the first image was processed, the other pages were not checked or converted"])
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), Self.source(depth: 8, alpha: false)) == nil)
        }

        @Test(
            "Done when: a 16-bit P3 TIFF from ImageMagick gives exactly the out-of-gamut findings of the same pixels as a 16-bit PNG, and converts to sRGB within 2 codes of LittleCMS"
        )
        func sameFindingsAsPNG() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let tiff = try Self.magick(depth: 16, alpha: true, ["-compress", "LZW"], folder: folder)
            let png = try ExternalTool.write(
                try LibPNG.encode(
                    .init(
                        width: Self.width, height: Self.height, layout: .rgba, depth: 16,
                        samples: Self.source(depth: 16, alpha: true), iccp: FormatFixtures.p3)),
                "same.png", in: folder)
            let report = try AssetChecker.check(files: [tiff, png])
            let fromTIFF = try #require(report.files.first { $0.path == tiff }?.analysis)
            let fromPNG = try #require(report.files.first { $0.path == png }?.analysis)
            #expect(fromPNG.outOfGamutPixels > Self.width * Self.height / 4)
            #expect(fromTIFF.countedPixels == fromPNG.countedPixels && fromTIFF.outOfGamutPixels == fromPNG.outOfGamutPixels)
            #expect(fromTIFF.visiblyClippedPixels == fromPNG.visiblyClippedPixels && fromTIFF.maxDeltaE == fromPNG.maxDeltaE)
            #expect(try FormatFixtures.conversionDifference(TIFF.read(contentsOf: tiff)) <= 2)
        }
    }

    /// What GamutKit's TIFF encoder writes, read by ImageMagick and tiffinfo.
    @Suite("TIFFs GamutKit writes, read by ImageMagick and tiffinfo")
    struct TIFFWriterTests {
        @Test(
            "16-bit RGBA with each compression: ImageMagick reads the samples exactly (big-endian raw) and the P3 profile; tiffinfo names the compression",
            arguments: TIFF.Compression.allCases)
        func rgba16(compression: TIFF.Compression) throws {
            guard ExternalTool.available("convert", "tiffinfo") else { return }
            let source = TIFFTests.source(depth: 16, alpha: true)
            let image = Image(
                pixels: try PixelBuffer(
                    width: TIFFTests.width, height: TIFFTests.height, layout: .rgba, samples: source.map { UInt16($0) }),
                profile: .displayP3)
            let path = PNGFixtures.temporaryDirectory + "/out.tif"
            try TIFF.write(image, to: path, options: .init(compression: compression))
            #expect(try JPEGTIFFFixtures.magickSamples(path, map: "rgba", depth: 16) == source)
            #expect(try JPEGTIFFFixtures.magickProfile(path) == ColorProfile.displayP3.data)
            let info = String(decoding: try ExternalTool.run("tiffinfo", [path]), as: UTF8.self)
            let scheme = ["none": "None", "lzw": "LZW", "deflate": "AdobeDeflate", "packbits": "PackBits"][compression.rawValue]!
            #expect(
                info.contains("Compression Scheme: \(scheme)")
                    && info.contains("ICC Profile: <present>, \(ColorProfile.displayP3.data.count) bytes"),
                "\(info)")
            #expect(try TIFF.read(contentsOf: path).pixels == image.pixels)
        }

        @Test("8-bit gray and float RGB: ImageMagick reads them as written")
        func grayAndFloat() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let gray = (0..<TIFFTests.width * TIFFTests.height).map { UInt8($0 % 251) }
            try TIFF.write(
                Image(
                    pixels: try PixelBuffer(width: TIFFTests.width, height: TIFFTests.height, layout: .gray, samples: gray),
                    profile: .graySRGB), to: folder + "/gray.tif")
            #expect(try JPEGTIFFFixtures.magickSamples(folder + "/gray.tif", map: "gray", depth: 8) == gray.map(Int.init))
            let floats = TIFFTests.source(depth: 16, alpha: false).map { Float($0) / 65535 }
            let image = Image(
                pixels: try PixelBuffer(width: TIFFTests.width, height: TIFFTests.height, layout: .rgb, samples: floats),
                profile: .displayP3)
            try TIFF.write(image, to: folder + "/float.tif", options: .init(compression: .lzw))
            #expect(
                try JPEGTIFFFixtures.magickSamples(folder + "/float.tif", map: "rgb", depth: 16)
                    == TIFFTests.source(depth: 16, alpha: false))
            #expect(try TIFF.read(contentsOf: folder + "/float.tif").pixels == image.pixels)
        }
    }
#endif
