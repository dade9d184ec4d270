// JPEG and TIFF are built by their package traits, on Linux.
#if JPEG && TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// The EXIF and TIFF orientation tag, set by exiftool and ImageMagick on files cjpeg and ImageMagick wrote: GamutKit
    /// turns the pixels upright exactly as ImageMagick's `-auto-orient` does, keeps them as stored on request, and writes
    /// the tag back where the output format has one.
    @Suite("Orientation: JPEG EXIF and TIFF tag 274, as viewers show them")
    struct OrientationTests {
        /// A 40×20 picture with a green block in the stored top-left corner, so every turn and mirror shows.
        static func source(in folder: String) throws -> String {
            try ExternalTool.magickPicture(width: 40, height: 20, name: "source.ppm", in: folder)
        }

        /// ImageMagick's 8-bit RGB samples of `path`, turned upright when `autoOrient`.
        static func magick(_ path: String, autoOrient: Bool = true) throws -> [Int] {
            try ExternalTool.run("convert", [path] + (autoOrient ? ["-auto-orient"] : []) + ["-depth", "8", "rgb:-"]).map(Int.init)
        }

        /// The orientation exiftool reads from `path` (its numeric value).
        static func exiftool(_ path: String) throws -> Int? {
            Int(
                String(decoding: try ExternalTool.run("exiftool", ["-n", "-s3", "-Orientation", path]), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }

        @Test(
            "JPEG, orientations 1–8 written by exiftool into a 4:4:4 cjpeg file: the pixels ImageMagick's -auto-orient gives, sample for sample",
            arguments: 1...8)
        func jpeg(orientation: Int) throws {
            guard ExternalTool.available("convert", "cjpeg", "exiftool") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let path = folder + "/oriented.jpg"
            _ = try ExternalTool.write(
                try ExternalTool.run("cjpeg", ["-quality", "95", "-sample", "1x1", try Self.source(in: folder)]), "oriented.jpg", in: folder
            )
            try ExternalTool.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=\(orientation)", path])
            #expect(try Self.exiftool(path) == orientation)
            let image = try JPEG.read(contentsOf: path)
            let swapped = orientation >= 5
            #expect((image.width, image.height) == (swapped ? 20 : 40, swapped ? 40 : 20) && image.orientation == .up)
            #expect(image.warnings.isEmpty, "\(image.warnings)")
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), try Self.magick(path)) == nil)
        }

        @Test(
            "TIFF, tag 274 set to 1–8 by ImageMagick's -orient: the pixels ImageMagick's -auto-orient gives, sample for sample",
            arguments: 1...8)
        func tiff(orientation: Int) throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let names = ["TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom"]
            let path = folder + "/oriented.tif"
            try ExternalTool.run("convert", [try Self.source(in: folder), "-orient", names[orientation - 1], "-compress", "None", path])
            #expect(try TIFFTests.header(path).orientation == orientation)
            let image = try TIFF.read(contentsOf: path)
            #expect(image.orientation == .up && image.warnings.isEmpty)
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(image.pixels), try Self.magick(path)) == nil)
            // The RGBA-reader path (a palette file) is turned the same way.
            let palette = folder + "/palette.tif"
            try ExternalTool.run("convert", [path, "-orient", names[orientation - 1], "-type", "Palette", palette])
            #expect(try TIFFTests.header(palette).photometric == 3)
            let read = try TIFF.read(contentsOf: palette)
            #expect(JPEGTIFFFixtures.difference(FormatFixtures.values(read.pixels), try Self.magick(palette)) == nil)
        }

        @Test(
            "keepOrientation: the stored pixels with orientation .right; written as TIFF, PNG and JPEG the tag goes with them (exiftool reads 6)"
        )
        func keep() throws {
            guard ExternalTool.available("convert", "cjpeg", "exiftool") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let plain = folder + "/plain.jpg"
            _ = try ExternalTool.write(
                try ExternalTool.run("cjpeg", ["-quality", "95", "-sample", "1x1", try Self.source(in: folder)]), "plain.jpg", in: folder)
            let path = folder + "/right.jpg"
            try ExternalTool.run("exiftool", ["-q", "-n", "-Orientation=6", "-o", path, plain])
            var options = ImageFile.DecodingOptions()
            options.keepOrientation = true
            let stored = try JPEG.read(contentsOf: path, options: options)
            #expect(stored.orientation == .right && (stored.width, stored.height) == (40, 20))
            #expect(stored.pixels == (try JPEG.read(contentsOf: plain)).pixels)
            #expect(stored.applyingOrientation().pixels == (try JPEG.read(contentsOf: path)).pixels)
            let converted = try stored.converted(to: .displayP3, bitDepth: 16)
            #expect(converted.orientation == .right)
            for name in ["kept.tif", "kept.png", "kept.jpg"] {
                let output = folder + "/" + name
                try ImageFile.write(converted, to: output)
                #expect(try Self.exiftool(output) == 6, "\(name)")
            }
            // ImageMagick turns the kept TIFF upright as GamutKit does (its 16-bit samples to 8 bits, rounded).
            let upright = FormatFixtures.values(converted.applyingOrientation().pixels).map { ($0 + 128) / 257 }
            let magick = try Self.magick(folder + "/kept.tif")
            #expect(magick.count == upright.count && zip(magick, upright).allSatisfy { abs($0 - $1) <= 1 })
            let kept = try TIFF.read(contentsOf: folder + "/kept.tif", options: options)
            #expect(kept.orientation == .right && kept.pixels == converted.pixels)
            #expect(try TIFF.read(contentsOf: folder + "/kept.tif").pixels == converted.applyingOrientation().pixels)
        }

        @Test(
            "The analyzer's regions are where people see them: a P3 block stored top-left in a JPEG tagged orientation 6 is clipped at the top right"
        )
        func analysisRegions() throws {
            guard ExternalTool.available("convert", "exiftool") else { return }
            let folder = PNGFixtures.temporaryDirectory
            // 40×20 gray with a saturated P3 green block at stored (0…9, 0…4).
            var samples: [Int] = []
            for y in 0..<20 { for x in 0..<40 { samples += x < 10 && y < 5 ? [0, 255, 0] : [128, 128, 128] } }
            let png = try ExternalTool.write(
                try LibPNG.encode(.init(width: 40, height: 20, layout: .rgb, depth: 8, samples: samples, iccp: FormatFixtures.p3)),
                "p3.png", in: folder)
            let path = folder + "/p3.jpg"
            try ExternalTool.run("convert", [png, "-quality", "98", "-sampling-factor", "1x1", path])
            try ExternalTool.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", path])
            let output = try ImageAnalyzer.analyze(contentsOf: path, includeClipMask: true)
            let mask = try #require(output.clipMask)
            #expect((mask.width, mask.height) == (20, 40))
            // Shown: rotated 90° clockwise, the block covers x 15…19, y 0…9. A clipped pixel's mask is red-ish and opaque.
            let clipped = { (x: Int, y: Int) in
                mask.pixels.integer(x: x, y: y, channel: 0) > mask.pixels.integer(x: x, y: y, channel: 1) + 40
            }
            #expect(clipped(17, 4) && clipped(19, 0) && !clipped(2, 4) && !clipped(17, 30))
        }

        @Test(
            "PNG: an eXIf chunk exiftool wrote (orientation 6) is applied as Apple's platforms apply it, on every path: decode, analysis and convert (not streamed); kept on request"
        )
        func png() throws {
            guard ExternalTool.available("convert", "exiftool") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let path = folder + "/right.png"
            // 100 × 200 pixels per inch: pixels twice as wide as tall, so the turn must swap pHYs's densities too.
            try ExternalTool.run(
                "convert", [try Self.source(in: folder), "-units", "PixelsPerInch", "-density", "100x200", "-depth", "16", "png48:" + path])
            let stored = try Self.magick(path, autoOrient: false)  // ImageMagick ignores a PNG's eXIf: the samples as stored
            try ExternalTool.run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", path])
            #expect(try Self.exiftool(path) == 6)
            let image = try PNG.read(contentsOf: path)
            #expect((image.width, image.height) == (20, 40) && image.orientation == .up && image.warnings.isEmpty)
            let density = try #require(image.metadata.physicalDimensions)
            #expect(density.pixelsPerUnitX > density.pixelsPerUnitY && density.unitIsMetre, "\(density)")
            // Stored (x, y) of the 40×20 image is shown at (19 − y, x).
            for (x, y) in [(0, 0), (7, 3), (39, 19), (25, 10)] {
                let shown = (0..<3).map { image.pixels.integer(x: 19 - y, y: x, channel: $0) >> 8 }
                #expect(shown == Array(stored[(y * 40 + x) * 3..<(y * 40 + x) * 3 + 3]), "stored (\(x), \(y))")
            }
            let analyzed = try ImageAnalyzer.analyze(contentsOf: path, includeClipMask: true)
            let mask = try #require(analyzed.clipMask)
            #expect((mask.width, mask.height) == (20, 40))
            let output = folder + "/converted.png"
            let summary = try ImageConversion.convert(file: path, to: output, settings: .init(profile: .sRGB))
            #expect(!summary.streamed && (summary.width, summary.height) == (20, 40))
            let converted = try PNG.read(contentsOf: output)
            #expect((converted.width, converted.height) == (20, 40) && converted.orientation == .up)
            var options = ImageFile.DecodingOptions()
            options.keepOrientation = true
            let kept = try PNG.read(contentsOf: path, options: options)
            #expect(kept.orientation == .right && (kept.width, kept.height) == (40, 20))
        }
    }
#endif
