import Dispatch
import Foundation

/// Finds flattened gradients in an image: along each row and each column, runs of out-of-gamut pixels
/// whose source colors change smoothly and monotonically while the shown color barely moves (each step
/// within one display code per channel), changing at ``AnalysisSettings/gradientMinimumSteps`` pixels or more over at
/// least ``AnalysisSettings/gradientMinimumLength``, whose source changes by ≥
/// ``AnalysisSettings/flattenedSourceChange`` ΔE00 end to end while the shown color changes by at most
/// ``AnalysisSettings/collapseRatio`` of that, losing at least ``AnalysisSettings/gradientMinimumLoss`` ΔE00 of the
/// change (the floors under which no band is visible). Runs in neighboring lines merge into regions, and a region is a
/// gradient when it spans ``AnalysisSettings/gradientMinimumLines`` lines: the edge of a shape or a stroke, a step
/// between two flat colors, is not one.
///
/// Rows are scanned as each chunk of rows is analyzed; columns are scanned as chunks arrive in order, with one run
/// followed per column (``Columns``). Neither needs the image: a run keeps its first pixel's samples and code and its
/// worst pixel, so the analysis holds a few rows at a time.
struct GradientScan {
    let pass: PixelPass

    struct Run {
        var line: Int, start: Int, end: Int  // inclusive pixel range along the line
        var sourceDeltaE: Double, shownDeltaE: Double
        var worst: Int, worstX: Int, worstY: Int  // ΔE00 × 100 of the run's worst pixel, and where
        var from: PixelPass.Sample, to: PixelPass.Sample  // the source at the run's ends
    }

    /// The state of a run being followed along a line. Plain scalars: building small SIMD vectors from
    /// loaded samples goes through memory on baseline x86-64 and costs more than the comparisons.
    struct Tracker {
        var start = -1
        var previous = PixelPass.Sample()
        /// Per channel: +1 rising, −1 falling, 0 not yet known.
        var direction = PixelPass.Sample()
        var lastCode: UInt32 = 0
        /// The run's first pixel: samples and display code.
        var first = PixelPass.Sample()
        var firstCode: UInt32 = 0
        /// The largest ΔE00 × 100 along the run (the first one met), and where along the line.
        var worst: Int32 = -1, worstAt: Int32 = 0
        /// The pixels where the source changes, and the stretch they span (from the pixel before the first change).
        var steps: Int32 = 0, rampStart: Int32 = -1, rampEnd: Int32 = -1

        init() {}

        init(start: Int, sample: PixelPass.Sample, code: UInt32) {
            self.start = start
            first = sample
            firstCode = code
        }

        /// Adds an out-of-gamut pixel at `position` along the line to the run.
        @inline(__always)
        mutating func append(_ sample: PixelPass.Sample, code: UInt32, deltaE: UInt16, at position: Int) {
            if position != start, sample.c0 != previous.c0 || sample.c1 != previous.c1 || sample.c2 != previous.c2 {
                steps &+= 1
                if rampStart < 0 { rampStart = Int32(truncatingIfNeeded: position - 1) }
                rampEnd = Int32(truncatingIfNeeded: position)
            }
            previous = sample
            lastCode = code
            if Int32(deltaE) > worst { (worst, worstAt) = (Int32(deltaE), Int32(position)) }
        }
    }

    /// The runs followed down every column, one chunk of rows after another (in order).
    /// `@unchecked Sendable`: used by one thread at a time (the pipeline's sequencer).
    final class Columns: @unchecked Sendable {
        let trackers: UnsafeMutableBufferPointer<Tracker>
        var runs: [Run] = []
        /// How many columns have a run open.
        var open = 0

        init(width: Int) {
            trackers = .allocate(capacity: width)
            trackers.initialize(repeating: Tracker())
        }

        deinit { trackers.deallocate() }
    }

    /// Merges the runs found along rows and down columns into regions that span enough lines, largest first.
    func regions(rows: [Run], columns: [Run]) -> [ClippingGradientRegion] {
        let lines = pass.settings.gradientMinimumLines
        let found = (merge(rows, direction: .rows) + merge(columns, direction: .columns)).filter {
            ($0.direction == .rows ? $0.bounds.height : $0.bounds.width) >= lines
        }
        return found.sorted { $0.bounds.width * $0.bounds.height > $1.bounds.width * $1.bounds.height }
    }

    /// The largest per-pixel change of a source channel in a smooth run, in codes.
    private var maximumStep: Int32 { RampStep.limit(maxCode: pass.maxCode, settings: pass.settings) }

    /// Whether the pixel continues the run, updating its state: the shown color moves at most one code
    /// per channel, and every source channel moves by at most `maximumStep`, in a consistent direction.
    @inline(__always)
    private func continues(_ t: inout Tracker, _ sample: PixelPass.Sample, _ code: UInt32) -> Bool {
        guard GradientScan.shownStepIsSmall(t.lastCode, code) else { return false }
        let limit = maximumStep
        // One channel: within the step limit, and in the run's direction once that is known. A failed
        // check ends the run, so a partly updated direction is never used.
        @inline(__always) func follows(_ now: Int32, _ before: Int32, _ direction: inout Int32) -> Bool {
            RampStep.follows(now &- before, limit: limit, direction: &direction)
        }
        return follows(sample.c0, t.previous.c0, &t.direction.c0) && follows(sample.c1, t.previous.c1, &t.direction.c1)
            && follows(sample.c2, t.previous.c2, &t.direction.c2)
    }

