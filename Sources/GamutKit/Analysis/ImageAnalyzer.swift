import Dispatch
import Foundation

/// Measures what a target display (sRGB by default) does to an image: out-of-gamut and visibly
/// clipped pixels with ΔE00 statistics, colors that collapse, and gradients that clip.
///
/// Work is split across cores by rows; transparent pixels (alpha 0) are not counted.
public enum ImageAnalyzer {
    /// The analysis, and the clip mask when asked for.
    public struct Output: Sendable {
        /// The measurements.
        public var analysis: ImageAnalysis
        /// An 8-bit sRGB RGBA image: a desaturated copy of what the display shows, with out-of-gamut
        /// pixels colored by severity (blue: out of gamut, not visible; yellow ΔE00 1–2; orange 2–5;
        /// red ≥ 5) and transparent pixels left transparent.
        public var clipMask: Image?
    }

    /// Analyzes `image` against `target` (default: the settings' target, sRGB).
    /// - Throws: ``GamutError`` when the target isn't an RGB matrix/TRC profile or the image can't be read as the profile says.
    public static func analyze(_ image: Image, target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
                               includeClipMask: Bool = false, threads: Int? = nil) throws(GamutError) -> Output {
        let target = target ?? settings.target.map(ColorProfile.builtIn) ?? .sRGB
        let pass = try PixelPass(image: image, target: target, settings: settings)
        let bands = ColorTransform.bandCount(pixels: image.width * image.height, height: image.height, threads: threads)
        var (packed, deltaE) = PixelBuffers.take(count: image.width * image.height)
        defer { PixelBuffers.give(back: (packed, deltaE)) }
        let results = packed.withUnsafeMutableBufferPointer { codes in
            deltaE.withUnsafeMutableBufferPointer { differences in
                pass.run(into: codes.baseAddress!, deltaE: differences.baseAddress!, bands: max(1, bands))
            }
        }
        var total = PixelPass.BandResult(bins: PixelPass.histogramBins)
        for result in results { total.merge(result) }

        let gradients = GradientScan(pass: pass, packed: packed, deltaE: deltaE).regions()
        // A cluster that mostly lies on a flattened gradient is that gradient's clipping, reported once, as the gradient.
        let collapses = pass.collapseGroups(PixelPass.groups(total.cells), counted: total.counted).filter { group in
            !gradients.contains { 2 * $0.bounds.intersectionArea(group.bounds) >= group.bounds.width * group.bounds.height }
        }
        let analysis = ImageAnalysis(
            width: image.width, height: image.height, sourceProfile: image.profile.name, targetProfile: target.name,
            countedPixels: total.counted, outOfGamutPixels: total.outOfGamut, visiblyClippedPixels: total.visible,
            maxDeltaE: total.worst?.deltaE ?? 0,
            meanDeltaE: total.outOfGamut == 0 ? 0 : total.sumDeltaE / Double(total.outOfGamut),
            p95DeltaE: PixelPass.percentile(total.histogram, 0.95),
            worst: total.worst, visiblyClippedBounds: total.visibleBounds, collapseGroups: collapses, clippingGradients: gradients)
        let mask = includeClipMask ? try pass.clipMask(packed: packed) : nil
        return Output(analysis: analysis, clipMask: mask)
    }
}

/// The per-pixel pass: XYZ of each pixel, the target's linear light, the shown code, and ΔE00 for
/// out-of-gamut pixels. Immutable; each band of rows writes only its own slice of the packed codes.
final class PixelPass: Sendable {
    static let histogramBins = 10_001  // ΔE00 in steps of 0.01 up to 100
    /// Packed per pixel: shown code in the low 24 bits (r | g << 8 | b << 16); flags in the top 8.
    static let outOfGamut: UInt32 = 1 << 24, visible: UInt32 = 1 << 25, transparent: UInt32 = 1 << 26
    static let severityShift: UInt32 = 28  // 0: none, 1: ΔE 1–2, 2: 2–5, 3: ≥ 5

