// The codec is built by the package trait TIFF, on Linux.
#if TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// Broken and hostile TIFF files: every one is a typed ``GamutError`` naming the file, never a crash.
    @Suite("TIFF: bad input")
    struct TIFFBadInputTests {
        /// An uncompressed 8-bit RGB P3 TIFF from ImageMagick (or LZW).
        static func valid(_ compression: String = "None") throws -> [UInt8] {
            try ExternalTool.read(try TIFFTests.magick(depth: 8, alpha: false, ["-compress", compression]))
        }

        @Test(
            "Truncated anywhere (every 89th length of an uncompressed and an LZW file): .invalidImage naming the file",
            arguments: ["None", "LZW"])
        func truncated(compression: String) throws {
            guard ExternalTool.available("convert") else { return }
            let bytes = try Self.valid(compression)
            for length in stride(from: 0, to: bytes.count, by: 89) {
                let prefix = Array(bytes.prefix(length))
                let error = try #require(decodingError { () throws(GamutError) in try TIFF.decode(prefix, path: "cut.tif") })
                #expect([.invalidImage, .invalidProfile].contains(error.code) && error.path == "cut.tif", "\(length): \(error)")
            }
        }

        @Test("A directory declaring 100000×100000 pixels is refused before decoding with PNG's budget message")
        func overBudget() throws {
            guard ExternalTool.available("convert") else { return }
            let bomb = try TIFFPatch.setLong(try TIFFPatch.setLong(try Self.valid(), tag: 256, to: 100_000), tag: 257, to: 100_000)
            let error = try #require(decodingError { () throws(GamutError) in try TIFF.decode(bomb, path: "bomb.tif") })
            #expect(error.code == .imageTooLarge && error.path == "bomb.tif")
            #expect(
                error.message
                    == ImageFile.DecodingOptions.budgetMessage(
                        width: 100_000, height: 100_000, budget: ImageFile.DecodingOptions.defaultMaximumPixels))
        }

        @Test("Wrong sizes: a directory declaring more rows than its strips hold is .invalidImage")
        func wrongSizes() throws {
            guard ExternalTool.available("convert") else { return }
            for (tag, value) in [(257, 640), (256, 960)] {
                let lie = try TIFFPatch.setLong(try Self.valid(), tag: tag, to: value)
                let error = try #require(decodingError { () throws(GamutError) in try TIFF.decode(lie, path: "lie.tif") })
                #expect(error.code == .invalidImage && error.path == "lie.tif", "\(error)")
            }
        }

        @Test("A broken ICC profile in tag 34675 is .invalidProfile; a gray profile on RGB pixels is .profileMismatch")
        func brokenProfile() throws {
            guard ExternalTool.available("convert") else { return }
            let bytes = try Self.valid()
            let (_, entries) = TIFFPatch.entries(bytes)
            let icc = try #require(entries.first { $0.tag == 34675 })
            var broken = bytes
            broken.replaceSubrange(icc.value + 36..<icc.value + 40, with: Array("xxxx".utf8))  // the 'acsp' signature
            let error = try #require(decodingError { () throws(GamutError) in try TIFF.decode(broken, path: "icc.tif") })
            #expect(error.code == .invalidProfile && error.path == "icc.tif", "\(error)")

            // GamutKit's writer refuses a profile that doesn't fit; its internal one writes what it is given.
            let gray = try PixelBuffer(width: 2, height: 1, layout: .gray, samples: [1, 2] as [UInt8])
            let mismatched = try TIFFWriter.encode(gray, compression: 1, icc: ColorProfile.sRGB.data)
            let mismatch = try #require(decodingError { () throws(GamutError) in try TIFF.decode(mismatched, path: "gray.tif") })
            #expect(mismatch.code == .profileMismatch && mismatch.message.contains("is RGB but the image is grayscale"), "\(mismatch)")
        }

        @Test("A layout GamutKit leaves to no reader is .unsupportedImage naming it: CIELab (photometric 8, from ImageMagick)")
        func unsupported() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            for (name, arguments, expected) in [
                ("lab", ["-colorspace", "Lab"], "CIELab (photometric 8) TIFF images are not read")
            ] {
                let path = folder + "/\(name).tif"
                try ExternalTool.run("convert", ["-size", "8x8", "gradient:red-blue"] + arguments + [path])
                let error = try #require(decodingError { () throws(GamutError) in try TIFF.read(contentsOf: path) })
                #expect(error.code == .unsupportedImage && error.path == path && error.message == expected, "\(name): \(error)")
            }
        }

        @Test("Float samples that are NaN or infinite are .invalidImage naming the pixel (fuzz-tiff found NaN reaching the transforms)")
        func nonFiniteFloats() throws {
            for bad in [Float.nan, .infinity, -.infinity] {
                let pixels = try PixelBuffer(width: 2, height: 1, layout: .rgb, samples: [0.5, 0.5, 0.5, 0.1, bad, 0.2])
                let bytes = try TIFF.encode(Image(pixels: pixels, profile: .sRGB), options: .init(compression: .none))
                let error = try #require(decodingError { () throws(GamutError) in try TIFF.decode(bytes, path: "nan.tif") })
                #expect(
                    error.code == .invalidImage && error.message == "sample 1 of pixel (1, 0) is not a finite number"
                        && error.path == "nan.tif"
                )
            }
        }

        @Test("Not a TIFF after its signature, and an empty file: .invalidImage")
        func notTIFF() {
            for bytes: [UInt8] in [[0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F], [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0], []] {
                let error = decodingError { () throws(GamutError) in try TIFF.decode(bytes, path: "x.tif") }
                #expect(error?.code == .invalidImage && error?.path == "x.tif", "\(String(describing: error))")
            }
        }
    }
#endif
