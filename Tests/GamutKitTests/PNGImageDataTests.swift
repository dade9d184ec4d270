import Foundation
import Testing

@testable import GamutKit

/// The PNG writer's image data: rows filtered by GamutKit and deflated in pieces on every core, joined into one zlib
/// stream. libpng (an independent decoder, which checks every CRC and the stream's Adler-32) must read back exactly the
/// samples written, for every filter choice and compression level, one row to many pieces.
@Suite("PNG image data: filters and parallel deflate")
struct PNGImageDataTests {
    static func smooth(width: Int, height: Int, layout: PixelFormat.Layout, sixteen: Bool) throws -> PixelBuffer {
        let format = PixelFormat(layout, sixteen ? .uint16 : .uint8)
        let maximum = sixteen ? 65535 : 255
        var random = SplitMix64(seed: 5)
        var values: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<format.channelCount {
                    // Gradients with a little noise, so every filter type has something to win on.
                    let ramp = (x * 3 + y * 5 + c * 40) % (maximum + 1)
                    values.append(min(maximum, ramp + Int(random.next() % 3)))
                }
            }
        }
        if sixteen { return try PixelBuffer(width: width, height: height, layout: layout, samples: values.map { UInt16($0) }) }
        return try PixelBuffer(width: width, height: height, layout: layout, samples: values.map { UInt8($0) })
    }

    #if canImport(PNGOracle)  // libpng comes from pkg-config: Linux only.
        @Test(
            "libpng reads back every sample, for every filter choice and level, from one pixel to several deflate pieces",
            arguments: PNG.Filters.allCases)
        func roundTripThroughLibPNG(filters: PNG.Filters) throws {
            let cases: [(Int, Int, PixelFormat.Layout, Bool)] = [
                (1, 1, .rgb, false), (3, 2, .gray, true), (17, 9, .grayAlpha, false), (300, 300, .rgba, true), (257, 130, .rgb, false),
                // Rows of 1 + 1023 bytes that fill exactly one piece: the last piece is empty (only the final block).
                (1023, PNGImageDataWriter.pieceSize / 1024, .gray, false),
            ]
            for (width, height, layout, sixteen) in cases {
                let pixels = try Self.smooth(width: width, height: height, layout: layout, sixteen: sixteen)
                let profile: ColorProfile = pixels.format.colorChannelCount == 1 ? .graySRGB : .displayP3
                for level in [0, 1, 2, 6, 9] {
                    var options = PNG.EncodingOptions()
                    options.filters = filters
                    options.compressionLevel = level
                    let png = try PNG.encode(Image(pixels: pixels, profile: profile), options: options)
                    let decoded = try LibPNG.decode(png).get()
                    #expect(decoded.width == width && decoded.height == height && decoded.depth == (sixteen ? 16 : 8))
                    #expect(decoded.samples == FormatFixtures.values(pixels), "\(width)×\(height) \(layout) level \(level)")
                    #expect(decoded.warning == nil)
                }
            }
        }
    #endif

    @Test("A 300×300 16-bit RGBA image spans several pieces; more compression and filtering make it smaller; bytes are stable")
    func piecesAndSizes() throws {
        let pixels = try Self.smooth(width: 300, height: 300, layout: .rgba, sixteen: true)
        #expect(pixels.width * pixels.format.bytesPerPixel * pixels.height > 2 * PNGImageDataWriter.pieceSize)
        func size(_ level: Int, _ filters: PNG.Filters) throws -> Int {
            var options = PNG.EncodingOptions()
            (options.compressionLevel, options.filters) = (level, filters)
            return try PNG.encode(Image(pixels: pixels, profile: .displayP3), options: options).count
        }
        #expect(try size(9, .adaptive) < size(1, .adaptive))
        #expect(try size(6, .adaptive) < size(6, .none))
        #expect(try size(0, .none) > pixels.bytes.count)  // stored blocks
        let once = try PNG.encode(Image(pixels: pixels, profile: .displayP3))
        #expect(try PNG.encode(Image(pixels: pixels, profile: .displayP3)) == once)
    }

    @Test("ImageMagick reads a multi-piece 16-bit file GamutKit wrote as the same samples")
    func imageMagick() throws {
        guard ExternalTool.available("convert") else { return }
        let pixels = try Self.smooth(width: 300, height: 300, layout: .rgb, sixteen: true)
        let path = PNGFixtures.temporaryDirectory + "/pieces.png"
        try PNG.write(Image(pixels: pixels, profile: .displayP3), to: path)
        let raw = try ExternalTool.run("convert", [path, "-endian", "MSB", "-depth", "16", "rgb:-"])
        let samples = stride(from: 0, to: raw.count, by: 2).map { Int(raw[$0]) << 8 | Int(raw[$0 + 1]) }
        #expect(samples == FormatFixtures.values(pixels))
    }

    @Test("Encoding from every thread of a busy pool at once finishes (the writer deflates a piece itself when no worker has)")
    func busyPool() throws {
        let pixels = try Self.smooth(width: 300, height: 300, layout: .rgba, sixteen: true)
        let expected = try PNG.encode(Image(pixels: pixels, profile: .displayP3))
        let results = Locked([[UInt8]?](repeating: nil, count: 24))
        DispatchQueue.concurrentPerform(iterations: 24) { i in
            let png = try? PNG.encode(Image(pixels: pixels, profile: .displayP3))
            results.withLock { $0[i] = png }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
    }
    #if ISAL && os(Linux)

        /// ISA-L's level-1 body on x86-64 (2.24 to 2.32) hashes a history-less stream's third byte from a register holding
        /// the stream's address (see ``ISALDeflater``), so where the `isal_zstream` lives could change the deflate stream.
        /// The input is the one row the writer makes of libpng's `palette-4.png` at level 1 (the Up filter byte, then the
        /// row as it is, the row above being zeros): a case `fuzz-png-stream` met, where a later run of four bytes repeats
        /// the third to sixth. The stream's state is placed at 2,048 addresses 64 KiB apart, which the hash sees as 2,048
        /// consecutive values (the states, 82 KB each, overlap; each is used and left before the next).
        @Test("ISA-L's level 1 gives the same bytes wherever its stream's state lives (the first bytes deflated on their own)")
        func sameBytesWhereverTheStreamLives() throws {
            let image = try PNG.decode(PNGConformanceTests.Fixture.bytes("libpng-testpngs/palette-4.png"))
            let row = FormatFixtures.values(image.pixels).map { UInt8($0) }
            #expect(image.pixels.format == PixelFormat(.rgb, .uint8) && row.count == 48)
            let input = [2] + row
            let spacing = 1 << 16, places = 2048
            let region = UnsafeMutableRawPointer.allocate(
                byteCount: spacing * places + ISALDeflater.stateByteCount, alignment: spacing)
            defer { region.deallocate() }
            func streams(_ firstBytes: ISALDeflater.FirstBytes) throws -> [[UInt8]: Int] {
                var seen: [[UInt8]: Int] = [:]
                for place in 0..<places {
                    let state = region + place * spacing
                    let stream = try ISALDeflater.deflate(input, dictionary: [], last: true, state: state, firstBytes: firstBytes).get()
                    seen[stream, default: 0] += 1
                }
                return seen
            }
            // As ISA-L does it on x86-64: two streams, the one with the extra match (length 4, distance 10) at about one
            // address in 128 (one hash bucket of 128), whichever they are. This fails if a libisal without the bug is
            // installed; ISALDeflater's priming can then go. (ISA-L's arm64 body has no such path.)
            #if arch(x86_64)
                let asISALDoes = try streams(.asISALDoes)
                #expect(asISALDoes.count == 2)
                #expect(asISALDoes.values.min().map { $0 >= 4 && $0 <= 64 } == true, "\(asISALDoes.values.sorted())")
            #endif
            // GamutKit's way: one stream at every address, and libpng reads the image back from it.
            let primed = try streams(.primed)
            #expect(primed.count == 1)
            let deflated = try #require(primed.keys.first)
            var options = PNG.EncodingOptions()
            (options.compressionLevel, options.filters) = (1, .up)
            let png = try PNG.encode(image, options: options)
            let idats = PNGFixtures.chunks(png).filter { $0.type == "IDAT" }.map { Array(png[$0.data]) }
            #expect(idats.contains(deflated))
            let decoded = try LibPNG.decode(png).get()
            #expect(decoded.samples == row.map { Int($0) })
        }
    #endif
}
