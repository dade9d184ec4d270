@testable import GamutKit
import Testing

/// Collapse-cell tables reused across analyses: what the pool hands out and keeps, and that an analysis's results
/// don't depend on which table it was handed (only where its cells sit in the slots does).
@Suite("Cell table pool")
struct CellTablePoolTests {
    @Test("A table given back is handed out empty, and only within the slots asked for")
    func reuse() throws {
        let pool = CellTablePool(byteLimit: 64 << 20)
        let table = CellTableTests.table([Int32](repeating: 3, count: 20_000))  // grown well past a new table
        let slots = table.slots.count
        #expect(slots == CellTable.slotCount(for: 20_000) && slots > CellTable.newSlots)
        pool.give(table)
        #expect(pool.kept == [slots])
        #expect(pool.take(slots: slots + 1, atMost: 1 << 30) == nil, "too small for what is asked")
        #expect(pool.take(slots: 16, atMost: slots - 1) == nil, "larger than the analysis can fill")
        #expect(pool.kept == [slots])
        var reused = try #require(pool.take(slots: slots, atMost: slots))
        #expect(reused.slots.count == slots && reused.used == 0 && reused.all.isEmpty)
        #expect(pool.kept.isEmpty)
        // Emptied, not just counted as empty: a key it held is added as new.
        reused.add(CellTable.Entry(key: 5, count: 2, x: 1, y: 0, x0: 1, y0: 0, x1: 2, y1: 0))
        #expect(reused.all.map(\.count) == [2])
    }

    @Test("The largest fitting table is handed out; new-sized and oversized tables aren't kept, nor more than the limit")
    func choiceAndLimit() throws {
        let small = CellTable(capacity: 10_000), large = CellTable(capacity: 40_000)
        #expect(small.slots.count == 16_384 && large.slots.count == 65_536)
        let pool = CellTablePool(byteLimit: 4 * large.bytes)
        pool.give(CellTable())  // a new table's size: not worth keeping
        pool.give(small)
        pool.give(large)
        for _ in 0..<3 { pool.give(CellTable(capacity: 40_000)) }  // the third has no room left
        #expect(pool.kept == [65_536, 65_536, 65_536, 16_384])
        #expect(try #require(pool.take(slots: 1, atMost: 1 << 20)).slots.count == 65_536)
        #expect(try #require(pool.take(slots: 1, atMost: 20_000)).slots.count == 16_384)
        // A table over a quarter of the limit by itself is not kept.
        let tight = CellTablePool(byteLimit: 4 * small.bytes)
        tight.give(CellTable(capacity: 40_000))
        #expect(tight.kept.isEmpty)
    }

