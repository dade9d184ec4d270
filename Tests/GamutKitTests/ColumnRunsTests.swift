import Foundation
import Testing

@testable import GamutKit

/// The pass adds a column's run of pixels of one cell to the cell table at once (``ColumnRuns``). The table must be the
/// one the pixels make added one by one: run here as chunks of one row each, where no run holds more than one pixel.
struct ColumnRunsTests {
    /// Flat P3 red and green columns (one cell down the whole column), a blue ramp down the rows (a new cell every few
    /// rows), noise over the whole code range (a new cell at nearly every pixel) and, in RGBA, transparent pixels.
    static func image(alpha: Bool, sixteenBit: Bool) throws -> Image {
        let width = 41, height = 29, channels = alpha ? 4 : 3, maximum = sixteenBit ? 65_535 : 255
        var rng = SplitMix64(seed: 31)
        var samples = [Int](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * channels
                let rgb: [Int]
                switch x {
                case 0..<8: rgb = [maximum, 0, 0]
                case 8..<14: rgb = [0, maximum, maximum / 10]
                case 14..<26: rgb = [maximum / 20, 0, maximum - y * maximum / 60]
                default: rgb = (0..<3).map { _ in Int.random(in: 0...maximum, using: &rng) }
                }
                samples[i..<i + 3] = rgb[...]
                if alpha { samples[i + 3] = (x + y) % 7 == 0 ? 0 : maximum }
            }
        }
        let layout: PixelFormat.Layout = alpha ? .rgba : .rgb
        let pixels =
            sixteenBit
            ? try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt16($0) })
            : try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt8($0) })
        return Image(pixels: pixels, profile: .displayP3)
    }

    /// The cells of the pass run over `image` in chunks of `rows` rows, merged into one table, sorted by key.
    static func cells(_ image: Image, rows: Int) throws -> [CellTable.Entry] {
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: .sRGB,
            settings: AnalysisSettings())
        let count = rows * image.width
        let codes = PackedCodes(pointer: .allocate(capacity: count), deltaE: .allocate(capacity: count))
        let outside = UnsafeMutablePointer<Int32>.allocate(capacity: rows)
        var tally = WorkerTally(bins: PixelPass.histogramBins, width: image.width)
        defer {
            codes.pointer.deallocate()
            codes.deltaE.deallocate()
            outside.deallocate()
            tally.deallocate()
        }
        var table = CellTable()
        image.pixels.withUnsafeBytes { bytes in
            for start in stride(from: 0, to: image.height, by: rows) {
                let chunk = RowChunk(
                    index: start / rows, rows: start..<min(image.height, start + rows),
                    first: bytes.baseAddress! + start * image.pixels.rowBytes, rowBytes: image.pixels.rowBytes)
                _ = pass.runChunk(chunk, output: codes, outside: outside, tally: &tally)
                table.merge(tally.cells.drain())
            }
        }
        return table.all.sorted { $0.key < $1.key }
    }

    @Test(
        "Cells from columns' runs are the cells of the pixels one by one: counts, interiors, bounds and first pixels",
        arguments: [(alpha: false, sixteenBit: true), (alpha: true, sixteenBit: false)])
    func sameCells(alpha: Bool, sixteenBit: Bool) throws {
        let image = try Self.image(alpha: alpha, sixteenBit: sixteenBit)
        let byPixel = try Self.cells(image, rows: 1)
        for rows in [2, 5, image.height] {
            #expect(try Self.cells(image, rows: rows) == byPixel, "chunks of \(rows) rows")
        }
        // The flat red columns (0–7, every row) are one cell, worked out by hand: its pixels (those not transparent), the
        // interior ones (all but column 7's, next to the green), its bounds, its first pixel and samples, out of gamut.
        let maximum: Int32 = sixteenBit ? 65_535 : 255
        let red = try #require(byPixel.first { $0.sample.sample == PixelPass.Sample(c0: maximum, c1: 0, c2: 0) })
        let pixels = (0..<29).flatMap { y in (0..<8).map { (x: $0, y: y) } }.filter { !alpha || ($0.x + $0.y) % 7 != 0 }
        #expect(red.count == Int32(pixels.count) && red.outOfGamut == 1)
        #expect((red.x0, red.x1, red.y0, red.y1, red.x, red.y) == (0, 7, 0, 28, alpha ? 1 : 0, 0))
        if !alpha { #expect(red.interior == 7 * 29) }
        // Not vacuous: the flat columns make cells many rows tall, and interior counts differ from pixel counts.
        #expect(byPixel.contains { $0.y1 - $0.y0 >= 20 && $0.x1 - $0.x0 >= 5 })
        #expect(byPixel.contains { $0.interior > 0 && $0.interior < $0.count })
        #expect(byPixel.contains { $0.outOfGamut == 0 })
    }
}
