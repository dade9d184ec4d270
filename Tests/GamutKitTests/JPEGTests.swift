// The codec is built by the package trait JPEG, on Linux.
#if JPEG && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// JPEG files other encoders wrote (libjpeg-turbo's `cjpeg`, ImageMagick), read by GamutKit and compared with `djpeg`
    /// and ImageMagick, and what GamutKit writes read back by them. Skipped where the tools are missing, unless
    /// GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
    @Suite("JPEG: files cjpeg and ImageMagick wrote, read as djpeg reads them")
    struct JPEGTests {
        typealias F = JPEGTIFFFixtures

        /// `cjpeg arguments` applied to the 8-bit ramp (or its gray version); returns the JPEG's path.
        static func cjpeg(
            _ arguments: [String], gray: Bool = false, icc: [UInt8]? = ColorProfile.displayP3.data,
            folder: String = PNGFixtures.temporaryDirectory
        ) throws -> String {
            let samples = gray ? stride(from: 0, to: F.ramp8.count, by: 3).map { F.ramp8[$0 + 1] } : F.ramp8
            let input = try ExternalTool.write(F.pnm(samples, channels: gray ? 1 : 3), "ramp.pnm", in: folder)
            var options = arguments
            if let icc { options += ["-icc", try ExternalTool.write(icc, "profile.icc", in: folder)] }
            let output = folder + "/ramp.jpg"
            try ExternalTool.run("cjpeg", options + ["-outfile", output, input])
            return output
        }

        /// djpeg's decoding (PPM or PGM).
        static func djpeg(_ path: String) throws -> [Int] {
            let pnm = try F.readPNM(try ExternalTool.run("djpeg", ["-pnm", path]))
            #expect(pnm.width == F.width && pnm.height == F.height)
            return pnm.samples
        }

        @Test("cjpeg -icc: RGB as djpeg decodes it, sample for sample, the profile from APP2, within 12 codes of the source")
        func rgb() throws {
            guard ExternalTool.available("cjpeg", "djpeg") else { return }
            let path = try Self.cjpeg(["-quality", "92"])
            let image = try JPEG.read(contentsOf: path)
            #expect(image.pixels.format == .rgb8 && image.width == F.width && image.height == F.height && image.fileBitDepth == 8)
            #expect(image.profile.data == ColorProfile.displayP3.data && image.colorSource == .iccp(name: "Display P3"))
            #expect(image.warnings.isEmpty)
            let samples = FormatFixtures.values(image.pixels)
            #expect(samples == (try Self.djpeg(path)))
            let worst = zip(samples, F.ramp8).map { abs($0 - $1) }.max() ?? .max
            #expect(worst > 0 && worst <= 12, "largest difference from the source \(worst) codes")
        }

        @Test(
            "The coding kinds libjpeg-turbo's own tests cover, written by cjpeg: as djpeg decodes them, sample for sample",
            arguments: [
                ["-progressive"], ["-sample", "2x2"], ["-sample", "2x1"], ["-sample", "1x2"], ["-restart", "1"], ["-arithmetic"],
                ["-optimize"], ["-quality", "100"], ["-quality", "5"], ["-progressive", "-arithmetic", "-sample", "2x2"],
            ])
        func codingKinds(arguments: [String]) throws {
            guard ExternalTool.available("cjpeg", "djpeg") else { return }
            let path = try Self.cjpeg(arguments)
            let image = try JPEG.read(contentsOf: path)
            #expect(image.pixels.format == .rgb8 && image.warnings.isEmpty && image.profile.name == "Display P3")
            #expect(F.difference(FormatFixtures.values(image.pixels), try Self.djpeg(path)) == nil)
        }

        @Test("cjpeg -grayscale, untagged: gray as djpeg decodes it, sRGB gray and marked untagged")
        func gray() throws {
            guard ExternalTool.available("cjpeg", "djpeg") else { return }
            let path = try Self.cjpeg(["-grayscale"], gray: true, icc: nil)
            let image = try JPEG.read(contentsOf: path)
            #expect(image.pixels.format == .gray8 && image.colorSource == .untagged && image.profile.data == ColorProfile.graySRGB.data)
            #expect(FormatFixtures.values(image.pixels) == (try Self.djpeg(path)))
        }

        @Test("cjpeg -rgb writes an Adobe APP14 marker with transform 0 (no YCbCr): honored, RGB as djpeg decodes it")
        func adobeRGB() throws {
            guard ExternalTool.available("cjpeg", "djpeg") else { return }
            let path = try Self.cjpeg(["-rgb", "-quality", "95"])
            let bytes = try ExternalTool.read(path)
            let header = try bytes.withUnsafeBytes { buffer in try JPEGDecompressor(buffer, path: nil).header() }
            #expect(header.sawAdobe && header.adobeTransform == 0 && header.space == .rgb)
            let image = try JPEG.decode(bytes)
            #expect(FormatFixtures.values(image.pixels) == (try Self.djpeg(path)))
            #expect(zip(FormatFixtures.values(image.pixels), F.ramp8).allSatisfy { abs($0 - $1) <= 12 })
        }

        @Test("A 150 KB profile split by cjpeg over 3 APP2 segments is reassembled in sequence order, whatever order the segments are in")
        func multiSegmentProfile() throws {
            guard ExternalTool.available("cjpeg", "convert") else { return }
            let profile = F.paddedP3(size: 150_000)
            let path = try Self.cjpeg([], icc: profile)
            let bytes = try ExternalTool.read(path)
            var (segments, rest) = try F.segments(bytes)
            let icc = F.iccSegments(segments)
            #expect(icc.count == 3 && icc.map { segments[$0].payload[12] } == [1, 2, 3])
            let image = try JPEG.decode(bytes)
            #expect(image.profile.data == profile && image.profile.name == "Display P3")
            #expect(try F.magickProfile(path) == profile)
            // Segments 3, 1, 2 in the file: the same profile.
            let reordered = [segments[icc[2]], segments[icc[0]], segments[icc[1]]]
            for (slot, segment) in zip(icc, reordered) { segments[slot] = segment }
            #expect(try JPEG.decode(F.jpeg(segments, rest: rest)).profile.data == profile)
        }

        @Test(
            "Broken APP2 segments (one missing, one repeated, counts that disagree, a number out of range, too short) are .invalidProfile naming the file"
        )
        func brokenProfileSegments() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let (segments, rest) = try F.segments(try ExternalTool.read(try Self.cjpeg([], icc: F.paddedP3(size: 150_000))))
            let icc = F.iccSegments(segments)
            func variant(_ change: (inout [(marker: UInt8, payload: [UInt8])]) -> Void) -> [UInt8] {
                var copy = segments
                change(&copy)
                return F.jpeg(copy, rest: rest)
            }
            let cases: [(String, [UInt8])] = [
                ("2 is missing", variant { $0.remove(at: icc[1]) }),
                ("segment 1 of 3 appears twice", variant { $0[icc[1]] = $0[icc[0]] }),
                ("disagree on their count (3 and 4)", variant { $0[icc[1]].payload[13] = 4 }),
                ("number 0 of 3", variant { $0[icc[0]].payload[12] = 0 }),
                ("no sequence number and count", variant { $0[icc[2]].payload = JPEGMarkers.iccSignature }),
            ]
            for (expected, bytes) in cases {
                let error = try #require(decodingError { () throws(GamutError) in try JPEG.decode(bytes, path: "broken.jpg") })
                #expect(error.code == .invalidProfile && error.path == "broken.jpg" && error.message.contains(expected), "\(error)")
            }
        }

        @Test(
            "An ImageMagick CMYK JPEG (Adobe APP14, inverted samples, ghostscript's 187 KB CMYK profile) converts through its profile as LittleCMS converts ImageMagick's samples"
        )
        func cmyk() throws {
            let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
            guard ExternalTool.available("convert"), FileManager.default.fileExists(atPath: cmykProfile) else { return }
            let folder = PNGFixtures.temporaryDirectory
            let png = try ExternalTool.write(
                try LibPNG.encode(
                    .init(
                        width: F.width, height: F.height, layout: .rgb, depth: 8,
                        samples: F.ramp8, iccp: FormatFixtures.p3)), "p3.png", in: folder)
            let path = folder + "/cmyk.jpg"
            try ExternalTool.run("convert", [png, "-profile", cmykProfile, "-quality", "95", path])
            let bytes = try ExternalTool.read(path)
            let header = try bytes.withUnsafeBytes { buffer in try JPEGDecompressor(buffer, path: nil).header() }
            #expect(header.sawAdobe && header.components == 4)
            let image = try JPEG.decode(bytes, path: path)
            #expect(image.pixels.format == .rgb16 && image.profile.data == ColorProfile.adobeRGB.data && image.fileBitDepth == 8)
            #expect(image.warnings.count == 1 && image.warnings[0].contains("CMYK converted through the embedded profile"))
            // ImageMagick's CMYK samples (0 = no ink), converted by LittleCMS the same way: the same pixels.
            let profile = try ColorProfile(contentsOf: cmykProfile)
            let samples = try F.magickSamples(path, map: "cmyk", depth: 8)
            let expected = try ColorTransform(from: profile, format: .cmyk8, to: .adobeRGB, format: .rgb16)
                .convert(try PixelBuffer(width: F.width, height: F.height, layout: .cmyk, samples: samples.map { UInt8($0) }))
            #expect(image.pixels == expected)
            // Without its profile the file is refused.
            let stripped = folder + "/untagged.jpg"
            try ExternalTool.run("convert", [path, "-strip", stripped])
            let error = try #require(decodingError { () throws(GamutError) in try JPEG.read(contentsOf: stripped) })
            #expect(
                error.code == .unsupportedImage && error.path == stripped
                    && error.message.contains("CMYK JPEG without an embedded ICC profile")
            )
        }

        @Test(
            "EXIF orientation 6 in a big- or little-endian APP1: pixels turned 90° clockwise, no warning; orientation 1 leaves them",
            arguments: [true, false])
        func orientation(littleEndian: Bool) throws {
            guard ExternalTool.available("cjpeg") else { return }
            let plain = try ExternalTool.read(try Self.cjpeg([]))
            var (segments, rest) = try F.segments(plain)
            segments.insert((0xE1, F.exif(orientation: 6, littleEndian: littleEndian)), at: 0)
            let image = try JPEG.decode(F.jpeg(segments, rest: rest))
            let stored = try JPEG.decode(plain).pixels
            #expect(image.warnings.isEmpty && image.orientation == .up && (image.width, image.height) == (stored.height, stored.width))
            // Stored (x, y) is shown at (height − 1 − y, x).
            for (x, y) in [(0, 0), (5, 3), (stored.width - 1, stored.height - 1)] {
                for c in 0..<3 {
                    #expect(image.pixels.integer(x: stored.height - 1 - y, y: x, channel: c) == stored.integer(x: x, y: y, channel: c))
                }
            }
            segments[0].payload = F.exif(orientation: 1, littleEndian: littleEndian)
            let upright = try JPEG.decode(F.jpeg(segments, rest: rest))
            #expect(upright.warnings.isEmpty && upright.pixels == stored)
        }

        @Test(
            "Done when: a P3 JPEG ImageMagick made from a 16-bit PNG gives the out-of-gamut findings of that PNG within 5% of pixels, and converts to sRGB within 2 codes of LittleCMS",
            arguments: [["-quality", "92"], ["-quality", "75", "-sampling-factor", "2x2"]])
        func sameFindingsAsPNG(arguments: [String]) throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let source = FormatFixtures.ramp(width: F.width, height: F.height, depth: 16, alpha: false)
            let png = try ExternalTool.write(
                try LibPNG.encode(
                    .init(
                        width: F.width, height: F.height, layout: .rgb, depth: 16, samples: source,
                        iccp: FormatFixtures.p3)), "p3.png", in: folder)
            let jpeg = folder + "/p3.jpg"
            try ExternalTool.run("convert", [png] + arguments + [jpeg])
            let report = try AssetChecker.check(files: [jpeg, png])
            let fromJPEG = try #require(report.files.first { $0.path == jpeg }?.analysis)
            let fromPNG = try #require(report.files.first { $0.path == png }?.analysis)
            let pixels = F.width * F.height
            #expect(fromPNG.outOfGamutPixels > pixels / 4 && fromJPEG.countedPixels == fromPNG.countedPixels)
            #expect(
                abs(fromJPEG.outOfGamutPixels - fromPNG.outOfGamutPixels) * 20 <= pixels,
                "out of gamut: \(fromJPEG.outOfGamutPixels) from JPEG, \(fromPNG.outOfGamutPixels) from PNG, of \(pixels)")
            #expect(
                abs(fromJPEG.visiblyClippedPixels - fromPNG.visiblyClippedPixels) * 20 <= pixels,
                "visibly clipped: \(fromJPEG.visiblyClippedPixels) from JPEG, \(fromPNG.visiblyClippedPixels) from PNG")
            let image = try JPEG.read(contentsOf: jpeg)
            #expect(image.profile.data == ColorProfile.displayP3.data)
            let worst = try FormatFixtures.conversionDifference(image)
            #expect(worst <= 2, "largest difference \(worst) codes")
        }

        @Test("The format is chosen from the content: a JPEG named .png reads through ImageFile as JPEG")
        func sniffed() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let path = try Self.cjpeg([])
            let misnamed = path.replacingOccurrences(of: ".jpg", with: "-really-jpeg.png")
            try FileManager.default.moveItem(atPath: path, toPath: misnamed)
            let image = try ImageFile.read(contentsOf: misnamed)
            #expect(image.profile.name == "Display P3" && image.pixels.format == .rgb8)
        }
    }

    /// What GamutKit's JPEG encoder writes, decoded by djpeg and ImageMagick.
    @Suite("JPEGs GamutKit writes, read by djpeg and ImageMagick")
    struct JPEGWriterTests {
        typealias F = JPEGTIFFFixtures

        static func image(layout: PixelFormat.Layout = .rgb, profile: ColorProfile = .displayP3) throws -> Image {
            let samples =
                layout == .gray ? stride(from: 0, to: F.ramp8.count, by: 3).map { UInt8(F.ramp8[$0 + 1]) } : F.ramp8.map { UInt8($0) }
            return Image(pixels: try PixelBuffer(width: F.width, height: F.height, layout: layout, samples: samples), profile: profile)
        }

        @Test(
            "Quality 95, 4:4:4: djpeg and ImageMagick decode what GamutKit decodes, within 6 codes of the source; the profile reads back in ImageMagick"
        )
        func rgb() throws {
            guard ExternalTool.available("djpeg", "convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let path = folder + "/out.jpg"
            try JPEG.write(try Self.image(), to: path, options: .init(quality: 95))
            let decoded = FormatFixtures.values(try JPEG.read(contentsOf: path).pixels)
            #expect(decoded == (try JPEGTests.djpeg(path)))
            #expect(decoded == (try F.magickSamples(path, map: "rgb", depth: 8)))
            let worst = zip(decoded, F.ramp8).map { abs($0 - $1) }.max() ?? .max
            #expect(worst <= 6, "largest difference from the source \(worst) codes")  // 3 measured
            #expect(try F.magickProfile(path) == ColorProfile.displayP3.data)
        }

        @Test("A 150 KB profile is split over 3 APP2 segments that ImageMagick reassembles; lower quality gives a smaller file")
        func bigProfileAndQuality() throws {
            guard ExternalTool.available("convert") else { return }
            let profile = try ColorProfile(data: F.paddedP3(size: 150_000))
            var image = try Self.image()
            image.profile = profile
            let bytes = try JPEG.encode(image, options: .init(quality: 90))
            let segments = try F.segments(bytes).segments
            #expect(F.iccSegments(segments).map { segments[$0].payload[12..<14] } == [[1, 3], [2, 3], [3, 3]])
            let path = try ExternalTool.write(bytes, "big.jpg", in: PNGFixtures.temporaryDirectory)
            #expect(try F.magickProfile(path) == profile.data)
            #expect(try JPEG.encode(image, options: .init(quality: 40)).count < bytes.count)
        }

        @Test("Gray, 16-bit (rounded to 8) and opaque RGBA encode; translucent alpha, CMYK and float are refused")
        func layouts() throws {
            guard ExternalTool.available("djpeg") else { return }
            let gray = try JPEG.encode(try Self.image(layout: .gray, profile: .graySRGB))
            let path = try ExternalTool.write(gray, "gray.jpg", in: PNGFixtures.temporaryDirectory)
            #expect(try JPEG.decode(gray).pixels.format == .gray8)
            #expect(
                FormatFixtures.values(try JPEG.decode(gray).pixels)
                    == (try F.readPNM(try ExternalTool.run("djpeg", ["-pnm", path]))).samples)

            let wide = try PixelBuffer(
                width: 2, height: 1, layout: .rgba, samples: [65535, 32896, 0, 65535, 257, 128, 129, 65535] as [UInt16])
            let decoded = try JPEG.decode(try JPEG.encode(Image(pixels: wide, profile: .sRGB), options: .init(quality: 100)))
            #expect(decoded.pixels.format == .rgb8)
            #expect(zip(FormatFixtures.values(decoded.pixels), [255, 128, 0, 1, 0, 1]).allSatisfy { abs($0 - $1) <= 2 })

            let translucent = try PixelBuffer(width: 1, height: 1, layout: .rgba, samples: [1, 2, 3, 4] as [UInt8])
            #expect { try JPEG.encode(Image(pixels: translucent, profile: .sRGB)) } throws: {
                ($0 as? GamutError)?.code == .invalidArgument && "\($0)".contains("translucent")
            }
            let float = try PixelBuffer(width: 1, height: 1, layout: .rgb, samples: [0.5, 0.5, 0.5] as [Float])
            #expect { try JPEG.encode(Image(pixels: float, profile: .sRGB)) } throws: { ($0 as? GamutError)?.code == .invalidArgument }
        }
    }
#endif
