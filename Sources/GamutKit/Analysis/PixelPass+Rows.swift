import Dispatch
import Foundation

extension PixelPass {
    /// What a worker's chunks add up to (the collapse cells aside, which the pipeline merges per chunk); the workers'
    /// totals are merged at the end.
    struct Totals {
        var counted = 0, outOfGamut = 0, visible = 0
        var histogram: [Int]
        var worst: PixelSample?
        var visibleBounds: PixelRect?

        init(bins: Int) { histogram = [Int](repeating: 0, count: bins) }

        mutating func merge(_ other: Totals) {
            counted += other.counted
            outOfGamut += other.outOfGamut
            visible += other.visible
            for i in histogram.indices { histogram[i] += other.histogram[i] }
            if let w = other.worst, w.deltaE > (worst?.deltaE ?? -1) || (w.deltaE == worst?.deltaE && (w.y, w.x) < (worst!.y, worst!.x)) {
                worst = w
            }
            if let b = other.visibleBounds { visibleBounds = visibleBounds.map { $0.union(b) } ?? b }
        }
    }

    /// One chunk of rows, row by row: (1) display codes, listing out-of-gamut pixels and in-gamut pixels near the display
    /// gamut's edge; (2) the edge pixels' Lab into the collapse cells; (3) Lab and ΔE00 of the out-of-gamut pixels; (4) their
    /// statistics, flags and cells. Writes the chunk's display codes and out-of-gamut ΔE00 into `output` (row `rows.lowerBound`
    /// first), each row's count of out-of-gamut pixels into `outside` and its cells into `tally.cells`, and returns the
    /// chunk's sum of ΔE00; the pipeline takes both and adds them up in chunk order (so results don't depend on which
    /// worker ran which chunk).
    func runChunk(
        _ chunk: RowChunk, output: PackedCodes, outside counts: UnsafeMutablePointer<Int32>, tally: inout WorkerTally
    )
        -> Double
    {
        tally.chunkSum = 0
        for y in chunk.rows {
            let row = chunk.row(y)
            let out = output.row(y - chunk.rows.lowerBound, width: width)
            if inputTables == nil { rowXYZ(row, into: tally.scratch.xyz) }
            let (outside, edges) = displayCodes(row, output: out, tally: &tally)
            counts[y - chunk.rows.lowerBound] = Int32(outside)
            addEdgeCells(row, y: y, rowBytes: chunk.rowBytes, count: edges, output: out, tally: &tally)
            guard outside > 0 else { continue }
            measureOutside(count: outside, output: out, scratch: tally.scratch)
            addOutside(row, y: y, rowBytes: chunk.rowBytes, count: outside, output: out, tally: &tally)
        }
        tally.columns.flush(into: &tally.cells)
        tally.edgeColumns.flush(into: &tally.cells)
        return tally.chunkSum
    }

