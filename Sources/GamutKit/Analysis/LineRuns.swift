/// A stretch of pixels along one line of an image (a row, or a column), as the line scans find them.
struct LineRun {
    /// The row or column, and the first and last pixel along it (inclusive).
    var line: Int, start: Int, end: Int

    /// The rectangle the run covers, for runs along `direction`.
    func rect(_ direction: ClippingGradientRegion.Direction) -> PixelRect {
        direction == .rows
            ? PixelRect(x: start, y: line, width: end - start + 1, height: 1)
            : PixelRect(x: line, y: start, width: 1, height: end - start + 1)
    }

    /// Groups runs of neighboring lines that overlap into regions: the one rule both the gradient scan and the banding
    /// scan join lines by. Runs are taken in order of line and start; a region stays open while the previous line added
    /// to it, and a run joins the first open region whose last run (on the line before) it overlaps. Returns each
    /// region's runs, as indices into `runs`.
    static func regions(_ runs: [LineRun]) -> [[Int]] {
        var closed: [[Int]] = []
        var open: [(members: [Int], last: LineRun)] = []
        for i in runs.indices.sorted(by: { (runs[$0].line, runs[$0].start) < (runs[$1].line, runs[$1].start) }) {
            let run = runs[i]
            // Regions whose last run is more than one line back can't grow any more.
            closed += open.filter { $0.last.line < run.line - 1 }.map(\.members)
            open.removeAll { $0.last.line < run.line - 1 }
            if let o = open.firstIndex(where: { $0.last.line == run.line - 1 && $0.last.start <= run.end && run.start <= $0.last.end }) {
                open[o].members.append(i)
                open[o].last = run
            } else {
                open.append(([i], run))
            }
        }
        return closed + open.map(\.members)
    }
}