    let image: Image
    let settings: AnalysisSettings
    let simulation: DisplaySimulation
    let width: Int, height: Int
    let channels: Int, colorChannels: Int, alphaChannel: Int?
    let maxCode: Double
    /// Reads the image's samples (the one sample reader, ``SampleReader``).
    let reader: SampleReader
    let fromXYZ: [Float]
    let encodeTables: [[Float]]
    /// For matrix/TRC sources: per-code linear light and the matrix to XYZ; nil means LittleCMS per row.
    let inputTables: [[Float]]?
    let sourceToXYZ: [Float]
    /// For matrix/TRC sources: linear source light → linear target light (the two matrices combined in double precision).
    let sourceToTarget: [Float]

    init(image: Image, target: ColorProfile, settings: AnalysisSettings) throws(GamutError) {
        guard image.pixels.format.sample != .float32, image.pixels.format.layout != .cmyk else {
            throw GamutError(.invalidArgument, "the analyzer reads 8- and 16-bit gray or RGB images")
        }
        guard (1...8).contains(settings.displayBitDepth) else {
            throw GamutError(.invalidArgument, "the image analyzer simulates displays of 1 to 8 bits per channel, not \(settings.displayBitDepth)")
        }
        self.image = image
        self.settings = settings
        simulation = try DisplaySimulation(source: image.profile, target: target, displayBitDepth: settings.displayBitDepth,
                                           tolerance: settings.gamutTolerance)
        width = image.width
        height = image.height
        let format = image.pixels.format
        channels = format.channelCount
        colorChannels = format.colorChannelCount
        alphaChannel = format.hasAlpha ? channels - 1 : nil
        reader = SampleReader(format)
        maxCode = Double(reader.maximum)
        fromXYZ = simulation.fromXYZ.m.map(Float.init)
        let displayMax = simulation.displayMax
        encodeTables = simulation.targetModel.curves.map { $0.table(.output(scale: displayMax)) }
        if let model = simulation.sourceModel, colorChannels == 3 {
            let codes = Int(maxCode)
            inputTables = model.curves.map { $0.table(.linear(maximum: codes)) }
            sourceToXYZ = model.toXYZD50.m.map(Float.init)
            sourceToTarget = (simulation.fromXYZ * model.toXYZD50).m.map(Float.init)
        } else {
            inputTables = nil
            sourceToXYZ = []
            sourceToTarget = []
        }
    }

    // MARK: Reading pixels

    /// The integer sample of channel `c` of pixel `x` in row `y`.
    @inline(__always)
    func sample(_ row: UnsafeRawPointer, _ x: Int, _ c: Int) -> Int {
        reader.integer(row, x, c)
    }

    /// The encoded source color of a pixel, 0…1.
    func encoded(x: Int, y: Int) -> [Double] {
        (0..<colorChannels).map { image.pixels.value(x: x, y: y, channel: $0) }
    }

    /// D50 XYZ of pixel `x` of `row`.
    @inline(__always)
    func xyz(_ row: UnsafeRawPointer, _ x: Int) -> SIMD3<Float> {
        if let tables = inputTables {
            let m = sourceToXYZ
            let r = tables[0][sample(row, x, 0)], g = tables[1][sample(row, x, 1)], b = tables[2][sample(row, x, 2)]
            return SIMD3(m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b)
        }
        let v = simulation.sourceXYZ((0..<colorChannels).map { Double(sample(row, x, $0)) / maxCode })
        return SIMD3(Float(v[0]), Float(v[1]), Float(v[2]))
    }