    /// 1. The display code of each pixel of a row into `output` (transparent ones flagged); out-of-gamut pixels and
    /// in-gamut ones with a display channel within two codes of 0 or 255 (only these can be shown within two codes of a
    /// clipped color, so only these can join a collapse) are listed with their XYZ. Returns how many of each.
    private func displayCodes(_ row: UnsafeRawPointer, output: PackedCodes, tally: inout WorkerTally) -> (outside: Int, edges: Int) {
        let scratch = tally.scratch
        let tolerance = Float(settings.gamutTolerance)
        // Matrix/TRC sources are read straight from the row: per-code linear light, then one matrix to the target
        // (source → XYZ → target combined); XYZ is computed only for the listed pixels. Other sources come through
        // LittleCMS a row at a time, in `scratch.xyz`.
        let direct = inputTables != nil
        let s = sourceToXYZ.isEmpty ? Self.zeroMatrix : sourceToXYZ
        let m = direct ? sourceToTarget : fromXYZ
        let tables = inputTables ?? Self.noTables
        var count = 0, edges = 0, counted = 0
        encodeTables[0].withUnsafeBufferPointer { e0 in
            encodeTables[1].withUnsafeBufferPointer { e1 in
                encodeTables[2].withUnsafeBufferPointer { e2 in
                    tables[0].withUnsafeBufferPointer { t0 in
                        tables[1].withUnsafeBufferPointer { t1 in
                            tables[2].withUnsafeBufferPointer { t2 in
                                m.withUnsafeBufferPointer { m in
                                    s.withUnsafeBufferPointer { s in
                                        var start = 0
                                        if vectorCodes {
                                            // The leading multiple of 8 pixels by the C kernel, identical to this loop.
                                            let tables = DisplayCodeVectors.Row(
                                                input: (t0.baseAddress!, t1.baseAddress!, t2.baseAddress!), matrix: m.baseAddress!,
                                                toXYZ: s.baseAddress!, encode: (e0.baseAddress!, e1.baseAddress!, e2.baseAddress!),
                                                tolerance: tolerance, outside: scratch.outside.baseAddress!,
                                                outsideXYZ: scratch.outsideXYZ.baseAddress!, edge: scratch.edge.baseAddress!,
                                                edgeXYZ: scratch.edgeXYZ.baseAddress!)
                                            let done = DisplayCodeVectors.run(
                                                tables, row: row, sixteenBit: reader.sixteenBit, channels: channels,
                                                alphaChannel: alphaChannel, width: width, codes: output.pointer,
                                                outOfGamut: Self.outOfGamut, transparent: Self.transparent)
                                            (start, count, edges, counted) = (done.done, done.outside, done.edges, done.counted)
                                        }
                                        for x in start..<width {
                                            if let a = alphaChannel, sample(row, x, a) == 0 {
                                                output.pointer[x] = Self.transparent
                                                continue
                                            }
                                            counted += 1
                                            // Linear source light (direct) or XYZ (through LittleCMS), and the target's linear light.
                                            let X: Float, Y: Float, Z: Float
                                            if direct {
                                                X = t0[sample(row, x, 0)]; Y = t1[sample(row, x, 1)]; Z = t2[sample(row, x, 2)]
                                            } else {
                                                X = scratch.xyz[x * 3]; Y = scratch.xyz[x * 3 + 1]; Z = scratch.xyz[x * 3 + 2]
                                            }
                                            @inline(__always) func sourceXYZ() -> SIMD3<Float> {
                                                direct
                                                    ? SIMD3(
                                                        s[0] * X + s[1] * Y + s[2] * Z, s[3] * X + s[4] * Y + s[5] * Z,
                                                        s[6] * X + s[7] * Y + s[8] * Z)
                                                    : SIMD3(X, Y, Z)
                                            }
                                            let r = m[0] * X + m[1] * Y + m[2] * Z
                                            let g = m[3] * X + m[4] * Y + m[5] * Z
                                            let b = m[6] * X + m[7] * Y + m[8] * Z
                                            var code =
                                                UInt32(ShaperKernel.encode(r, e0.baseAddress!) + 0.5)
                                                | UInt32(ShaperKernel.encode(g, e1.baseAddress!) + 0.5) << 8
                                                | UInt32(ShaperKernel.encode(b, e2.baseAddress!) + 0.5) << 16
                                            if r < -tolerance || g < -tolerance || b < -tolerance || r > 1 + tolerance
                                                || g > 1 + tolerance || b > 1 + tolerance
                                            {
                                                scratch.outside[count] = x
                                                scratch.outsideXYZ[count] = sourceXYZ()
                                                count += 1
                                                code |= Self.outOfGamut
                                            } else {
                                                let r8 = code & 0xFF, g8 = code >> 8 & 0xFF, b8 = code >> 16
                                                if r8 <= 2 || r8 >= 253 || g8 <= 2 || g8 >= 253 || b8 <= 2 || b8 >= 253 {
                                                    scratch.edge[edges] = x
                                                    scratch.edgeXYZ[edges] = sourceXYZ()
                                                    edges += 1
                                                }
                                            }
                                            output.pointer[x] = code
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        tally.result.counted += counted
        return (count, edges)
    }

    private static let zeroMatrix = [Float](repeating: 0, count: 9)
    private static let noTables = [[Float]](repeating: [0], count: 3)

    /// 2. Lab of the listed edge pixels of row `y`, into the cell table (by each column's runs, ``ColumnRuns``).
    private func addEdgeCells(
        _ row: UnsafeRawPointer, y: Int, rowBytes: Int, count: Int, output: PackedCodes, tally: inout WorkerTally
    ) {
        let scratch = tally.scratch
        for i in stride(from: 0, to: count, by: 4) {
            let (X, Y, Z) = Self.gather(scratch.edgeXYZ, i, count)
            let lab = BatchColorMath.lab(x: X, y: Y, z: Z)
            for lane in 0..<4 where i + lane < count { scratch.edgeLab[i + lane] = SIMD3(lab.l[lane], lab.a[lane], lab.b[lane]) }
        }
        for i in 0..<count {
            let x = scratch.edge[i]
            let key = CellTable.key(code: output.pointer[x] & 0xFF_FFFF, lab: scratch.edgeLab[i])
            tally.edgeColumns.add(
                key, x: x, y: y, row: row, interior: interior(row, x, y, rowBytes), pass: self, into: &tally.cells)
        }
    }

    /// 3. Lab and ΔE00 of the listed out-of-gamut pixels of a row into `scratch.sourceLab` and `scratch.deltaE`: eight at a
    /// time in the C kernel where it runs (``vectorDifferences``), the rest four at a time in Swift, with the same results.
    private func measureOutside(count: Int, output: PackedCodes, scratch: RowScratch) {
        var done = 0
        if vectorDifferences && count >= 8 {
            for i in 0..<count { scratch.shownLab[i] = shown(scratch.outside[i], output, scratch) }
            done = OutsideColorVectors.run(
                xyz: scratch.outsideXYZ.baseAddress!, shown: scratch.shownLab.baseAddress!, lab: scratch.sourceLab.baseAddress!,
                deltaE: scratch.deltaE.baseAddress!, fallback: scratch.fallback.baseAddress!, count: count)
            for i in 0..<done where scratch.fallback[i] != 0 {
                scratch.deltaE[i] = Self.referenceDifference(scratch.sourceLab[i], scratch.shownLab[i])
            }
        }
        for i in stride(from: done, to: count, by: 4) {
            let (X, Y, Z) = Self.gather(scratch.outsideXYZ, i, count)
            // Built from four whole values: setting lanes one by one goes through memory and stalls.
            let s0 = shown(scratch.outside[i], output, scratch), s1 = shown(scratch.outside[min(i + 1, count - 1)], output, scratch)
            let s2 = shown(scratch.outside[min(i + 2, count - 1)], output, scratch)
            let s3 = shown(scratch.outside[min(i + 3, count - 1)], output, scratch)
            let shownL = SIMD4(s0.x, s1.x, s2.x, s3.x), shownA = SIMD4(s0.y, s1.y, s2.y, s3.y), shownB = SIMD4(s0.z, s1.z, s2.z, s3.z)
            let lab = BatchColorMath.lab(x: X, y: Y, z: Z)
            var fallback = SIMD4<Int32>()
            let d = BatchColorMath.difference(l1: lab.l, a1: lab.a, b1: lab.b, l2: shownL, a2: shownA, b2: shownB, fallback: &fallback)
            for lane in 0..<4 where i + lane < count {
                scratch.sourceLab[i + lane] = SIMD3(lab.l[lane], lab.a[lane], lab.b[lane])
                scratch.deltaE[i + lane] =
                    fallback[lane] == 0
                    ? d[lane]
                    : Self.referenceDifference(
                        SIMD3(lab.l[lane], lab.a[lane], lab.b[lane]), SIMD3(shownL[lane], shownA[lane], shownB[lane]))
            }
        }
    }

    /// ΔE00 in double precision, for the pixels whose hues are nearly opposite (the batch form's fallback).
    private static func referenceDifference(_ source: SIMD3<Float>, _ shown: SIMD3<Float>) -> Float {
        Float(
            CIEDE2000.referenceDifference(
                Lab(l: Double(source.x), a: Double(source.y), b: Double(source.z)),
                Lab(l: Double(shown.x), a: Double(shown.y), b: Double(shown.z))))
    }

    /// 4. Statistics, flags and cells of the measured out-of-gamut pixels of row `y`; its visible pixels are bounded once.
    private func addOutside(
        _ row: UnsafeRawPointer, y: Int, rowBytes: Int, count: Int, output: PackedCodes, tally: inout WorkerTally
    ) {
        let scratch = tally.scratch, visibleClip = settings.visibleClip
        var firstVisible = Int.max, lastVisible = -1
        for i in 0..<count {
            let x = scratch.outside[i], index = x
            // A profile that maps some colors to no real Lab (a negative colorant, found by fuzzing) gives NaN:
            // counted as the largest difference the histogram holds, never as an integer conversion trap.
            let e = scratch.deltaE[i].isFinite ? Double(scratch.deltaE[i]) : 100
            tally.result.outOfGamut += 1
            tally.chunkSum += e
            scratch.histogram[Int(min(e * 100, Double(Self.histogramBins - 1)))] += 1
            output.deltaE[index] = UInt16(min(e * 100, 65535))
            var code = output.pointer[index]
            let severity: UInt32 = e >= 5 ? 3 : e >= 2 ? 2 : e >= visibleClip ? 1 : 0
            if e >= visibleClip {
                tally.result.visible += 1
                code |= Self.visible
                firstVisible = min(firstVisible, x)
                lastVisible = x
            }
            if e > tally.worstDeltaE || (e == tally.worstDeltaE && (y, x) < (tally.worstY, tally.worstX)) {
                (tally.worstDeltaE, tally.worstX, tally.worstY, tally.worstCode) = (e, x, y, code)
                tally.worstSample = sample(row, x)
            }
            code |= severity << Self.severityShift
            output.pointer[index] = code
            let key = CellTable.key(code: code & 0xFF_FFFF, lab: scratch.sourceLab[i])
            tally.columns.add(
                key, x: x, y: y, row: row, interior: interior(row, x, y, rowBytes), pass: self, into: &tally.cells)
        }
        if lastVisible >= 0 {
            let here = PixelRect(x: firstVisible, y: y, width: lastVisible - firstVisible + 1, height: 1)
            tally.result.visibleBounds = tally.result.visibleBounds.map { $0.union(here) } ?? here
        }
    }

    /// The worker's totals, with the worst pixel made into a sample (which allocates) once.
    func finish(_ tally: inout WorkerTally) -> Totals {
        if tally.worstDeltaE >= 0 {
            tally.result.worst = PixelSample(
                x: tally.worstX, y: tally.worstY, source: encoded(tally.worstSample), shown: Self.codes(tally.worstCode),
                deltaE: tally.worstDeltaE)
        }
        tally.result.histogram = Array(tally.scratch.histogram)
        return tally.result
    }

    /// 1 when pixel `x` of row `y` is interior: no sample of its four neighbors (alpha included; the image's border
    /// repeats) differs from its own by more than a smooth gradient's largest step. Antialiased edges and other
    /// transitions between two larger colors are not.
    @inline(__always)
    private func interior(_ row: UnsafeRawPointer, _ x: Int, _ y: Int, _ rowBytes: Int) -> Int {
        let up = y > 0 ? row - rowBytes : row, down = y < height - 1 ? row + rowBytes : row
        let left = x > 0 ? x - 1 : x, right = x < width - 1 ? x + 1 : x
        let step = edgeStep
        // |w − v| > step, as two comparisons (abs checks for overflow, which samples can't reach).
        @inline(__always) func far(_ w: Int, _ v: Int) -> Bool { w &- v > step || v &- w > step }
        for c in 0..<channels {
            let v = sample(row, x, c)
            if far(sample(row, left, c), v) || far(sample(row, right, c), v) || far(sample(up, x, c), v) || far(sample(down, x, c), v) {
                return 0
            }
        }
        return 1
    }

    /// Lab of the color pixel `x` of a row is shown as, through a direct-mapped cache by display code.
    @inline(__always)
    private func shown(_ x: Int, _ output: PackedCodes, _ scratch: RowScratch) -> SIMD3<Float> {
        let code = output.pointer[x] & 0xFF_FFFF
        let slot = Int((code &* 0x9E37_79B1) >> 16)
        if scratch.cacheCodes[slot] != code {
            scratch.cacheCodes[slot] = code
            let lab = shownLab(code)
            scratch.cacheLabs[slot] = SIMD3(Float(lab.l), Float(lab.a), Float(lab.b))
        }
        return scratch.cacheLabs[slot]
    }

    /// X, Y and Z of four listed pixels (the last one repeated past the end), from the list's XYZ.
    @inline(__always)
    private static func gather(
        _ list: UnsafeMutableBufferPointer<SIMD3<Float>>, _ i: Int, _ n: Int
    ) -> (
        SIMD4<Float>, SIMD4<Float>, SIMD4<Float>
    ) {
        let a = list[i], b = list[min(i + 1, n - 1)], c = list[min(i + 2, n - 1)], d = list[min(i + 3, n - 1)]
        return (SIMD4(a.x, b.x, c.x, d.x), SIMD4(a.y, b.y, c.y, d.y), SIMD4(a.z, b.z, c.z, d.z))
    }
}

/// What one worker of the pass accumulates over the chunks it runs: its result, the worst pixel so far (made into a
/// ``PixelSample`` at the end), the runs of pixels on their way into the cell table, and its memory (freed by
/// ``deallocate()``).
struct WorkerTally {
    var result: PixelPass.Totals
    /// The collapse cells of the chunk being run (the pipeline drains them after each chunk).
    var cells = CellTable()
    var worstDeltaE = -1.0, worstX = 0, worstY = 0, worstCode: UInt32 = 0
    var worstSample = PixelPass.Sample()
    /// The ΔE00 sum of the chunk being run.
    var chunkSum = 0.0
    /// Each column's run of pixels with one display code and source cell, out of gamut and at the gamut's edge.
    var columns: ColumnRuns, edgeColumns: ColumnRuns
    let scratch: RowScratch

    init(bins: Int, width: Int) {
        result = PixelPass.Totals(bins: bins)
        scratch = RowScratch(width: width, bins: bins)
        columns = ColumnRuns(width: width, outOfGamut: true)
        edgeColumns = ColumnRuns(width: width, outOfGamut: false)
    }

    func deallocate() {
        scratch.deallocate()
        columns.deallocate()
        edgeColumns.deallocate()
    }
}

/// Scratch memory for one worker's rows, allocated once per worker and freed with ``deallocate()`` (plain arrays cost a
/// uniqueness check per write in the row loops).
struct RowScratch {
    /// XYZ of a row's pixels, for sources LittleCMS converts.
    let xyz: UnsafeMutableBufferPointer<Float>
    /// A direct-mapped cache of shown colors' Lab, by display code.
    let cacheCodes: UnsafeMutableBufferPointer<UInt32>, cacheLabs: UnsafeMutableBufferPointer<SIMD3<Float>>
    /// A row's out-of-gamut pixels: position and XYZ, then Lab and ΔE00.
    let outside: UnsafeMutableBufferPointer<Int>, outsideXYZ: UnsafeMutableBufferPointer<SIMD3<Float>>
    let sourceLab: UnsafeMutableBufferPointer<SIMD3<Float>>, deltaE: UnsafeMutableBufferPointer<Float>
    /// For the C kernel: the Lab each out-of-gamut pixel is shown as, and whether its ΔE00 is to be recomputed.
    let shownLab: UnsafeMutableBufferPointer<SIMD3<Float>>, fallback: UnsafeMutableBufferPointer<Int32>
    /// A row's in-gamut pixels near the display gamut's edge: position, XYZ, Lab.
    let edge: UnsafeMutableBufferPointer<Int>, edgeXYZ: UnsafeMutableBufferPointer<SIMD3<Float>>
    let edgeLab: UnsafeMutableBufferPointer<SIMD3<Float>>
    /// The worker's ΔE00 histogram, in steps of 0.01.
    let histogram: UnsafeMutableBufferPointer<Int>

    init(width: Int, bins: Int) {
        func make<T>(_ count: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
            buffer.initialize(repeating: value)
            return buffer
        }
        xyz = make(width * 3, 0)
        cacheCodes = make(1 << 16, UInt32.max)
        cacheLabs = make(1 << 16, .zero)
        outside = make(width + 3, 0)
        outsideXYZ = make(width + 3, .zero)
        sourceLab = make(width + 3, .zero)
        deltaE = make(width + 3, Float(0))
        shownLab = make(width + 3, .zero)
        fallback = make(width + 3, 0)
        edge = make(width + 3, 0)
        edgeXYZ = make(width + 3, .zero)
        edgeLab = make(width + 3, .zero)
        histogram = make(bins, 0)
    }

    func deallocate() {
        xyz.deallocate(); cacheCodes.deallocate(); cacheLabs.deallocate(); outside.deallocate(); outsideXYZ.deallocate()
        sourceLab.deallocate(); deltaE.deallocate(); shownLab.deallocate(); fallback.deallocate()
        edge.deallocate(); edgeXYZ.deallocate(); edgeLab.deallocate(); histogram.deallocate()
    }
}
