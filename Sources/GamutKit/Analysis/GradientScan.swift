import Dispatch
import Foundation

/// Finds flattened gradients in an image: along each row and each column, runs of out-of-gamut pixels
/// whose source colors change smoothly and monotonically while the shown color barely moves (each step
/// within one display code per channel), at least ``AnalysisThreshold/gradientMinimumLength`` long, whose
/// source changes by ≥ ``AnalysisThreshold/flattenedSourceChange`` ΔE00 end to end while the shown color
/// changes by at most ``AnalysisThreshold/collapseRatio`` of that, losing at least
/// ``AnalysisThreshold/gradientMinimumLoss`` ΔE00 of the change (the floors under which no band is visible).
/// Runs in neighboring lines merge into regions.
///
/// One row-major pass tracks a run along the current row and one run per column, so memory is read
/// in order; no allocation per pixel.
struct GradientScan {
    let pass: PixelPass
    let packed: [UInt32]
    /// Each out-of-gamut pixel's ΔE00 × 100.
    let deltaE: [UInt16]
    /// Scan on the calling thread only (an analysis asked for one core, say one of several images in parallel).
    var serial = false

    struct Run {
        var line: Int, start: Int, end: Int  // inclusive pixel range along the line
        var sourceDeltaE: Double, shownDeltaE: Double
        var worst: Int, worstX: Int, worstY: Int  // ΔE00 × 100 of the run's worst pixel, and where
    }

    /// The state of a run being followed along a line. Plain scalars: building small SIMD vectors from
    /// loaded samples goes through memory on baseline x86-64 and costs more than the comparisons.
    struct Tracker {
        var start = -1
        var previous: Sample = .init()
        /// Per channel: +1 rising, −1 falling, 0 not yet known.
        var direction: Sample = .init()
        var lastCode: UInt32 = 0
    }

    /// Up to three source channels of a pixel, in codes.
    struct Sample {
        var c0: Int32 = 0, c1: Int32 = 0, c2: Int32 = 0
    }

    func regions() -> [ClippingGradientRegion] {
        let (rows, columns) = scan()
        let found = merge(rows, direction: .rows) + merge(columns, direction: .columns)
        return found.sorted { $0.bounds.width * $0.bounds.height > $1.bounds.width * $1.bounds.height }
    }

    /// Scans rows in bands and columns in bands, concurrently.
    private func scan() -> (rows: [Run], columns: [Run]) {
        let bands = max(1, ProcessInfo.processInfo.activeProcessorCount * 2)
        let jobs = (0..<bands).map { (rows: true, band: $0) } + (0..<bands).map { (rows: false, band: $0) }
        let results = Locked([[Run]](repeating: [], count: jobs.count))
        let scan: @Sendable (Int) -> Void = { j in
            let job = jobs[j]
            let extent = job.rows ? pass.height : pass.width
            let range = Bands.range(job.band, of: bands, over: extent)
            let found = job.rows ? scanRows(range) : scanColumns(range)
            results.withLock { $0[j] = found }
        }
        // The same bands either way, so the regions don't depend on how many cores scanned them.
        if serial { jobs.indices.forEach(scan) } else { DispatchQueue.concurrentPerform(iterations: jobs.count, execute: scan) }
        let all = results.withLock { $0 }
        return (all[0..<bands].flatMap { $0 }, all[bands...].flatMap { $0 })
    }

    /// The largest per-pixel change of a source channel in a smooth run, in codes.
    private var maximumStep: Int32 { Int32(pass.maxCode * pass.settings.gradientMaximumStepFraction) }

    /// Whether the pixel continues the run, updating its state: the shown color moves at most one code
    /// per channel, and every source channel moves by at most `maximumStep`, in a consistent direction.
    @inline(__always)
    private func continues(_ t: inout Tracker, _ sample: Sample, _ code: UInt32) -> Bool {
        guard GradientScan.shownStepIsSmall(t.lastCode, code) else { return false }
        let limit = maximumStep
        // One channel: within the step limit, and in the run's direction once that is known. A failed
        // check ends the run, so a partly updated direction is never used.
        @inline(__always) func follows(_ now: Int32, _ before: Int32, _ direction: inout Int32) -> Bool {
            let step = now &- before
            guard step <= limit, step >= -limit else { return false }
            let sign: Int32 = step > 0 ? 1 : step < 0 ? -1 : 0
            if direction == 0 { direction = sign } else if sign != 0 && sign != direction { return false }
            return true
        }
        return follows(sample.c0, t.previous.c0, &t.direction.c0) && follows(sample.c1, t.previous.c1, &t.direction.c1)
            && follows(sample.c2, t.previous.c2, &t.direction.c2)
    }

