import Foundation
import Testing

@testable import GamutKit

/// The analyzer's C display-code kernel (AVX2, eight pixels at a time) against its Swift loop: every display code and
/// flag, every listed pixel's ΔE00, every collapse cell and every total identical, for 8/16-bit RGB and RGBA (with
/// transparent pixels), row widths around the vector width, and sources that clip (P3, Adobe RGB, P3 read from its ICC
/// file, against sRGB) or fit (sRGB against P3: only edge pixels are listed).
struct DisplayCodeVectorTests {
    @Test("The pass uses the vector kernel exactly where the CPU has AVX2 (so the comparisons below are not vacuous)")
    func availability() throws {
        let pass = try PixelPass(
            format: .rgb16, width: 8, height: 1, profile: .displayP3, target: .sRGB, settings: AnalysisSettings())
        #expect(pass.vectorCodes == ShaperVectorTests.expectVectors)
        let gray = try PixelPass(format: .gray16, width: 8, height: 1, profile: .graySRGB, target: .sRGB, settings: AnalysisSettings())
        #expect(!gray.vectorCodes)
    }

    /// One pass over the whole image as one chunk: the codes, the out-of-gamut pixels' ΔE00, the cells and the totals.
    static func run(
        _ image: Image, target: ColorProfile, vectorized: Bool
    ) throws -> (
        codes: [UInt32], deltaE: [UInt16], cells: [CellTable.Entry], totals: String
    ) {
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: target,
            settings: AnalysisSettings(), vectorized: vectorized)
        #expect(pass.vectorCodes == (vectorized && ShaperVectorTests.expectVectors))
        #expect(pass.vectorDifferences == (vectorized && ShaperVectorTests.expectVectors))
        let count = image.width * image.height
        let codes = PackedCodes(pointer: .allocate(capacity: count), deltaE: .allocate(capacity: count))
        defer {
            codes.pointer.deallocate()
            codes.deltaE.deallocate()
        }
        codes.pointer.initialize(repeating: 0, count: count)
        codes.deltaE.initialize(repeating: 0, count: count)
        var tally = WorkerTally(bins: PixelPass.histogramBins, width: image.width)
        defer { tally.deallocate() }
        let rowBytes = image.pixels.rowBytes
        let outside = UnsafeMutablePointer<Int32>.allocate(capacity: image.height)
        defer { outside.deallocate() }
        let sum = image.pixels.withUnsafeBytes { bytes in
            pass.runChunk(
                RowChunk(index: 0, rows: 0..<image.height, first: bytes.baseAddress!, rowBytes: rowBytes), output: codes,
                outside: outside, tally: &tally)
        }
        // Each row's count of out-of-gamut pixels is what its codes flag.
        for y in 0..<image.height {
            let flagged = (0..<image.width).filter { codes.pointer[y * image.width + $0] & PixelPass.outOfGamut != 0 }.count
            #expect(Int(outside[y]) == flagged, "row \(y)")
        }
        let cells = tally.cells.drain().sorted { $0.key < $1.key }
        let totals = pass.finish(&tally)
        let deltaE = (0..<count).map { codes.pointer[$0] & PixelPass.outOfGamut != 0 ? codes.deltaE[$0] : 0 }
        return (
            Array(UnsafeBufferPointer(start: codes.pointer, count: count)), deltaE, cells,
            "\(sum) \(totals.counted) \(totals.outOfGamut) \(totals.visible) \(totals.histogram.hashValue) \(String(describing: totals.worst))"
        )
    }

    @Test("Groups of eight with nothing to list (no alpha, in gamut, codes 3…252) take the kernel's short path: thresholds exact")
    func shortPath() throws {
        // sRGB against sRGB at 8 bits shows each code as itself: codes at and around the edge thresholds (2 and 3, 252 and
        // 253), in groups of eight all inside 3…252 (the short path), and groups with one pixel at 2 or 253.
        let width = 64, height = 4
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let group = x / 8
                let value: UInt8 =
                    group % 2 == 0 ? [3, 252, 128, 3, 252, 77, 200, 3][x % 8] : (x % 8 == y ? [2, 253][group % 4 / 2] : 150)
                bytes += [value, [3, 252][x % 2], 100]
            }
        }
        let image = Image(pixels: try PixelBuffer(width: width, height: height, format: .rgb8, bytes: bytes), profile: .sRGB)
        let (vector, scalar) = (try Self.run(image, target: .sRGB, vectorized: true), try Self.run(image, target: .sRGB, vectorized: false))
        let same = vector.codes == scalar.codes && vector.cells == scalar.cells && vector.totals == scalar.totals
        #expect(same)
        // Each code shows as itself, and exactly the pixels at 2 or 253 are edge cells (one per group of the odd groups).
        #expect(scalar.codes[0] == 3 | 3 << 8 | 100 << 16 && scalar.codes[1] == 252 | 252 << 8 | 100 << 16)
        #expect(scalar.cells.reduce(0) { $0 + Int($1.count) } == height * width / 16)
    }

    @Test(
        "Vector and Swift loops agree on every code, list, cell and total",
        arguments: [PixelFormat.rgb16, .rgba16, .rgb8, .rgba8])
    func identical(format: PixelFormat) throws {
        let loadedP3 = try ColorProfile(data: ColorProfile.displayP3.data)
        let pairs: [(String, ColorProfile, ColorProfile)] = [
            ("Display P3 → sRGB", .displayP3, .sRGB), ("Adobe RGB → sRGB", .adobeRGB, .sRGB),
            ("Display P3 from its ICC file → sRGB", loadedP3, .sRGB), ("sRGB → Display P3", .sRGB, .displayP3),
        ]
        for (name, source, target) in pairs {
            for width in [1, 7, 8, 9, 17, 64, 333] {
                let height = 5
                let bytes = ShaperVectorTests.samples(count: width * height * format.bytesPerPixel, seed: UInt64(width) + 99)
                var pixels = try PixelBuffer(width: width, height: height, format: format, bytes: bytes)
                if format.hasAlpha {
                    // Every fifth pixel transparent, the rest opaque (random alpha bytes are rarely all zero).
                    var edited = bytes
                    let sampleBytes = format.sample == .uint16 ? 2 : 1
                    for i in 0..<width * height {
                        let at = (i * format.channelCount + 3) * sampleBytes
                        for b in 0..<sampleBytes { edited[at + b] = i % 5 == 0 ? 0 : 0xFF }
                    }
                    pixels = try PixelBuffer(width: width, height: height, format: format, bytes: edited)
                }
                let image = Image(pixels: pixels, profile: source)
                let (vector, scalar) = (
                    try Self.run(image, target: target, vectorized: true), try Self.run(image, target: target, vectorized: false)
                )
                let label = "\(name), \(format), width \(width)"
                // Compared outside #expect, which would print every element of both arrays on a failure.
                let (codes, deltaE, cells) = (vector.codes == scalar.codes, vector.deltaE == scalar.deltaE, vector.cells == scalar.cells)
                let differing = zip(vector.codes, scalar.codes).filter { $0 != $1 }.count
                #expect(codes, "\(label): \(differing) codes differ")
                #expect(deltaE, "\(label): ΔE00")
                #expect(cells, "\(label): \(vector.cells.count) vs \(scalar.cells.count) cells")
                #expect(vector.totals == scalar.totals, "\(label): totals")
                if width >= 64 {
                    // Not vacuous: varied codes, pixels out of gamut where the source is wider, edge cells everywhere.
                    #expect(Set(scalar.codes).count > 50, "\(label)")
                    #expect(scalar.codes.contains { $0 & PixelPass.outOfGamut != 0 } == (target === ColorProfile.sRGB), "\(label)")
                    #expect(!scalar.cells.isEmpty, "\(label)")
                    if format.hasAlpha { #expect(scalar.codes.contains(PixelPass.transparent), "\(label)") }
                }
            }
        }
    }
}
