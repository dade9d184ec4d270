/// The emptied collapse-cell tables of finished analyses (each ``AnalysisPipeline``'s, which its chunks' cells merge
/// into), kept for the next ones, so that a batch of images (a catalog's, a folder's) doesn't grow a table from 4,096
/// slots, and fault its pages in, for every image: that took about 6% of the analysis of a saturated 1024² image.
///
/// A kept table is handed out only to an analysis that can fill it (so a small image doesn't walk or clear a big
/// table), and the pool holds at most `byteLimit` bytes. Which table an analysis gets changes where its cells sit in the
/// slots, not what the table holds, and the results don't depend on that (``PixelPass/collapseGroups(_:counted:)``
/// orders its findings by their content).
final class CellTablePool: Sendable {
    /// The pool every analysis uses unless given another (tests).
    static let shared = CellTablePool(byteLimit: 64 << 20)

    /// The most bytes of tables kept.
    let byteLimit: Int
    private let tables = Locked<[CellTable]>([])

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    /// An empty table for an analysis that holds at most `cells` cells at once: the largest kept table of no more slots
    /// than such a table has, or a new one.
    func take(forAtMost cells: Int) -> CellTable {
        let largest = CellTable.slotCount(for: cells)
        return tables.withLock { kept in
            let fitting = kept.indices.filter { kept[$0].slots.count <= largest }
            guard let best = fitting.max(by: { kept[$0].slots.count < kept[$1].slots.count }) else { return nil }
            return kept.remove(at: best)
        } ?? CellTable()
    }

    /// Keeps `table`, emptied, when the pool has room for it.
    func give(_ table: consuming CellTable) {
        let bytes = table.bytes
        func room(_ kept: [CellTable]) -> Bool { kept.reduce(bytes) { $0 + $1.bytes } <= byteLimit }
        guard tables.withLock({ room($0) }) else { return }
        table.removeAll()  // outside the lock, on the caller's only reference (a copy would copy the slots first)
        let emptied = table
        tables.withLock { kept in
            if room(kept) { kept.append(emptied) }
        }
    }

    /// The slot counts of the tables kept, largest first.
    var kept: [Int] { tables.withLock { $0.map(\.slots.count).sorted(by: >) } }
}