    /// D50 XYZ of one row, three floats per pixel, for sources that aren't matrix/TRC (LittleCMS, pixel by pixel;
    /// matrix/TRC sources are read straight from the row by the pass).
    func rowXYZ(_ row: UnsafeRawPointer, y: Int, into xyz: UnsafeMutableBufferPointer<Float>) {
        for x in 0..<width {
            let v = self.xyz(row, x)
            xyz[x * 3] = v.x
            xyz[x * 3 + 1] = v.y
            xyz[x * 3 + 2] = v.z
        }
    }

    /// D50 XYZ of one pixel (for the few pixels looked at again after the pass).
    func pixelXYZ(x: Int, y: Int) -> (Double, Double, Double) {
        let v = image.pixels.withUnsafeBytes { self.xyz($0.baseAddress! + y * image.pixels.rowBytes, x) }
        return (Double(v.x), Double(v.y), Double(v.z))
    }

    /// Source Lab of one pixel.
    func pixelLab(x: Int, y: Int) -> Lab {
        let (X, Y, Z) = pixelXYZ(x: x, y: y)
        return Lab(x: X, y: Y, z: Z)
    }

    /// Lab of a displayed color given by its packed code.
    func shownLab(_ code: UInt32) -> Lab {
        simulation.shownLab(r: Int(code & 0xFF), g: Int(code >> 8 & 0xFF), b: Int(code >> 16 & 0xFF))
    }


    static func codes(_ code: UInt32) -> [Int] { [Int(code & 0xFF), Int(code >> 8 & 0xFF), Int(code >> 16 & 0xFF)] }

    // MARK: The pass

    struct GroupCell {
        var count = 0
        /// Its interior pixels (not on a transition between colors).
        var interior = 0
        /// A pixel of this cell, standing for it: its source color is what is compared and reported.
        var x: Int32, y: Int32
    }

    /// The pixels shown as one display code: derived from the cell table once the pass is done.
    struct Group {
        var code: UInt32
        var pixels = 0
        var bounds: PixelRect
        var outOfGamut = 0
        /// This group's cells in ``Groups/cells``.
        var cells: Range<Int>
    }

    /// All groups, in display-code order, with their cells in one flat array.
    struct Groups {
        var groups: [Group] = []
        var cells: [GroupCell] = []
    }

