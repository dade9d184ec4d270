import Dispatch
import Foundation

extension PixelPass {
    struct BandResult {
        var counted = 0, outOfGamut = 0, visible = 0
        var sumDeltaE = 0.0
        var histogram: [Int]
        var worst: PixelSample?
        var visibleBounds: PixelRect?
        var cells = CellTable()

        init(bins: Int) { histogram = [Int](repeating: 0, count: bins) }

        mutating func merge(_ other: BandResult) {
            counted += other.counted
            outOfGamut += other.outOfGamut
            visible += other.visible
            sumDeltaE += other.sumDeltaE
            for i in histogram.indices { histogram[i] += other.histogram[i] }
            if let w = other.worst, w.deltaE > (worst?.deltaE ?? -1) || (w.deltaE == worst?.deltaE && (w.y, w.x) < (worst!.y, worst!.x)) {
                worst = w
            }
            if let b = other.visibleBounds { visibleBounds = visibleBounds.map { $0.union(b) } ?? b }
            if cells.used == 0 { cells = other.cells } else { cells.merge(other.cells) }
        }
    }

    /// Runs the pass over all rows in `bands` bands, concurrently.
    func run(into packed: UnsafeMutablePointer<UInt32>, deltaE: UnsafeMutablePointer<UInt16>, bands: Int) -> [BandResult] {
        let output = PackedCodes(pointer: packed, deltaE: deltaE)
        return image.pixels.withUnsafeBytes { bytes in
            let input = InputRows(base: bytes.baseAddress!, rowBytes: image.pixels.rowBytes)
            return Bands.map(bands, over: height) { rows in runRows(rows, input: input, output: output) }
        }
    }