    @Test("An analysis gives the same results from a new table, a reused one and a larger one", arguments: [1, 2])
    func sameResults(workers: Int) throws {
        let image = AnalysisFixtures.patchwork(width: 400, height: 300, sixteenBit: true, alpha: false, seed: 11)
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: .sRGB,
            settings: .init())
        func run(_ pool: CellTablePool) throws -> ImageAnalyzer.Output {
            try AnalysisPipeline.analyze(
                image, pass: pass, target: "sRGB", includeClipMask: false, workers: workers, keepCells: true, tables: pool)
        }
        let pool = CellTablePool(byteLimit: 64 << 20)
        let fresh = try run(pool)
        let cells = try #require(fresh.cells).count
        #expect(cells > CellTable.newSlots * 3 / 4, "the image's cells must outgrow a new table: \(cells)")
        // The grown table came back; the next analysis trades its new table for it and gives it back.
        let grown = pool.kept
        #expect(grown.count == 1 && grown[0] * 3 >= cells * 4 && grown[0] * 3 < cells * 8, "grown by doubling: \(grown)")
        let reused = try run(pool)
        #expect(pool.kept == grown)
        // The most slots this analysis may take: its budget (65,536) and a chunk's cells (64 rows of 400).
        let largest = CellTable.slotCount(for: 65_536 + 64 * 400)
        #expect(largest >= 4 * grown[0], "the larger table places the cells in other slots")
        let larger = CellTablePool(byteLimit: 64 << 20)
        larger.give(CellTable(capacity: 65_536 + 64 * 400))
        larger.give(CellTable(capacity: 150_000))  // more than this image can fill: left alone
        #expect(larger.kept == [262_144, largest])
        let fromLarger = try run(larger)
        #expect(larger.kept == [262_144, largest], "taken, and given back")
        #expect(fresh.analysis.collapseGroups.count >= 1 && fresh.analysis.outOfGamutPixels > 0)
        for other in [reused, fromLarger] {
            #expect(String(describing: other.analysis) == String(describing: fresh.analysis))
            #expect(other.cells == fresh.cells)
        }
    }

    @Test("An analysis whose cells fit a new table leaves the pool's tables alone")
    func fewCells() throws {
        // A Display P3 gray ramp, inside sRGB: only its ends, at the display gamut's edge, make cells.
        let image = AnalysisFixtures.image(width: 1024, rows: 64, profile: .displayP3) { x in
            [Double](repeating: Double(x) / 1023, count: 3)
        }
        let pool = CellTablePool(byteLimit: 64 << 20)
        pool.give(CellTable(capacity: 40_000))
        let output = try ImageAnalyzer.analyze(image)
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: .sRGB,
            settings: .init())
        let pooled = try AnalysisPipeline.analyze(
            image, pass: pass, target: ColorProfile.sRGB.name, includeClipMask: false, workers: 2, keepCells: true, tables: pool)
        let cells = try #require(pooled.cells).count
        #expect(cells > 0 && cells < CellTable.newSlots * 3 / 4, "\(cells) cells")
        #expect(pool.kept == [65_536], "the kept table, which the image's 65,536 pixels could fill, was not taken")
        #expect(output.analysis.outOfGamutPixels == 0 && output.analysis.countedPixels == 65_536)
        #expect(String(describing: pooled.analysis) == String(describing: output.analysis))
    }

    /// Two clusters of display codes whose findings tie on pixels and difference (the same two source colors, each
    /// cell 100 pixels) come out in the order of their codes, whichever order the cell table's slots gave the groups in.
    @Test("Collapse findings that tie on size and difference are ordered by display code, not by the groups' order")
    func tiedFindings() throws {
        let pass = try PixelPass(
            format: .rgb16, width: 100, height: 100, profile: .displayP3, target: .sRGB, settings: .init())
        let red = PixelPass.Sample(c0: 65535, c1: 0, c2: 0), orange = PixelPass.Sample(c0: 65535, c1: 9000, c2: 0)
        // Cluster A: codes (250, 0, 0) and (251, 0, 0); cluster B: (250, 0, 200) and (251, 0, 200); one step apart within each.
        let codes: [UInt32] = [250, 251, 250 | 200 << 16, 251 | 200 << 16]
        func groups(_ order: [Int]) -> PixelPass.Groups {
            var all = PixelPass.Groups()
            for k in order {
                all.groups.append(
                    PixelPass.Group(
                        code: codes[k], pixels: 100, bounds: PixelRect(x: k * 10, y: 0, width: 10, height: 10), outOfGamut: 100,
                        cells: all.cells.count..<all.cells.count + 1))
                all.cells.append(
                    PixelPass.GroupCell(count: 100, interior: 100, x: Int32(k * 10), y: 0, sample: k % 2 == 0 ? red : orange))
            }
            return all
        }
        let forward = pass.collapseGroups(groups([0, 1, 2, 3]), counted: 10_000)
        let backward = pass.collapseGroups(groups([2, 3, 0, 1]), counted: 10_000)
        #expect(forward.count == 2)
        #expect(forward.map(\.sourceDeltaE) == [forward[0].sourceDeltaE, forward[0].sourceDeltaE] && forward[0].sourceDeltaE > 1)
        #expect(forward.map(\.pixelCount) == [200, 200])
        #expect(forward.map(\.firstShown) == [[250, 0, 0], [250, 0, 200]])
        #expect(String(describing: backward) == String(describing: forward))
    }
}