    /// Groups by display code, from the cell table, in linear time: each cell finds its group through a
    /// code index, then a counting sort lays the cells out group by group (no per-group allocations).
    static func groups(_ table: CellTable) -> Groups {
        let entries = table.all
        var index = CodeIndex(capacity: entries.count)
        var groupOf = [Int32](repeating: 0, count: entries.count)
        var result = Groups()
        for (k, e) in entries.enumerated() {
            let key = e.key
            let rect = PixelRect(x: Int(e.x0), y: Int(e.y0), width: Int(e.x1 - e.x0 + 1), height: Int(e.y1 - e.y0 + 1))
            let code = CellTable.code(key)
            let g = index.insert(code, as: result.groups.count)
            if g == result.groups.count {
                result.groups.append(Group(code: code, pixels: 0, bounds: rect, outOfGamut: 0, cells: 0..<0))
            } else {
                result.groups[g].bounds = result.groups[g].bounds.union(rect)
            }
            result.groups[g].pixels += Int(e.count)
            result.groups[g].outOfGamut += Int(e.outOfGamut)
            groupOf[k] = Int32(g)
        }
        var starts = [Int](repeating: 0, count: result.groups.count + 1)
        for g in groupOf { starts[Int(g) + 1] += 1 }
        for g in result.groups.indices {
            starts[g + 1] += starts[g]
            result.groups[g].cells = starts[g]..<starts[g + 1]
        }
        result.cells = [GroupCell](repeating: GroupCell(x: 0, y: 0), count: entries.count)
        for (k, e) in entries.enumerated() {
            let g = Int(groupOf[k])
            result.cells[starts[g]] = GroupCell(count: Int(e.count), interior: Int(e.interior), x: e.x, y: e.y)
            starts[g] += 1
        }
        return result
    }

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
        let results = BandResults(count: bands)
        let output = PackedCodes(pointer: packed, deltaE: deltaE)
        image.pixels.withUnsafeBytes { bytes in
            let input = InputRows(base: bytes.baseAddress!, rowBytes: image.pixels.rowBytes)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let first = height * band / bands, last = height * (band + 1) / bands
                results.set(band, runRows(first..<last, input: input, output: output))
            }
        }
        return results.all
    }

    private func runRows(_ rows: Range<Int>, input: InputRows, output: PackedCodes) -> BandResult {
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
        defer { edge.deallocate(); edgeLab.deallocate(); edgeXYZ.deallocate(); sourceLab.deallocate(); deltaE.deallocate(); histogram.deallocate() }
        // Consecutive pixels of a row with the same display code and source cell are added to the groups at once.
        var pending: (key: UInt64, x0: Int, x1: Int, y: Int, interior: Int)?
        let cache = CellCache()
        func flush(_ cells: inout CellTable) {
            guard let p = pending else { return }
            cache.add(p.key, x0: p.x0, x1: p.x1, y: p.y, count: p.x1 - p.x0 + 1, interior: p.interior, outOfGamut: true, into: &cells)
            pending = nil
        }
        var pendingInGamut: (key: UInt64, x0: Int, x1: Int, y: Int, interior: Int)?
        func flushInGamut(_ cells: inout CellTable) {
            guard let p = pendingInGamut else { return }
            cache.add(p.key, x0: p.x0, x1: p.x1, y: p.y, count: p.x1 - p.x0 + 1, interior: p.interior, outOfGamut: false, into: &cells)
            pendingInGamut = nil
        }
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
                    || abs(sample(up, x, c) - v) > edgeStep || abs(sample(down, x, c) - v) > edgeStep { return 0 }
            }
            return 1
        }
        /// X, Y and Z of four listed pixels (the last one repeated past the end), from the list's XYZ.
        @inline(__always) func gather(_ list: UnsafeMutableBufferPointer<SIMD3<Float>>, _ i: Int, _ n: Int) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
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
                        direct ? SIMD3(s[0] * X + s[1] * Y + s[2] * Z, s[3] * X + s[4] * Y + s[5] * Z, s[6] * X + s[7] * Y + s[8] * Z)
                            : SIMD3(X, Y, Z)
                    }
                    let r = m[0] * X + m[1] * Y + m[2] * Z
                    let g = m[3] * X + m[4] * Y + m[5] * Z
                    let b = m[6] * X + m[7] * Y + m[8] * Z
                    var code = UInt32(ShaperKernel.encode(r, e0.baseAddress!) + 0.5)
                        | UInt32(ShaperKernel.encode(g, e1.baseAddress!) + 0.5) << 8
                        | UInt32(ShaperKernel.encode(b, e2.baseAddress!) + 0.5) << 16
                    if r < -tolerance || g < -tolerance || b < -tolerance || r > 1 + tolerance || g > 1 + tolerance || b > 1 + tolerance {
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
            }}}}}}}}
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
                if let p = pendingInGamut, p.key == key, p.y == y, p.x1 == x - 1 {
                    pendingInGamut!.x1 = x
                    pendingInGamut!.interior += inside
                } else {
                    flushInGamut(&result.cells)
                    pendingInGamut = (key, x, x, y, inside)
                }
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
                    deltaE[i + lane] = fallback[lane] == 0 ? d[lane] : Float(CIEDE2000.referenceDifference(
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
                if let p = pending, p.key == key, p.y == y, p.x1 == x - 1 {
                    pending!.x1 = x
                    pending!.interior += inside
                } else {
                    flush(&result.cells)
                    pending = (key, x, x, y, inside)
                }
            }
            if lastVisible >= 0 {
                let here = PixelRect(x: firstVisible, y: y, width: lastVisible - firstVisible + 1, height: 1)
                result.visibleBounds = result.visibleBounds.map { $0.union(here) } ?? here
            }
        }
        flush(&result.cells)
        flushInGamut(&result.cells)
        cache.drain(into: &result.cells)
        if worstDeltaE >= 0 {
            result.worst = PixelSample(x: worstX, y: worstY, source: encoded(x: worstX, y: worstY), shown: Self.codes(worstCode), deltaE: worstDeltaE)
        }
        result.histogram = Array(histogram)
        return result
    }

    /// Collapsing colors, one entry per cluster of display codes.
    ///
    /// Display codes are clustered when they are chained by steps of one code per channel (a cluster
    /// holds at least one out-of-gamut code). In each cluster, the largest source-color cells (pixels
    /// within 1 ΔE76 of each other, each covering at least ``AnalysisSettings/collapseMinimumPixels`` and
    /// ``AnalysisSettings/collapseMinimumArea`` of the counted pixels, at most ``AnalysisSettings/collapseMaximumEdgeFraction``
    /// of them on an edge) are compared pairwise, most different first; the first pair that is distinguishable in the source
    /// and not once shown (exact CIEDE2000 tests, as for lists of colors) is the cluster's finding.
    func collapseGroups(_ all: Groups, counted: Int) -> [ImageCollapseGroup] {
        let values = all.groups
        var index = CodeIndex(capacity: values.count)
        for (i, group) in values.enumerated() { _ = index.insert(group.code, as: i) }
        // Union-find over group indexes, through a pointer (a captured array would be checked for exclusive access on every step).
        let parent = UnsafeMutableBufferPointer<Int>.allocate(capacity: values.count)
        defer { parent.deallocate() }
        for i in values.indices { parent[i] = i }
        @inline(__always) func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        // Join each out-of-gamut code with the codes present one step away per channel (chains reach further).
        // Each neighboring pair is looked at once, from the code whose neighbor lies in the positive half of
        // the 26 directions (b, then g, then r increasing), and joined when either code is out of gamut.
        for (i, group) in values.enumerated() {
            let key = group.code
            let c0 = Int(key & 0xFF), c1 = Int(key >> 8 & 0xFF), c2 = Int(key >> 16 & 0xFF)
            for (dr, dg, db) in Self.forwardSteps {
                let r = c0 + dr, g = c1 + dg, b = c2 + db
                guard r >= 0, r <= 255, g >= 0, g <= 255, b <= 255 else { continue }
                guard let j = index.find(UInt32(r | g << 8 | b << 16)), group.outOfGamut > 0 || values[j].outOfGamut > 0 else { continue }
                let (a, z) = (root(i), root(j))
                if a != z { parent[a] = z }
            }
        }
        // Clusters that hold an out-of-gamut code, as runs of indexes sorted by root.
        let roots = values.indices.map { root($0) }
        var hasOutside = [Bool](repeating: false, count: values.count)
        for i in values.indices where values[i].outOfGamut > 0 { hasOutside[roots[i]] = true }
        let members = values.indices.filter { hasOutside[roots[$0]] }.sorted { (roots[$0], $0) < (roots[$1], $1) }
        var clusters: [ArraySlice<Int>] = []
        var start = 0
        for k in members.indices where k + 1 == members.count || roots[members[k + 1]] != roots[members[start]] {
            clusters.append(members[start...k])
            start = k + 1
        }

        // A color counts when it covers enough of the image and lies mostly off transitions (antialiased edges).
        let minimum = max(settings.collapseMinimumPixels, Int((settings.collapseMinimumArea * Double(counted)).rounded(.up)))
        let interiorShare = 1 - settings.collapseMaximumEdgeFraction
        var found: [ImageCollapseGroup] = []
        var shownCache: [UInt32: Lab] = [:]
        func shown(_ key: UInt32) -> Lab {
            if let lab = shownCache[key] { return lab }
            let lab = shownLab(key)
            shownCache[key] = lab
            return lab
        }
        for members in clusters {
            let cells = Self.largestCells(members.lazy.map { (values[$0].cells, $0) }, in: all.cells, minimum: minimum,
                                          interiorShare: interiorShare, limit: 32)
            guard cells.count >= 2 else { continue }
            let labs = cells.map { pixelLab(x: Int($0.cell.x), y: Int($0.cell.y)) }
            var pairs: [(Int, Int, Double)] = []
            for i in cells.indices {
                for j in cells.indices where j > i {
                    let d = CIEDE2000.difference(labs[i - cells.startIndex], labs[j - cells.startIndex])
                    if d >= settings.collapseSource { pairs.append((i, j, d)) }
                }
            }
            for (i, j, source) in pairs.sorted(by: { $0.2 > $1.2 }) {
                let (x, y) = (cells[i], cells[j])
                let (kx, ky) = (values[x.group].code, values[y.group].code)
                let shownDeltaE = kx == ky ? 0 : CIEDE2000.difference(shown(kx), shown(ky))
                guard shownDeltaE < settings.collapseShown, shownDeltaE <= settings.collapseRatio * source else { continue }
                let bounds = members.dropFirst().reduce(values[members.first!].bounds) { $0.union(values[$1].bounds) }
                found.append(ImageCollapseGroup(
                    firstShown: Self.codes(kx), secondShown: Self.codes(ky),
                    pixelCount: members.reduce(0) { $0 + values[$1].pixels }, bounds: bounds,
                    first: encoded(x: Int(x.cell.x), y: Int(x.cell.y)), second: encoded(x: Int(y.cell.x), y: Int(y.cell.y)), firstPixels: x.cell.count, secondPixels: y.cell.count,
                    sourceDeltaE: source, shownDeltaE: shownDeltaE, displayColors: members.count))
                break
            }
        }
        return found.sorted { ($0.pixelCount, $0.sourceDeltaE) > ($1.pixelCount, $1.sourceDeltaE) }
    }

    /// The `limit` largest cells of at least `minimum` pixels, at least `interiorShare` of them interior, among the
    /// groups' cells, largest first (ties in reading order), kept in a small sorted buffer rather than sorting every candidate.
    static func largestCells<S: Sequence>(_ groups: S, in cells: [GroupCell], minimum: Int, interiorShare: Double, limit: Int)
        -> [(group: Int, cell: GroupCell)] where S.Element == (Range<Int>, Int) {
        var top: [(group: Int, cell: GroupCell)] = []
        top.reserveCapacity(limit + 1)
        @inline(__always) func before(_ a: GroupCell, _ b: GroupCell) -> Bool {
            (b.count, a.y, a.x) < (a.count, b.y, b.x)
        }
        for (range, group) in groups {
            for cell in cells[range] where cell.count >= minimum && Double(cell.interior) >= interiorShare * Double(cell.count) {
                if top.count == limit, let last = top.last, !before(cell, last.cell) { continue }
                var position = top.count
                while position > 0 && before(cell, top[position - 1].cell) { position -= 1 }
                top.insert((group, cell), at: position)
                if top.count > limit { top.removeLast() }
            }
        }
        return top
    }

    /// The 13 of the 26 one-code steps that point forward (first nonzero of b, g, r positive).
    static let forwardSteps: [(Int, Int, Int)] = {
        var steps: [(Int, Int, Int)] = []
        for db in -1...1 { for dg in -1...1 { for dr in -1...1 where (db, dg, dr) > (0, 0, 0) { steps.append((dr, dg, db)) } } }
        return steps
    }()

    static func percentile(_ histogram: [Int], _ p: Double) -> Double {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 0 }
        let rank = Int((Double(total) * p).rounded(.up))
        var seen = 0
        for (i, n) in histogram.enumerated() {
            seen += n
            if seen >= rank { return Double(i) / 100 }
        }
        return Double(histogram.count - 1) / 100
    }

    /// The clip mask's colors for out-of-gamut pixels, least severe first: blue (not visible), yellow (ΔE00 1–2),
    /// orange (2–5), red (≥ 5).
    static let clipMaskColors: [[UInt8]] = [[0, 160, 255], [255, 215, 0], [255, 140, 0], [230, 0, 0]]

    /// The clip mask (see ``ImageAnalyzer/Output/clipMask``).
    func clipMask(packed: [UInt32]) throws(GamutError) -> Image {
        let colors = Self.clipMaskColors
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for (i, value) in packed.enumerated() {
            if value & Self.transparent != 0 { continue }
            let o = i * 4
            if value & Self.outOfGamut != 0 {
                let c = colors[Int(value >> Self.severityShift & 3)]
                bytes[o] = c[0]; bytes[o + 1] = c[1]; bytes[o + 2] = c[2]
            } else {
                let luma = 0.2126 * Double(value & 0xFF) + 0.7152 * Double(value >> 8 & 0xFF) + 0.0722 * Double(value >> 16 & 0xFF)
                let gray = UInt8(min(255, 96 + luma * 0.5))
                bytes[o] = gray; bytes[o + 1] = gray; bytes[o + 2] = gray
            }
            bytes[o + 3] = 255
        }
        let pixels = try PixelBuffer(width: width, height: height, format: .rgba8, bytes: bytes)
        return Image(pixels: pixels, profile: .sRGB, colorSource: .iccp(name: "sRGB"))
    }
}