    func runRows(_ rows: Range<Int>, input: InputRows, output: PackedCodes) -> BandResult {
        var result = BandResult(bins: Self.histogramBins)
        let visibleClip = settings.visibleClip
        // The band's worst pixel, made into a PixelSample (which allocates) once, at the end.
        var worstDeltaE = -1.0, worstX = 0, worstY = 0, worstCode: UInt32 = 0
        /// Scratch space for one row, freed when the band is done (plain arrays cost a uniqueness check per write).
        func scratch<T>(_ count: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
            buffer.initialize(repeating: value)
            return buffer
        }
        let xyz = scratch(width * 3, Float(0))
        defer { xyz.deallocate() }
        let tolerance = Float(settings.gamutTolerance)
        let f = fromXYZ
        // A direct-mapped cache of shown colors' Lab, by display code.
        let cacheCodes = scratch(1 << 16, UInt32.max), cacheLabs = scratch(1 << 16, SIMD3<Float>.zero)
        defer { cacheCodes.deallocate(); cacheLabs.deallocate() }
        // This row's out-of-gamut pixels: position, code, and (after the batch) Lab and ΔE00.
        let outside = scratch(width + 3, 0), outsideXYZ = scratch(width + 3, SIMD3<Float>.zero)
        defer { outside.deallocate(); outsideXYZ.deallocate() }
        // In-gamut pixels with a display channel within two codes of 0 or 255: only these can be shown
        // within two codes of a clipped color (a clipped channel is 0 or 255), so only these can join a collapse.
        let edge = scratch(width + 3, 0), edgeLab = scratch(width + 3, SIMD3<Float>.zero), edgeXYZ = scratch(width + 3, SIMD3<Float>.zero)
        let sourceLab = scratch(width + 3, SIMD3<Float>.zero), deltaE = scratch(width + 3, Float(0))
        let histogram = scratch(Self.histogramBins, 0)
        defer {
            edge.deallocate(); edgeLab.deallocate(); edgeXYZ.deallocate(); sourceLab.deallocate(); deltaE.deallocate();
            histogram.deallocate()
        }
        // Consecutive pixels of a row with the same display code and source cell are added to the groups at once.
        var pending = PendingRun(outOfGamut: true), pendingInGamut = PendingRun(outOfGamut: false)
        let cache = CellCache()
        // A pixel is interior when no sample of its four neighbors (alpha included; the image's border repeats)
        // differs from its own by more than a smooth gradient's largest step: antialiased edges and other transitions
        // between two larger colors are not. Only the pixels listed for Lab are tested, after the per-pixel loop.
        let edgeStep = Int(maxCode * settings.gradientMaximumStepFraction)
        let rowBytes = input.rowBytes, lastX = width - 1, lastY = height - 1
        @inline(__always) func interior(_ row: UnsafeRawPointer, _ x: Int, _ y: Int) -> Int {
            let up = y > 0 ? row - rowBytes : row, down = y < lastY ? row + rowBytes : row
            let left = x > 0 ? x - 1 : x, right = x < lastX ? x + 1 : x
            for c in 0..<channels {
                let v = sample(row, x, c)
                if abs(sample(row, left, c) - v) > edgeStep || abs(sample(row, right, c) - v) > edgeStep
                    || abs(sample(up, x, c) - v) > edgeStep || abs(sample(down, x, c) - v) > edgeStep
                {
                    return 0
                }
            }
            return 1
        }
        /// X, Y and Z of four listed pixels (the last one repeated past the end), from the list's XYZ.
        @inline(__always) func gather(
            _ list: UnsafeMutableBufferPointer<SIMD3<Float>>, _ i: Int, _ n: Int
        ) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
            let a = list[i], b = list[min(i + 1, n - 1)], c = list[min(i + 2, n - 1)], d = list[min(i + 3, n - 1)]
            return (SIMD4(a.x, b.x, c.x, d.x), SIMD4(a.y, b.y, c.y, d.y), SIMD4(a.z, b.z, c.z, d.z))
        }
        // Matrix/TRC sources are read straight from the row: per-code linear light, then one matrix to the
        // target (source → XYZ → target combined); XYZ is computed only for the pixels listed for Lab.
        // Other sources go through LittleCMS a row at a time into `xyz`.
        let direct = inputTables != nil
        let s = sourceToXYZ.isEmpty ? [Float](repeating: 0, count: 9) : sourceToXYZ
        let m = direct ? sourceToTarget : f
        let noTable = [Float](repeating: 0, count: 1)
        let tables = inputTables ?? [noTable, noTable, noTable]
        /// Lab of the color pixel `x` of row `y` is shown as, through a direct-mapped cache by display code.
        @inline(__always) func shown(_ x: Int, _ y: Int) -> SIMD3<Float> {
            let code = output.pointer[y * width + x] & 0xFF_FFFF
            let slot = Int((code &* 0x9E37_79B1) >> 16)
            if cacheCodes[slot] != code {
                cacheCodes[slot] = code
                let lab = shownLab(code)
                cacheLabs[slot] = SIMD3(Float(lab.l), Float(lab.a), Float(lab.b))
            }
            return cacheLabs[slot]
        }
        for y in rows {
            let row = input.base + y * input.rowBytes
            if !direct { rowXYZ(row, y: y, into: xyz) }
            var count = 0, edges = 0
            // 1. Display codes, and which pixels are out of gamut.
            encodeTables[0].withUnsafeBufferPointer { e0 in
                encodeTables[1].withUnsafeBufferPointer { e1 in
                    encodeTables[2].withUnsafeBufferPointer { e2 in
                        tables[0].withUnsafeBufferPointer { t0 in
                            tables[1].withUnsafeBufferPointer { t1 in
                                tables[2].withUnsafeBufferPointer { t2 in
                                    m.withUnsafeBufferPointer { m in
                                        s.withUnsafeBufferPointer { s in
                                            for x in 0..<width {
                                                let index = y * width + x
                                                if let a = alphaChannel, sample(row, x, a) == 0 {
                                                    output.pointer[index] = Self.transparent
                                                    continue
                                                }
                                                result.counted += 1
                                                // Linear source light (direct) or XYZ (through LittleCMS), and the target's linear light.
                                                let X: Float, Y: Float, Z: Float
                                                if direct {
                                                    X = t0[sample(row, x, 0)]; Y = t1[sample(row, x, 1)]; Z = t2[sample(row, x, 2)]
                                                } else {
                                                    X = xyz[x * 3]; Y = xyz[x * 3 + 1]; Z = xyz[x * 3 + 2]
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
                                                    outside[count] = x
                                                    outsideXYZ[count] = sourceXYZ()
                                                    count += 1
                                                    code |= Self.outOfGamut
                                                } else {
                                                    let r8 = code & 0xFF, g8 = code >> 8 & 0xFF, b8 = code >> 16
                                                    if r8 <= 2 || r8 >= 253 || g8 <= 2 || g8 >= 253 || b8 <= 2 || b8 >= 253 {
                                                        edge[edges] = x
                                                        edgeXYZ[edges] = sourceXYZ()
                                                        edges += 1
                                                    }
                                                }
                                                output.pointer[index] = code
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // Lab of the edge in-gamut pixels, into the cell table (consecutive ones of a cell at once).
            for i in stride(from: 0, to: edges, by: 4) {
                let (X, Y, Z) = gather(edgeXYZ, i, edges)
                let lab = BatchColorMath.lab(x: X, y: Y, z: Z)
                for lane in 0..<4 where i + lane < edges { edgeLab[i + lane] = SIMD3(lab.l[lane], lab.a[lane], lab.b[lane]) }
            }
            for i in 0..<edges {
                let x = edge[i]
                let key = CellTable.key(code: output.pointer[y * width + x] & 0xFF_FFFF, lab: edgeLab[i])
                let inside = interior(row, x, y)
                pendingInGamut.add(key, x: x, y: y, interior: inside, cache: cache, into: &result.cells)
            }
            guard count > 0 else { continue }
            // 2. Lab and ΔE00 of the out-of-gamut pixels, four at a time.
            for i in stride(from: 0, to: count, by: 4) {
                let (X, Y, Z) = gather(outsideXYZ, i, count)
                // Built from four whole values: setting lanes one by one goes through memory and stalls.
                let s0 = shown(outside[i], y), s1 = shown(outside[min(i + 1, count - 1)], y)
                let s2 = shown(outside[min(i + 2, count - 1)], y), s3 = shown(outside[min(i + 3, count - 1)], y)
                let shownL = SIMD4(s0.x, s1.x, s2.x, s3.x), shownA = SIMD4(s0.y, s1.y, s2.y, s3.y), shownB = SIMD4(s0.z, s1.z, s2.z, s3.z)
                let lab = BatchColorMath.lab(x: X, y: Y, z: Z)
                var fallback = SIMD4<Int32>()
                let d = BatchColorMath.difference(l1: lab.l, a1: lab.a, b1: lab.b, l2: shownL, a2: shownA, b2: shownB, fallback: &fallback)
                for lane in 0..<4 where i + lane < count {
                    sourceLab[i + lane] = SIMD3(lab.l[lane], lab.a[lane], lab.b[lane])
                    deltaE[i + lane] =
                        fallback[lane] == 0
                        ? d[lane]
                        : Float(
                            CIEDE2000.referenceDifference(
                                Lab(l: Double(lab.l[lane]), a: Double(lab.a[lane]), b: Double(lab.b[lane])),
                                Lab(l: Double(shownL[lane]), a: Double(shownA[lane]), b: Double(shownB[lane]))))
                }
            }
            // 3. Statistics, flags and groups. Visible pixels of the row are bounded once per row.
            var firstVisible = Int.max, lastVisible = -1
            for i in 0..<count {
                let x = outside[i], index = y * width + x
                // A profile that maps some colors to no real Lab (a negative colorant, found by fuzzing) gives NaN:
                // counted as the largest difference the histogram holds, never as an integer conversion trap.
                let e = deltaE[i].isFinite ? Double(deltaE[i]) : 100
                result.outOfGamut += 1
                result.sumDeltaE += e
                histogram[min(Self.histogramBins - 1, Int(e * 100))] += 1
                output.deltaE[index] = UInt16(min(e * 100, 65535))
                var code = output.pointer[index]
                let severity: UInt32 = e >= 5 ? 3 : e >= 2 ? 2 : e >= visibleClip ? 1 : 0
                if e >= visibleClip {
                    result.visible += 1
                    code |= Self.visible
                    firstVisible = min(firstVisible, x)
                    lastVisible = x
                }
                if e > worstDeltaE {
                    (worstDeltaE, worstX, worstY, worstCode) = (e, x, y, code)
                }
                code |= severity << Self.severityShift
                output.pointer[index] = code
                let key = CellTable.key(code: code & 0xFF_FFFF, lab: sourceLab[i])
                let inside = interior(row, x, y)
                pending.add(key, x: x, y: y, interior: inside, cache: cache, into: &result.cells)
            }
            if lastVisible >= 0 {
                let here = PixelRect(x: firstVisible, y: y, width: lastVisible - firstVisible + 1, height: 1)
                result.visibleBounds = result.visibleBounds.map { $0.union(here) } ?? here
            }
        }
        pending.flush(cache, into: &result.cells)
        pendingInGamut.flush(cache, into: &result.cells)
        cache.drain(into: &result.cells)
        if worstDeltaE >= 0 {
            result.worst = PixelSample(
                x: worstX, y: worstY, source: encoded(x: worstX, y: worstY), shown: Self.codes(worstCode), deltaE: worstDeltaE)
        }
        result.histogram = Array(histogram)
        return result
    }
}

/// Consecutive pixels of a row with the same display code and source cell, added to the cell table at once.
struct PendingRun {
    let outOfGamut: Bool
    private var run: (key: UInt64, x0: Int, x1: Int, y: Int, interior: Int)?

    init(outOfGamut: Bool) { self.outOfGamut = outOfGamut }

    /// Extends the run with pixel `x` of row `y`, or flushes it and starts a new one.
    @inline(__always)
    mutating func add(_ key: UInt64, x: Int, y: Int, interior: Int, cache: CellCache, into cells: inout CellTable) {
        if let p = run, p.key == key, p.y == y, p.x1 == x - 1 {
            run!.x1 = x
            run!.interior += interior
        } else {
            flush(cache, into: &cells)
            run = (key, x, x, y, interior)
        }
    }

    mutating func flush(_ cache: CellCache, into cells: inout CellTable) {
        guard let p = run else { return }
        cache.add(p.key, x0: p.x0, x1: p.x1, y: p.y, count: p.x1 - p.x0 + 1, interior: p.interior, outOfGamut: outOfGamut, into: &cells)
        run = nil
    }
}
