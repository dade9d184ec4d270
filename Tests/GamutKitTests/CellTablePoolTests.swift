@testable import GamutKit
import Testing

/// Collapse-cell tables reused across analyses: what the pool hands out and keeps, and that an analysis's results
/// don't depend on which table it was handed (only where its cells sit in the slots does).
@Suite("Cell table pool")
struct CellTablePoolTests {
    @Test("A table given back is handed out empty, and only to an analysis that can fill it")
    func reuse() {
        let pool = CellTablePool(byteLimit: 64 << 20)
        let table = CellTableTests.table([Int32](repeating: 3, count: 20_000))  // grown well past the default size
        let slots = table.slots.count
        #expect(slots == CellTable.slotCount(for: 20_000) && slots > CellTable().slots.count)
        pool.give(table)
        #expect(pool.kept == [slots])
        // An analysis that holds at most 1,000 cells gets a new table of the default size.
        let small = pool.take(forAtMost: 1_000)
        #expect(small.slots.count == CellTable().slots.count && small.used == 0)
        #expect(pool.kept == [slots])
        var reused = pool.take(forAtMost: 20_000)
        #expect(reused.slots.count == slots && reused.used == 0 && reused.all.isEmpty)
        #expect(pool.kept.isEmpty)
        // Emptied, not just counted as empty: a key it held is added as new.
        reused.add(CellTable.Entry(key: 5, count: 2, x: 1, y: 0, x0: 1, y0: 0, x1: 2, y1: 0))
        #expect(reused.all.map(\.count) == [2])
    }

    @Test("The largest table an analysis can fill is handed out, and the pool keeps no more than its byte limit")
    func choiceAndLimit() {
        let small = CellTable(capacity: 4_096), large = CellTable(capacity: 20_000)
        let pool = CellTablePool(byteLimit: large.bytes + 2 * small.bytes)
        pool.give(small)
        pool.give(large)
        pool.give(CellTable(capacity: 4_096))
        pool.give(CellTable(capacity: 4_096))  // no room left
        #expect(pool.kept == [large.slots.count, small.slots.count, small.slots.count])
        #expect(pool.take(forAtMost: 1_000_000).slots.count == large.slots.count)
        #expect(pool.take(forAtMost: 1_000_000).slots.count == small.slots.count)
        // A table larger than the limit by itself is not kept.
        let tight = CellTablePool(byteLimit: small.bytes)
        tight.give(CellTable(capacity: 20_000))
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
        let grown = pool.kept
        #expect(grown.count == 1, "the analysis gives its table back")
        let reused = try run(pool)
        #expect(pool.kept == grown)
        // The most slots this analysis may be handed: at most its budget (65,536) and a chunk's cells (64 rows of 400).
        let larger = CellTablePool(byteLimit: 64 << 20)
        larger.give(CellTable(capacity: 65_536 + 64 * 400))
        #expect(larger.kept[0] > 2 * grown[0], "the larger table places the cells in other slots")
        let fromLarger = try run(larger)
        #expect(larger.kept[0] > 2 * grown[0], "the larger table was handed out and came back")
        #expect(fresh.analysis.collapseGroups.count >= 1 && fresh.analysis.outOfGamutPixels > 0)
        for other in [reused, fromLarger] {
            #expect(String(describing: other.analysis) == String(describing: fresh.analysis))
            #expect(other.cells == fresh.cells)
        }
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