/// The per-pixel buffers of an analysis (display codes and ΔE00), kept for the next analysis: each is tens
/// of megabytes for a 4K image, which the allocator maps fresh every time, and faulting those pages in
/// costs more than the work done in them. One set is kept; concurrent analyses allocate their own.
enum PixelBuffers {
    private static let kept = Locked<(packed: [UInt32], deltaE: [UInt16])?>(nil)

    /// Buffers of `count` elements: display codes (every element is written by the pass) and ΔE00 × 100,
    /// zeroed (the pass writes it for out-of-gamut pixels only).
    static func take(count: Int) -> (packed: [UInt32], deltaE: [UInt16]) {
        if var buffers = kept.withLock({ $0.take() }), buffers.packed.count >= count, buffers.packed.count <= 2 * count {
            buffers.packed.removeLast(buffers.packed.count - count)
            buffers.deltaE.removeLast(buffers.deltaE.count - count)
            buffers.deltaE.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            return buffers
        }
        return ([UInt32](repeating: 0, count: count), [UInt16](repeating: 0, count: count))
    }

    /// Keeps the buffers for the next analysis, for images up to 2^25 pixels (the two buffers then hold 200 MB).
    static func give(back buffers: (packed: [UInt32], deltaE: [UInt16])) {
        guard buffers.packed.count <= 1 << 25 else { return }
        kept.withLock { $0 = buffers }
    }
}

/// Row pointers into the image being analyzed. `@unchecked Sendable`: read-only during the pass.
struct InputRows: @unchecked Sendable {
    let base: UnsafeRawPointer
    let rowBytes: Int
}

/// The packed-code output, and each out-of-gamut pixel's ΔE00 × 100 (0 elsewhere).
/// `@unchecked Sendable`: each band writes only its own rows.
struct PackedCodes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt32>
    let deltaE: UnsafeMutablePointer<UInt16>
}

/// One result slot per band, written once each from different threads under a lock.
final class BandResults: Sendable {
    private let slots: Locked<[PixelPass.BandResult?]>
    init(count: Int) { slots = Locked([PixelPass.BandResult?](repeating: nil, count: count)) }
    func set(_ band: Int, _ result: PixelPass.BandResult) { slots.withLock { $0[band] = result } }
    var all: [PixelPass.BandResult] { slots.withLock { $0.compactMap { $0 } } }
}
