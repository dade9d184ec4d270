// The codec is built by the package trait JPEG, on Linux.
#if JPEG && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// Broken and hostile JPEG files: every one is a typed ``GamutError`` naming the file, never a crash, never gray
    /// blocks standing in for missing data.
    @Suite("JPEG: bad input")
    struct JPEGBadInputTests {
        typealias F = JPEGTIFFFixtures

        static func valid() throws -> [UInt8] { try ExternalTool.read(try JPEGTests.cjpeg(["-quality", "90"])) }

        /// The file with its SOF0 header declaring `width` × `height`.
        static func declaring(width: Int, height: Int, in bytes: [UInt8]) throws -> [UInt8] {
            var (segments, rest) = try F.segments(bytes)
            let sof = try #require(segments.firstIndex { $0.marker == 0xC0 })
            segments[sof].payload.replaceSubrange(
                1..<5, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
            return F.jpeg(segments, rest: rest)
        }

        @Test("Truncated anywhere (every 97th length, and just before EOI): .invalidImage naming the file")
        func truncated() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let bytes = try Self.valid()
            for length in Array(stride(from: 0, to: bytes.count, by: 97)) + [bytes.count - 2, bytes.count - 1] {
                let error = try #require(
                    decodingError { () throws(GamutError) in try JPEG.decode(Array(bytes.prefix(length)), path: "cut.jpg") })
                #expect(error.code == .invalidImage && error.path == "cut.jpg", "\(length): \(error)")
            }
            let late = try #require(decodingError { () throws(GamutError) in try JPEG.decode(Array(bytes.dropLast(200)), path: "cut.jpg") })
            #expect(
                late.message == "cannot decode the image data: the file ends early (truncated)"
                    && late.underlying == ["Premature end of JPEG file"])
        }

        @Test("A header declaring 65500×65500 (JPEG's largest) is refused before decoding with PNG's budget message")
        func overBudget() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let bomb = try Self.declaring(width: 65500, height: 65500, in: try Self.valid())
            let error = try #require(decodingError { () throws(GamutError) in try JPEG.decode(bomb, path: "bomb.jpg") })
            #expect(error.code == .imageTooLarge && error.path == "bomb.jpg")
            #expect(
                error.message
                    == ImageFile.DecodingOptions.budgetMessage(
                        width: 65500, height: 65500, budget: ImageFile.DecodingOptions.defaultMaximumPixels))
            var options = ImageFile.DecodingOptions()
            options.maximumPixels = 1000
            let valid = try Self.valid()
            let small = try #require(decodingError { () throws(GamutError) in try JPEG.decode(valid, path: "a.jpg", options: options) })
            #expect(small.code == .imageTooLarge && small.message.contains("96×64"))
        }

        @Test("Wrong sizes: a header taller than its data ends early (libjpeg: premature end of data segment); a zero width is invalid")
        func wrongSizes() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let (tall, zero) = (
                try Self.declaring(width: 96, height: 640, in: try Self.valid()),
                try Self.declaring(width: 0, height: 64, in: try Self.valid())
            )
            let taller = try #require(decodingError { () throws(GamutError) in try JPEG.decode(tall, path: "tall.jpg") })
            #expect(taller.code == .invalidImage && taller.path == "tall.jpg", "\(taller)")
            #expect(taller.underlying == ["Corrupt JPEG data: premature end of data segment"])
            let empty = try #require(decodingError { () throws(GamutError) in try JPEG.decode(zero, path: "empty.jpg") })
            #expect(empty.code == .invalidImage && empty.path == "empty.jpg", "\(empty)")
        }

        @Test("Corrupt entropy-coded data (a stray restart marker) is refused, not decoded as gray blocks")
        func corrupt() throws {
            guard ExternalTool.available("cjpeg") else { return }
            var (segments, rest) = try F.segments(try Self.valid())
            let middle = rest.count / 2
            rest.replaceSubrange(middle..<middle + 4, with: [0xFF, 0xD3, 0x12, 0x34])
            let stray = F.jpeg(segments, rest: rest)
            let error = try #require(decodingError { () throws(GamutError) in try JPEG.decode(stray, path: "bad.jpg") })
            #expect(error.code == .invalidImage && error.message == "cannot decode the image data: corrupt entropy-coded data", "\(error)")
            #expect(error.underlying.first?.hasPrefix("Corrupt JPEG data") == true)
            segments.removeAll { $0.marker == 0xC4 }  // no Huffman tables: libjpeg's own error
            let untabled = F.jpeg(segments, rest: rest)
            let tables = try #require(decodingError { () throws(GamutError) in try JPEG.decode(untabled, path: "bad.jpg") })
            #expect(tables.code == .invalidImage && tables.path == "bad.jpg")
        }

        @Test("Profiles that don't fit: gray in an RGB file is .profileMismatch; junk in the APP2 segments is .invalidProfile")
        func wrongProfiles() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let gray = try ExternalTool.read(try JPEGTests.cjpeg([], icc: ColorProfile.graySRGB.data))
            let mismatch = try #require(decodingError { () throws(GamutError) in try JPEG.decode(gray, path: "gray-profile.jpg") })
            #expect(mismatch.code == .profileMismatch && mismatch.message.contains("is GRAY but the image is RGB"), "\(mismatch)")
            let junk = try ExternalTool.read(try JPEGTests.cjpeg([], icc: Array(ColorProfile.displayP3.data.prefix(200))))
            let invalid = try #require(decodingError { () throws(GamutError) in try JPEG.decode(junk, path: "junk.jpg") })
            #expect(invalid.code == .invalidProfile && invalid.path == "junk.jpg", "\(invalid)")
        }

        @Test("Not a JPEG after its signature, and an empty file: .invalidImage")
        func notJPEG() {
            for bytes: [UInt8] in [[0xFF, 0xD8, 0xFF, 0xE0, 0, 2, 1, 2, 3], [0xFF, 0xD8, 0xFF], []] {
                let error = decodingError { () throws(GamutError) in try JPEG.decode(bytes, path: "x.jpg") }
                #expect(error?.code == .invalidImage && error?.path == "x.jpg", "\(String(describing: error))")
            }
        }
    }
#endif
