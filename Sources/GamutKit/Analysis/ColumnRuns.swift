/// Each column's run of vertically adjacent pixels with the same display code and source cell, added to the cell table
/// at once when the run ends. Smooth art changes less down than across: on the Catalog benchmark's saturated images,
/// three in four out-of-gamut pixels fall in the cell of the pixel above them and one in thirteen in that of the pixel to
/// their left (hue sweeps along rows), so following columns adds a quarter as many runs to the table as following rows.
/// Which runs reach the table doesn't change it: counts add, bounds widen, and a run's first pixel is its top one.
struct ColumnRuns {
    struct Run {
        /// 0: no run in this column.
        var key: UInt64 = 0
        var count: Int32 = 0, interior: Int32 = 0
        var top: Int32 = 0, bottom: Int32 = 0
        /// The samples of the run's top pixel.
        var sample = CellTable.CompactSample()
    }

    let outOfGamut: Bool
    private let runs: UnsafeMutableBufferPointer<Run>

    init(width: Int, outOfGamut: Bool) {
        self.outOfGamut = outOfGamut
        runs = .allocate(capacity: max(1, width))
        runs.initialize(repeating: Run())
    }

    func deallocate() { runs.deallocate() }

    /// Extends column `x`'s run with pixel `x` of row `y` (at `row`), or adds that run to `cells` and starts a new one.
    @inline(__always)
    func add(_ key: UInt64, x: Int, y: Int, row: UnsafeRawPointer, interior: Int, pass: PixelPass, into cells: inout CellTable) {
        let y32 = Int32(truncatingIfNeeded: y)
        if runs[x].key == key && runs[x].bottom == y32 &- 1 {
            runs[x].count &+= 1
            runs[x].interior &+= Int32(truncatingIfNeeded: interior)
            runs[x].bottom = y32
            return
        }
        if runs[x].key != 0 { add(runs[x], x: x, into: &cells) }
        runs[x] = Run(
            key: key, count: 1, interior: Int32(truncatingIfNeeded: interior), top: y32, bottom: y32,
            sample: CellTable.CompactSample(pass.sample(row, x)))
    }

    /// Adds every column's run to `cells`, the table of the chunk being run (drained after each chunk, so runs never
    /// cross chunks and the chunk's cells don't depend on which worker ran the chunk before).
    func flush(into cells: inout CellTable) {
        for x in runs.indices where runs[x].key != 0 {
            add(runs[x], x: x, into: &cells)
            runs[x].key = 0
        }
    }

    private func add(_ run: Run, x: Int, into cells: inout CellTable) {
        let x32 = Int32(truncatingIfNeeded: x)
        cells.add(
            CellTable.Entry(
                key: run.key, count: run.count, interior: run.interior, x: x32, y: run.top, x0: x32, y0: run.top, x1: x32,
                y1: run.bottom, sample: run.sample, outOfGamut: outOfGamut ? 1 : 0))
    }
}
