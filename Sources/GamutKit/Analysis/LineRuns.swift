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

/// What makes neighboring samples of a ramp smooth, for the gradient scan and the banding scan alike: each channel
/// moves by at most ``AnalysisSettings/gradientMaximumStepFraction`` of full scale, always in the same direction.
enum RampStep {
    /// The largest step of a channel, in codes of a sample whose full scale is `maxCode`.
    static func limit(maxCode: Double, settings: AnalysisSettings) -> Int32 {
        Int32(maxCode * settings.gradientMaximumStepFraction)
    }

    /// Whether one channel's `step` continues the ramp: within `limit`, and in its `direction` (+1 rising, −1 falling,
    /// 0 while unknown, set here by the first move).
    @inline(__always)
    static func follows(_ step: Int32, limit: Int32, direction: inout Int32) -> Bool {
        guard step <= limit, step >= -limit else { return false }
        let sign: Int32 = step > 0 ? 1 : step < 0 ? -1 : 0
        if direction == 0 { direction = sign } else if sign != 0 && sign != direction { return false }
        return true
    }
}