    /// Whether two packed shown codes differ by at most one code per channel.
    @inline(__always)
    static func shownStepIsSmall(_ a: UInt32, _ b: UInt32) -> Bool {
        @inline(__always) func near(_ shift: UInt32) -> Bool {
            let d = Int32(a >> shift & 0xFF) - Int32(b >> shift & 0xFF)
            return d <= 1 && d >= -1
        }
        return near(0) && near(8) && near(16)
    }

    /// Runs along row `y` (`codes` and `deltaE`: its display codes and out-of-gamut ΔE00 × 100), appended to `runs`.
    func scanRow(_ row: UnsafeRawPointer, y: Int, codes: PackedCodes, into runs: inout [Run]) {
        var t = Tracker()
        for x in 0..<pass.width {
            let code = codes.pointer[x]
            let outside = code & PixelPass.outOfGamut != 0
            let value = outside ? pass.sample(row, x) : PixelPass.Sample()
            if t.start >= 0 && (!outside || !continues(&t, value, code)) {
                close(&runs, t, line: y, end: x - 1) { ($0, y) }
                t.start = -1
            }
            if outside {
                if t.start < 0 { t = Tracker(start: x, sample: value, code: code) }
                t.append(value, code: code, deltaE: codes.deltaE[x], at: x)
            }
        }
        if t.start >= 0 { close(&runs, t, line: y, end: pass.width - 1) { ($0, y) } }
    }

    /// Follows every column's run through row `y`, the next row in order.
    func scanColumns(_ row: UnsafeRawPointer, y: Int, codes: PackedCodes, into columns: Columns) {
        let trackers = columns.trackers
        for x in 0..<pass.width {
            let code = codes.pointer[x]
            let outside = code & PixelPass.outOfGamut != 0
            if trackers[x].start < 0 && !outside { continue }
            let value = outside ? pass.sample(row, x) : PixelPass.Sample()
            if trackers[x].start >= 0 && (!outside || !continues(&trackers[x], value, code)) {
                close(&columns.runs, trackers[x], line: x, end: y - 1) { (x, $0) }
                trackers[x].start = -1
                columns.open -= 1
            }
            if outside {
                if trackers[x].start < 0 {
                    trackers[x] = Tracker(start: y, sample: value, code: code)
                    columns.open += 1
                }
                trackers[x].append(value, code: code, deltaE: codes.deltaE[x], at: y)
            }
        }
    }

    /// Closes the runs still open at the bottom of the image.
    func finishColumns(_ columns: Columns) {
        for x in 0..<pass.width where columns.trackers[x].start >= 0 {
            close(&columns.runs, columns.trackers[x], line: x, end: pass.height - 1) { (x, $0) }
        }
    }

    /// Records the run followed by `t`, ending at `end` along `line`, if it changes at enough pixels over a long enough
    /// stretch and is flattened end to end.
    private func close(_ runs: inout [Run], _ t: Tracker, line: Int, end: Int, position: (Int) -> (x: Int, y: Int)) {
        let settings = pass.settings
        guard Int(t.steps) >= settings.gradientMinimumSteps, Int(t.rampEnd - t.rampStart) + 1 >= settings.gradientMinimumLength
        else { return }
        let source = CIEDE2000.difference(pass.lab(t.first), pass.lab(t.previous))
        guard source >= settings.flattenedSourceChange else { return }
        let shownA = t.firstCode & 0xFF_FFFF, shownB = t.lastCode & 0xFF_FFFF
        let shown = shownA == shownB ? 0 : CIEDE2000.difference(pass.shownLab(shownA), pass.shownLab(shownB))
        if shown <= settings.collapseRatio * source && source - shown >= settings.gradientMinimumLoss {
            let worst = position(Int(t.worstAt))
            runs.append(
                Run(
                    line: line, start: t.start, end: end, sourceDeltaE: source, shownDeltaE: shown,
                    worst: Int(t.worst), worstX: worst.x, worstY: worst.y, from: t.first, to: t.previous))
        }
    }

    /// Merges runs of neighboring lines that overlap into regions (``LineRun/regions(_:)``).
    private func merge(_ runs: [Run], direction: ClippingGradientRegion.Direction) -> [ClippingGradientRegion] {
        LineRun.regions(runs.map { LineRun(line: $0.line, start: $0.start, end: $0.end) }).map { members in
            let regions = members.map { i in
                let run = runs[i]
                return ClippingGradientRegion(
                    direction: direction, bounds: LineRun(line: run.line, start: run.start, end: run.end).rect(direction),
                    runs: 1, longestRun: run.end - run.start + 1, sourceDeltaE: run.sourceDeltaE, shownDeltaE: run.shownDeltaE,
                    worstDeltaE: Double(run.worst) / 100, worstX: run.worstX, worstY: run.worstY,
                    ends: [pass.lab(run.from), pass.lab(run.to)])
            }
            return regions.dropFirst().reduce(into: regions[0]) { $0.absorb($1) }
        }
    }
}
