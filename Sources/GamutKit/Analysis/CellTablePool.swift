/// The emptied collapse-cell tables of finished analyses (each ``AnalysisPipeline``'s, which its chunks' cells merge
/// into), kept for the next ones: an analysis whose cells outgrow the new table it starts with (8,192 slots) trades it
/// for a kept one instead of growing it by doubling, so a batch of saturated images (a catalog's, a folder's) doesn't
/// rehash and fault in a table of several megabytes for every image; that took about 6% of their analysis. Images with
/// few cells never take one, so they never walk or clear a big table.
///
/// Kept: tables larger than a new one and at most a quarter of `byteLimit` each (a huge image's table isn't held), at
/// most `byteLimit` bytes in all. Which table an analysis gets changes where its cells sit in the slots, not what the
/// table holds, and the results don't depend on that (``PixelPass/collapseGroups(_:counted:)`` orders its findings by
/// their content).
final class CellTablePool: Sendable {
    /// The pool every analysis uses unless given another (tests).
    static let shared = CellTablePool(byteLimit: 64 << 20)

    /// The most bytes of tables kept.
    let byteLimit: Int
    private let tables = Locked<[CellTable]>([])

    init(byteLimit: Int) { self.byteLimit = byteLimit }

    /// The largest kept table of `minimum` to `maximum` slots, emptied, or nil.
    func take(slots minimum: Int, atMost maximum: Int) -> CellTable? {
        tables.withLock { kept in
            let fitting = kept.indices.filter { minimum <= kept[$0].slots.count && kept[$0].slots.count <= maximum }
            guard let best = fitting.max(by: { kept[$0].slots.count < kept[$1].slots.count }) else { return nil }
            return kept.remove(at: best)
        }
    }

    /// Keeps `table`, emptied, when it is worth keeping and the pool has room for it.
    func give(_ table: consuming CellTable) {
        let bytes = table.bytes
        guard table.slots.count > CellTable.newSlots, bytes <= byteLimit / 4 else { return }
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
