// The codec is built by the package trait TIFF, on Linux.
#if TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// The TIFF kinds libtiff's own test suite holds (palette, bilevel, fax, 2- and 4-bit gray, YCbCr JPEG in strips and
    /// tiles), written by ImageMagick and tiffcp, read by GamutKit and by libtiff's RGBA reader as `tiff2rgba` runs it,
    /// and compared sample for sample. `tiff2rgba`'s output, a plain 8-bit RGB TIFF, is read on GamutKit's native path,
    /// which the lossless tests hold to ImageMagick.
    @Suite("TIFF conformance: the kinds libtiff's test suite holds, sample for sample with tiff2rgba")
    struct TIFFConformanceTests {
        /// A 64×48 picture with smooth color ramps and hard edges (so palettes, bilevel dithering and JPEG all have work).
        static func source(in folder: String) throws -> String {
            try ExternalTool.magickPicture(width: 64, height: 48, name: "source.png", in: folder)
        }

        /// The file tiff2rgba makes of `path` (no alpha, uncompressed), read back as 8-bit samples.
        static func reference(_ path: String, folder: String) throws -> [Int] {
            let output = folder + "/reference.tif"
            try ExternalTool.run("tiff2rgba", ["-c", "none", "-n", path, output])
            let image = try TIFF.read(contentsOf: output)
            #expect(image.pixels.format == .rgb8)
            return FormatFixtures.values(image.pixels)
        }

        /// One kind: how it is made (ImageMagick's or tiffcp's arguments), its channels as read, the depth stored.
        struct Kind: Sendable, CustomTestStringConvertible {
            var name: String, tool: String, arguments: [String], channels: Int, depth: Int
            var testDescription: String { name }
        }

        static let kinds: [Kind] = [
            Kind(name: "palette 8-bit", tool: "convert", arguments: ["-type", "Palette", "-depth", "8"], channels: 3, depth: 8),
            Kind(
                name: "palette 4-bit", tool: "convert", arguments: ["-colors", "16", "-type", "Palette", "-depth", "4"], channels: 3,
                depth: 4),
            // ImageMagick 6 writes a 2-bit palette's colormap in 2-bit units; libtiff reads it as an 8-bit map (with a
            // warning GamutKit doesn't repeat), and so must GamutKit.
            Kind(
                name: "palette 2-bit", tool: "convert", arguments: ["-colors", "4", "-type", "Palette", "-depth", "2"], channels: 3,
                depth: 2),
            Kind(name: "bilevel 1-bit Deflate", tool: "convert", arguments: ["-monochrome", "-depth", "1"], channels: 1, depth: 1),
            Kind(name: "fax group 3", tool: "convert", arguments: ["-monochrome", "-compress", "Fax"], channels: 1, depth: 1),
            Kind(name: "fax group 4", tool: "convert", arguments: ["-monochrome", "-compress", "Group4"], channels: 1, depth: 1),
            Kind(name: "gray 4-bit", tool: "convert", arguments: ["-colorspace", "gray", "-depth", "4"], channels: 1, depth: 4),
            Kind(name: "gray 2-bit", tool: "convert", arguments: ["-colorspace", "gray", "-depth", "2"], channels: 1, depth: 2),
            Kind(name: "YCbCr JPEG strips", tool: "tiffcp", arguments: ["-c", "jpeg", "-r", "16"], channels: 3, depth: 8),
            Kind(name: "YCbCr JPEG tiles", tool: "tiffcp", arguments: ["-c", "jpeg", "-t", "-w", "16", "-l", "16"], channels: 3, depth: 8),
        ]

        @Test(
            "Each kind: GamutKit's samples are tiff2rgba's exactly (gray kinds as one channel), at 8 bits, with the stored depth kept",
            arguments: kinds)
        func kind(_ kind: Kind) throws {
            let (name, channels, depth) = (kind.name, kind.channels, kind.depth)
            guard ExternalTool.available("convert", "tiffcp", "tiff2rgba") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let source = try Self.source(in: folder)
            let path = folder + "/kind.tif"
            if kind.tool == "tiffcp" {
                let plain = folder + "/plain.tif"
                try ExternalTool.run("convert", [source, "-type", "TrueColor", "-compress", "None", plain])
                try ExternalTool.run("tiffcp", kind.arguments + [plain, path])
            } else {
                try ExternalTool.run("convert", [source] + kind.arguments + [path])
            }
            let image = try TIFF.read(contentsOf: path)
            #expect(image.pixels.format == (channels == 1 ? .gray8 : .rgb8), "\(name): \(image.pixels.format)")
            #expect(image.fileBitDepth == depth && image.warnings.isEmpty, "\(name): \(image.fileBitDepth) \(image.warnings)")
            let expected = try Self.reference(path, folder: folder)
            let ours = FormatFixtures.values(image.pixels)
            let rgb = channels == 1 ? ours.flatMap { [$0, $0, $0] } : ours
            #expect(JPEGTIFFFixtures.difference(rgb, expected) == nil, "\(name): \(JPEGTIFFFixtures.difference(rgb, expected) ?? "")")
            // Not a blank image: the picture's edges are there.
            #expect(Set(ours).count >= 2, "\(name)")
        }

        @Test("A Display P3 palette TIFF keeps its profile through the RGBA reader: the palette's colors, exactly, as Display P3")
        func paletteKeepsProfile() throws {
            guard ExternalTool.available("convert", "tiff2rgba") else { return }
            let folder = PNGFixtures.temporaryDirectory
            var samples: [Int] = []
            for i in 0..<64 { samples += [(i % 16) * 17, 255 - (i % 16) * 17, i / 16 * 60] }
            let png = try LibPNG.encode(.init(width: 16, height: 4, layout: .rgb, depth: 8, samples: samples, iccp: FormatFixtures.p3))
            let input = try ExternalTool.write(png, "p3.png", in: folder)
            let path = folder + "/p3-palette.tif"
            try ExternalTool.run("convert", [input, "-type", "Palette", "-depth", "8", path])
            let image = try TIFF.read(contentsOf: path)
            #expect(image.profile.data == ColorProfile.displayP3.data && image.colorSource == .iccp(name: "Display P3"))
            #expect(FormatFixtures.values(image.pixels) == samples)
        }

        @Test(
            "Tags libtiff doesn't know (ImageMagick's PageNumber renumbered to private tag 65000, out of order) are skipped as libtiff skips them"
        )
        func unknownTags() throws {
            guard ExternalTool.available("convert", "tiff2rgba") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let path = folder + "/plain.tif"
            try ExternalTool.run("convert", [try Self.source(in: folder), "-type", "TrueColor", "-compress", "None", path])
            var bytes = try ExternalTool.read(path)
            let (little, entries) = TIFFPatch.entries(bytes)
            let page = try #require(entries.first { $0.tag == 297 }, "ImageMagick wrote no PageNumber tag")
            TIFFPatch.put16(&bytes, page.offset, 65000, little)
            let patched = try ExternalTool.write(bytes, "unknown-tag.tif", in: folder)
            let image = try TIFF.read(contentsOf: patched)
            let original = try TIFF.read(contentsOf: path)
            let reference = try Self.reference(patched, folder: folder)
            #expect(image.warnings.isEmpty && image.pixels == original.pixels)
            #expect(FormatFixtures.values(image.pixels) == reference)
        }
    }
#endif
