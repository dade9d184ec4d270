/// Finds flattened gradients in an image: along each row and each column, runs of out-of-gamut pixels
/// whose source colors change smoothly and monotonically while the shown color barely moves (each step
/// within one display code per channel), at least ``AnalysisSettings/gradientMinimumLength`` long, whose
/// source changes by ≥ ``AnalysisSettings/flattenedSourceChange`` ΔE00 end to end while the shown color
/// changes by at most ``AnalysisSettings/collapseRatio`` of that. Runs in neighboring lines merge into regions.
struct GradientScan {
    let pass: PixelPass
    let packed: [UInt32]

    struct Run {
        var line: Int, start: Int, end: Int  // inclusive pixel range along the line
        var sourceDeltaE: Double, shownDeltaE: Double
    }

    func regions() -> [ClippingGradientRegion] {
        let rows = runs(lines: pass.height, length: pass.width) { line, i in (i, line) }
        let columns = runs(lines: pass.width, length: pass.height) { line, i in (line, i) }
        let found = merge(rows, direction: .rows) + merge(columns, direction: .columns)
        return found.sorted { $0.bounds.width * $0.bounds.height > $1.bounds.width * $1.bounds.height }
    }

    /// Largest per-step change of an encoded source channel in a smooth run: 3% of full scale.
    var maximumStep: Int { Int(pass.maxCode * 0.03) }

    private func runs(lines: Int, length: Int, position: (Int, Int) -> (x: Int, y: Int)) -> [Run] {
        let settings = pass.settings
        var found: [Run] = []
        pass.image.pixels.bytes.withUnsafeBytes { bytes in
            let rowBytes = pass.image.pixels.rowBytes
            func samples(_ p: (x: Int, y: Int)) -> [Int] {
                (0..<pass.colorChannels).map { pass.sample(bytes.baseAddress! + p.y * rowBytes, p.x, $0) }
            }
            for line in 0..<lines {
                var start = -1
                var direction = [Int](repeating: 0, count: pass.colorChannels)
                var previous: [Int] = []
                func close(_ end: Int) {
                    defer { start = -1 }
                    guard start >= 0, end - start + 1 >= settings.gradientMinimumLength else { return }
                    let a = position(line, start), b = position(line, end)
                    let first = pass.simulation.evaluate(pass.encoded(x: a.x, y: a.y))
                    let last = pass.simulation.evaluate(pass.encoded(x: b.x, y: b.y))
                    let source = CIEDE2000.difference(first.sourceLab, last.sourceLab)
                    let shown = CIEDE2000.difference(first.shownLab, last.shownLab)
                    if source >= settings.flattenedSourceChange && shown <= settings.collapseRatio * source {
                        found.append(Run(line: line, start: start, end: end, sourceDeltaE: source, shownDeltaE: shown))
                    }
                }
                for i in 0..<length {
                    let p = position(line, i)
                    let value = packed[p.y * pass.width + p.x]
                    guard value & PixelPass.outOfGamut != 0 else {
                        close(i - 1)
                        continue
                    }
                    let current = samples(p)
                    if start >= 0 {
                        let q = position(line, i - 1)
                        let before = packed[q.y * pass.width + q.x]
                        var continues = Self.shownStepIsSmall(before, value)
                        for c in 0..<current.count where continues {
                            let step = current[c] - previous[c]
                            if abs(step) > maximumStep { continues = false }
                            let sign = step.signum()
                            if sign != 0 {
                                if direction[c] == 0 { direction[c] = sign } else if direction[c] != sign { continues = false }
                            }
                        }
                        if !continues {
                            close(i - 1)
                        }
                    }
                    if start < 0 {
                        start = i
                        direction = [Int](repeating: 0, count: pass.colorChannels)
                    }
                    previous = current
                }
                close(length - 1)
            }
        }
        return found
    }

    /// Whether two packed shown codes differ by at most one code per channel.
    static func shownStepIsSmall(_ a: UInt32, _ b: UInt32) -> Bool {
        for shift: UInt32 in [0, 8, 16] where abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) > 1 { return false }
        return true
    }

    /// Merges runs of neighboring lines that overlap into regions.
    private func merge(_ runs: [Run], direction: ClippingGradientRegion.Direction) -> [ClippingGradientRegion] {
        var regions: [(region: ClippingGradientRegion, lastLine: Int, lastStart: Int, lastEnd: Int)] = []
        for run in runs.sorted(by: { ($0.line, $0.start) < ($1.line, $1.start) }) {
            let rect = direction == .rows
                ? PixelRect(x: run.start, y: run.line, width: run.end - run.start + 1, height: 1)
                : PixelRect(x: run.line, y: run.start, width: 1, height: run.end - run.start + 1)
            if let i = regions.firstIndex(where: { $0.lastLine >= run.line - 1 && $0.lastStart <= run.end && run.start <= $0.lastEnd }) {
                regions[i].region.bounds = regions[i].region.bounds.union(rect)
                regions[i].region.runs += 1
                regions[i].region.longestRun = max(regions[i].region.longestRun, run.end - run.start + 1)
                regions[i].region.sourceDeltaE = max(regions[i].region.sourceDeltaE, run.sourceDeltaE)
                regions[i].region.shownDeltaE = max(regions[i].region.shownDeltaE, run.shownDeltaE)
                regions[i].lastLine = run.line
                regions[i].lastStart = run.start
                regions[i].lastEnd = run.end
            } else {
                regions.append((ClippingGradientRegion(direction: direction, bounds: rect, runs: 1, longestRun: run.end - run.start + 1,
                                                       sourceDeltaE: run.sourceDeltaE, shownDeltaE: run.shownDeltaE),
                                run.line, run.start, run.end))
            }
        }
        return regions.map(\.region)
    }
}
