// JPEG and TIFF are built by their package traits, on Linux.
#if JPEG && TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// `ImageFile.EncodingOptions.embedProfile`, checked with decoders GamutKit didn't write: libpng for PNG, ImageMagick
    /// for JPEG and TIFF.
    @Suite("Writing untagged files")
    struct UntaggedWriteTests {
        static let image = Image(
            pixels: try! PixelBuffer(width: 4, height: 2, format: .rgb8, bytes: (0..<24).map { UInt8($0 * 10) }), profile: .displayP3)

        @Test("embedProfile off: the PNG has neither iCCP nor cICP (libpng), and reads back untagged; on: libpng finds Display P3")
        func png() throws {
            var options = ImageFile.EncodingOptions()
            let tagged = try ImageFile.encode(Self.image, as: .png, options: options)
            options.embedProfile = false
            let untagged = try ImageFile.encode(Self.image, as: .png, options: options)
            let taggedPNG = try LibPNG.decode(tagged).get(), untaggedPNG = try LibPNG.decode(untagged).get()
            #expect(try ColorProfile(data: try #require(taggedPNG.iccp).profile).name == "Display P3")
            #expect(untaggedPNG.iccp == nil && untaggedPNG.srgbIntent == nil && untaggedPNG.gamma == nil)
            #expect(Self.chunkTypes(tagged).contains("cICP") && !Self.chunkTypes(untagged).contains("cICP"))
            #expect(untaggedPNG.samples == taggedPNG.samples && untaggedPNG.samples == Self.image.pixels.bytes.map(Int.init))
            #expect(try ImageFile.decode(untagged).colorSource == .untagged)
        }

        @Test(
            "embedProfile off: ImageMagick finds no profile in the JPEG or TIFF, GamutKit reads them untagged; on: ImageMagick extracts Display P3"
        )
        func jpegAndTIFF() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = NSTemporaryDirectory() + "gamutkit-untagged-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for format in [ImageFormat.jpeg, .tiff] {
                var options = ImageFile.EncodingOptions()
                let tagged = try ExternalTool.write(
                    try ImageFile.encode(Self.image, as: format, options: options), "tagged.\(format)", in: folder)
                options.embedProfile = false
                let bytes = try ImageFile.encode(Self.image, as: format, options: options)
                let untagged = try ExternalTool.write(bytes, "untagged.\(format)", in: folder)
                #expect(try ColorProfile(data: try ExternalTool.run("convert", [tagged, "icc:-"])).name == "Display P3")
                #expect(throws: ExternalTool.Failure.self, "\(format)") { try ExternalTool.run("convert", [untagged, "icc:-"]) }
                #expect(try ImageFile.decode(bytes).colorSource == .untagged)
            }
        }

        /// The chunk types of a PNG, in file order.
        static func chunkTypes(_ png: [UInt8]) -> [String] {
            var types: [String] = [], offset = 8
            while offset + 8 <= png.count {
                let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
                offset += 12 + length
            }
            return types
        }
    }
#endif
