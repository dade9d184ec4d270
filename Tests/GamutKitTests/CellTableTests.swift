@testable import GamutKit
import Testing

/// The collapse cells' table: pruning to a budget keeps the largest cells whole.
@Suite("Cell table")
struct CellTableTests {
    /// A table of `counts.count` cells, cell k holding `counts[k]` pixels, added in pieces of at most 5 pixels.
    static func table(_ counts: [Int32]) -> CellTable {
        var table = CellTable(capacity: 16)
        for (k, count) in counts.enumerated() {
            var left = count
            while left > 0 {
                let piece = min(left, 5)
                table.add(CellTable.Entry(key: UInt64(k + 1), count: piece, x: Int32(k), y: 0, x0: Int32(k), y0: 0, x1: Int32(k), y1: 0))
                left -= piece
            }
        }
        return table
    }

    @Test(
        "keepLargest keeps the cells of at least the smallest power of two (from 2) that leaves no more than the limit",
        arguments: [1, 10, 100, 700, 999])
    func keepLargest(limit: Int) {
        var random = SplitMix64(seed: UInt64(limit))
        // Counts spread over powers of two: 1 … 4096 pixels.
        let counts = (0..<1000).map { _ in Int32(1 << Int.random(in: 0...12, using: &random)) + Int32.random(in: 0...3, using: &random) }
        var table = Self.table(counts)
        #expect(table.used == 1000)
        let threshold = table.keepLargest(atMost: limit)
        // The threshold found by counting directly, as the definition reads.
        var expected: Int32 = 2
        while counts.filter({ $0 >= expected }).count > limit { expected *= 2 }
        #expect(threshold == expected)
        let kept = table.all.sorted { $0.key < $1.key }
        #expect(kept.map(\.key) == counts.indices.filter { counts[$0] >= expected }.map { UInt64($0 + 1) })
        #expect(kept.allSatisfy { $0.count == counts[Int($0.key) - 1] })
        #expect(table.used == kept.count && kept.count <= limit)
    }

    @Test("One cell's entries added in any order give the same entry")
    func entriesMerge() {
        func sample(_ v: UInt16) -> CellTable.CompactSample {
            var s = CellTable.CompactSample()
            (s.c0, s.c1, s.c2) = (v, v + 1, v + 2)
            return s
        }
        // Three runs of cell 7: row 5 (x 5…7, leftmost, so a first pixel chosen by x before y would be it), row 3 (x 40…41,
        // out of gamut), row 3 (x 8, before the other one: the first pixel in reading order).
        let pieces = [
            CellTable.Entry(
                key: 7, count: 3, interior: 2, x: 5, y: 5, x0: 5, y0: 5, x1: 7, y1: 5, sample: sample(100), outOfGamut: 0),
            CellTable.Entry(
                key: 7, count: 2, interior: 0, x: 40, y: 3, x0: 40, y0: 3, x1: 41, y1: 3, sample: sample(200), outOfGamut: 1),
            CellTable.Entry(key: 7, count: 1, interior: 1, x: 8, y: 3, x0: 8, y0: 3, x1: 8, y1: 3, sample: sample(300), outOfGamut: 0),
        ]
        let expected = CellTable.Entry(
            key: 7, count: 6, interior: 3, x: 8, y: 3, x0: 5, y0: 3, x1: 41, y1: 5, sample: sample(300), outOfGamut: 1)
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            var table = CellTable(capacity: 16)
            for i in order { table.add(pieces[i]) }
            #expect(table.all == [expected], "order \(order)")
        }
    }

    @Test("A table within the limit is left as it is")
    func withinLimit() {
        var table = Self.table([1, 1, 2, 9])
        #expect(table.keepLargest(atMost: 4) == 0)
        #expect(table.all.count == 4)
    }
}
