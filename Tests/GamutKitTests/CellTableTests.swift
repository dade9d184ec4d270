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

    @Test("A table within the limit is left as it is")
    func withinLimit() {
        var table = Self.table([1, 1, 2, 9])
        #expect(table.keepLargest(atMost: 4) == 0)
        #expect(table.all.count == 4)
    }
}