    @inline(__always)
    private func sample(_ row: UnsafeRawPointer, _ x: Int) -> Sample {
        let reader = pass.reader
        return pass.colorChannels == 3
            ? Sample(c0: Int32(reader.integer(row, x, 0)), c1: Int32(reader.integer(row, x, 1)), c2: Int32(reader.integer(row, x, 2)))
            : Sample(c0: Int32(reader.integer(row, x, 0)))
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

    /// Runs along rows `rows`.
    private func scanRows(_ rows: Range<Int>) -> [Run] {
        var runs: [Run] = []
        let width = pass.width
        pass.image.pixels.withUnsafeBytes { bytes in
            packed.withUnsafeBufferPointer { packed in
                for y in rows {
                    let row = bytes.baseAddress! + y * pass.image.pixels.rowBytes
                    var t = Tracker()
                    for x in 0..<width {
                        let code = packed[y * width + x]
                        let outside = code & PixelPass.outOfGamut != 0
                        let value = outside ? sample(row, x) : Sample()
                        if t.start >= 0 && (!outside || !continues(&t, value, code)) {
                            close(&runs, line: y, start: t.start, end: x - 1) { ($0, y) }
                            t.start = -1
                        }
                        if outside {
                            if t.start < 0 { t = Tracker(start: x) }
                            t.previous = value
                            t.lastCode = code
                        }
                    }
                    if t.start >= 0 { close(&runs, line: y, start: t.start, end: width - 1) { ($0, y) } }
                }
            }
        }
        return runs
    }

    /// Runs down columns `columns`, reading rows in order with one tracker per column.
    private func scanColumns(_ columns: Range<Int>) -> [Run] {
        var runs: [Run] = []
        let width = pass.width, height = pass.height
        // Through a pointer: an array of trackers would be checked for uniqueness on every update.
        let trackers = UnsafeMutableBufferPointer<Tracker>.allocate(capacity: columns.count)
        trackers.initialize(repeating: Tracker())
        defer { trackers.deallocate() }
        pass.image.pixels.withUnsafeBytes { bytes in
            packed.withUnsafeBufferPointer { packed in
                for y in 0..<height {
                    let row = bytes.baseAddress! + y * pass.image.pixels.rowBytes
                    for x in columns {
                        let i = x - columns.lowerBound
                        let code = packed[y * width + x]
                        let outside = code & PixelPass.outOfGamut != 0
                        let value = outside ? sample(row, x) : Sample()
                        if trackers[i].start >= 0 && (!outside || !continues(&trackers[i], value, code)) {
                            close(&runs, line: x, start: trackers[i].start, end: y - 1) { (x, $0) }
                            trackers[i].start = -1
                        }
                        if outside {
                            if trackers[i].start < 0 { trackers[i] = Tracker(start: y) }
                            trackers[i].previous = value
                            trackers[i].lastCode = code
                        }
                    }
                }
                for x in columns where trackers[x - columns.lowerBound].start >= 0 {
                    close(&runs, line: x, start: trackers[x - columns.lowerBound].start, end: height - 1) { (x, $0) }
                }
            }
        }
        return runs
    }

    /// Records the run if it is long enough and flattened end to end.
    private func close(_ runs: inout [Run], line: Int, start: Int, end: Int, position: (Int) -> (x: Int, y: Int)) {
        let settings = pass.settings
        guard end - start + 1 >= settings.gradientMinimumLength else { return }
        let a = position(start), b = position(end)
        let source = CIEDE2000.difference(pass.pixelLab(x: a.x, y: a.y), pass.pixelLab(x: b.x, y: b.y))
        guard source >= settings.flattenedSourceChange else { return }
        let shownA = packed[a.y * pass.width + a.x] & 0xFF_FFFF, shownB = packed[b.y * pass.width + b.x] & 0xFF_FFFF
        let shown = shownA == shownB ? 0 : CIEDE2000.difference(pass.shownLab(shownA), pass.shownLab(shownB))
        if shown <= settings.collapseRatio * source && source - shown >= settings.gradientMinimumLoss {
            var worst = (value: -1, x: 0, y: 0)
            for i in start...end {
                let p = position(i)
                let value = Int(deltaE[p.y * pass.width + p.x])
                if value > worst.value { worst = (value, p.x, p.y) }
            }
            runs.append(
                Run(
                    line: line, start: start, end: end, sourceDeltaE: source, shownDeltaE: shown,
                    worst: worst.value, worstX: worst.x, worstY: worst.y))
        }
    }

    /// Merges runs of neighboring lines that overlap into regions. Runs arrive sorted by line; a region
    /// stays open while the previous line added to it.
    private func merge(_ runs: [Run], direction: ClippingGradientRegion.Direction) -> [ClippingGradientRegion] {
        var closed: [ClippingGradientRegion] = []
        var open: [(region: ClippingGradientRegion, line: Int, start: Int, end: Int)] = []
        for run in runs.sorted(by: { ($0.line, $0.start) < ($1.line, $1.start) }) {
            // Regions whose last run is more than one line back can't grow any more.
            closed += open.filter { $0.line < run.line - 1 }.map(\.region)
            open.removeAll { $0.line < run.line - 1 }
            let rect =
                direction == .rows
                ? PixelRect(x: run.start, y: run.line, width: run.end - run.start + 1, height: 1)
                : PixelRect(x: run.line, y: run.start, width: 1, height: run.end - run.start + 1)
            let length = run.end - run.start + 1
            if let i = open.firstIndex(where: { $0.line == run.line - 1 && $0.start <= run.end && run.start <= $0.end }) {
                open[i].region.bounds = open[i].region.bounds.union(rect)
                open[i].region.runs += 1
                open[i].region.longestRun = max(open[i].region.longestRun, length)
                open[i].region.sourceDeltaE = max(open[i].region.sourceDeltaE, run.sourceDeltaE)
                open[i].region.shownDeltaE = max(open[i].region.shownDeltaE, run.shownDeltaE)
                if Double(run.worst) / 100 > open[i].region.worstDeltaE {
                    open[i].region.worstDeltaE = Double(run.worst) / 100
                    open[i].region.worstX = run.worstX
                    open[i].region.worstY = run.worstY
                }
                open[i].line = run.line
                open[i].start = run.start
                open[i].end = run.end
            } else {
                open.append(
                    (
                        ClippingGradientRegion(
                            direction: direction, bounds: rect, runs: 1, longestRun: length,
                            sourceDeltaE: run.sourceDeltaE, shownDeltaE: run.shownDeltaE,
                            worstDeltaE: Double(run.worst) / 100, worstX: run.worstX, worstY: run.worstY),
                        run.line, run.start, run.end
                    ))
            }
        }
        return closed + open.map(\.region)
    }
}

extension GradientScan.Tracker {
    init(start: Int) { self.start = start }
}
