import Dispatch
import Foundation

/// The per-pixel pass: XYZ of each pixel, the target's linear light, the shown code, and ΔE00 for
/// out-of-gamut pixels. Immutable; it reads rows handed to it in chunks (``AnalysisPipeline``) and never holds the image,
/// so an analysis can run on a decoder's rows as they arrive.
final class PixelPass: Sendable {
    static let histogramBins = 10_001  // ΔE00 in steps of 0.01 up to 100
    /// Packed per pixel: shown code in the low 24 bits (r | g << 8 | b << 16); flags in the top 8.
    static let outOfGamut: UInt32 = 1 << 24, visible: UInt32 = 1 << 25, transparent: UInt32 = 1 << 26
    static let severityShift: UInt32 = 28  // 0: none, 1: ΔE 1–2, 2: 2–5, 3: ≥ 5

    let settings: AnalysisSettings
    let simulation: DisplaySimulation
    let width: Int, height: Int
    let channels: Int, colorChannels: Int, alphaChannel: Int?
    let maxCode: Double
    /// The largest step between neighbors of a smooth gradient, in codes: a pixel with a larger step to a neighbor is
    /// not interior (see `interior`).
    let edgeStep: Int
    /// Reads the image's samples (the one sample reader, ``SampleReader``).
    let reader: SampleReader
    let fromXYZ: [Float]
    let encodeTables: [[Float]]
    /// For matrix/TRC sources: per-code linear light and the matrix to XYZ; nil means LittleCMS per row.
    let inputTables: [[Float]]?
    let sourceToXYZ: [Float]
    /// For matrix/TRC sources: linear source light → linear target light (the two matrices combined in double precision).
    let sourceToTarget: [Float]
    /// Whether no pixel can leave the target's gamut (see ``staysInside(tables:matrix:tolerance:)``): an sRGB image
    /// checked against sRGB or Display P3. Nothing can clip, collapse or flatten then, so the pipeline only counts the
    /// pixels (``AnalysisPipeline/countsOnly``).
    let insideTarget: Bool
    /// Whether matrix/TRC sources' display codes come from the C kernel (``DisplayCodeVectors``), eight pixels at a time.
    let vectorCodes: Bool
    /// Whether the out-of-gamut pixels' Lab and ΔE00 come from the C kernel (``OutsideColorVectors``), eight at a time.
    let vectorDifferences: Bool

    /// A pass over `width` × `height` pixels of `format` in `profile`; `vectorized` false keeps the display codes and the
    /// out-of-gamut ΔE00 to the Swift loops (the tests compare the two).
    /// `samples`, when the image is known whole, gives the smallest and largest sample of each color channel (asked only
    /// when the profile can leave the target, and handed the test the ranges must pass, so it can stop early): an image
    /// whose colors stay inside the target is then only counted, as a profile that can't leave it is (P3 art in sRGB
    /// colors).
    init(
        format: PixelFormat, width: Int, height: Int, profile: ColorProfile, target: ColorProfile, settings: AnalysisSettings,
        vectorized: Bool = true,
        samples: ((_ fits: ([ClosedRange<Int>]) -> Bool) -> [ClosedRange<Int>]?)? = nil
    ) throws(GamutError) {
        try settings.validate()
        guard !format.sample.isFloat, format.layout != .cmyk else {
            throw GamutError(.invalidArgument, "the analyzer reads 8- and 16-bit gray or RGB images")
        }
        guard (1...8).contains(settings.displayBitDepth) else {
            throw GamutError(
                .invalidArgument, "the image analyzer simulates displays of 1 to 8 bits per channel, not \(settings.displayBitDepth)")
        }
        self.settings = settings
        simulation = try DisplaySimulation(
            source: profile, target: target, displayBitDepth: settings.displayBitDepth, tolerance: settings.gamutTolerance)
        self.width = width
        self.height = height
        channels = format.channelCount
        colorChannels = format.colorChannelCount
        alphaChannel = format.hasAlpha ? channels - 1 : nil
        reader = SampleReader(format)
        maxCode = Double(reader.maximum)
        edgeStep = Int(RampStep.limit(maxCode: maxCode, settings: settings))
        vectorDifferences = vectorized && ShaperVectors.available
        fromXYZ = simulation.fromXYZ.m.map(Float.init)
        let displayMax = simulation.displayMax
        encodeTables = simulation.targetModel.curves.map { $0.table(.output(scale: displayMax)) }
        if let model = simulation.sourceModel, colorChannels == 3 {
            let codes = Int(maxCode)
            inputTables = model.curves.map { $0.table(.linear(maximum: codes)) }
            sourceToXYZ = model.toXYZD50.m.map(Float.init)
            sourceToTarget = (simulation.fromXYZ * model.toXYZD50).m.map(Float.init)
            let tables = inputTables!, matrix = sourceToTarget, tolerance = settings.gamutTolerance
            let fits = { (ranges: [ClosedRange<Int>]) in
                Self.staysInside(samples: ranges, tables: tables, matrix: matrix, tolerance: tolerance)
            }
            insideTarget = Self.staysInside(tables: tables, matrix: matrix, tolerance: tolerance) || samples?(fits).map(fits) == true
            vectorCodes = vectorized && ShaperVectors.available
        } else {
            vectorCodes = false
            inputTables = nil
            sourceToXYZ = []
            sourceToTarget = []
            insideTarget = false
        }
    }

    /// Whether every pixel of a matrix/TRC source stays inside the target's gamut: the box of the source's linear light
    /// (each channel's table from its least to its greatest entry) maps through `matrix`, which is linear, so its
    /// extremes are at the box's corners, inside 0…1 widened by `tolerance`, less a margin for the single-precision
    /// rounding of the per-pixel products: 1e-5 times the largest sum of |matrix entry × channel bound| (about 1 for real
    /// profiles, where the rounding is ~1e-7), so the pixel loop's out-of-gamut test can never fire. A table with NaN
    /// (a broken curve) fails.
    static func staysInside(tables: [[Float]], matrix: [Float], tolerance: Double) -> Bool {
        // One walk per table: its smallest and largest value, and whether it holds a NaN (which min and max skip).
        var bounds: [(Double, Double)] = []
        for table in tables {
            var low = Double.infinity, high = -Double.infinity
            for value in table {
                guard !value.isNaN else { return false }
                low = min(low, Double(value))
                high = max(high, Double(value))
            }
            bounds.append((low, high))
        }
        let magnitude = (0..<3).map { row in
            (0..<3).reduce(0.0) { $0 + abs(Double(matrix[row * 3 + $1])) * max(abs(bounds[$1].0), abs(bounds[$1].1)) }
        }
        let margin = tolerance - 1e-5 * max(1, magnitude.max() ?? 1)
        for corner in 0..<8 {
            let v = (0..<3).map { c in corner >> c & 1 == 0 ? bounds[c].0 : bounds[c].1 }
            for row in 0..<3 {
                let t = Double(matrix[row * 3]) * v[0] + Double(matrix[row * 3 + 1]) * v[1] + Double(matrix[row * 3 + 2]) * v[2]
                guard t >= -margin, t <= 1 + margin else { return false }
            }
        }
        return true
    }

    /// Whether samples within `ranges` (per color channel) stay inside the target, as ``staysInside(tables:matrix:tolerance:)``
    /// decides for the tables' entries in those ranges.
    static func staysInside(samples ranges: [ClosedRange<Int>], tables: [[Float]], matrix: [Float], tolerance: Double) -> Bool {
        guard ranges.count == 3, tables.count == 3, zip(ranges, tables).allSatisfy({ $0.lowerBound >= 0 && $0.upperBound < $1.count })
        else { return false }
        return staysInside(tables: zip(tables, ranges).map { Array($0[$1]) }, matrix: matrix, tolerance: tolerance)
    }

    /// How many pixels of `rows` the pass counts: those not transparent (alpha 0), as the pixel loop counts them.
    func countedPixels(_ chunk: RowChunk) -> Int {
        guard let alpha = alphaChannel else { return chunk.rows.count * width }
        var counted = 0
        for y in chunk.rows {
            let row = chunk.row(y)
            for x in 0..<width where sample(row, x, alpha) != 0 { counted += 1 }
        }
        return counted
    }

    // MARK: Reading pixels

    /// The integer sample of channel `c` of pixel `x` in row `y`.
    @inline(__always)
    func sample(_ row: UnsafeRawPointer, _ x: Int, _ c: Int) -> Int {
        reader.integer(row, x, c)
    }

    /// The color samples of pixel `x` of `row` (the first only for gray).
    @inline(__always)
    func sample(_ row: UnsafeRawPointer, _ x: Int) -> Sample {
        colorChannels == 3
            ? Sample(c0: Int32(reader.integer(row, x, 0)), c1: Int32(reader.integer(row, x, 1)), c2: Int32(reader.integer(row, x, 2)))
            : Sample(c0: Int32(reader.integer(row, x, 0)))
    }

    /// The encoded source color of a pixel's samples, 0…1.
    func encoded(_ s: Sample) -> [Double] {
        [Double(s.c0), Double(s.c1), Double(s.c2)].prefix(colorChannels).map { $0 / maxCode }
    }

    /// D50 XYZ of pixel `x` of `row`.
    @inline(__always)
    func xyz(_ row: UnsafeRawPointer, _ x: Int) -> SIMD3<Float> {
        if let tables = inputTables {
            let r = tables[0][sample(row, x, 0)], g = tables[1][sample(row, x, 1)], b = tables[2][sample(row, x, 2)]
            return matrixXYZ(r, g, b)
        }
        return xyz(sample(row, x))
    }

    /// D50 XYZ of a pixel's samples.
    func xyz(_ s: Sample) -> SIMD3<Float> {
        if let tables = inputTables {
            return matrixXYZ(tables[0][Int(s.c0)], tables[1][Int(s.c1)], tables[2][Int(s.c2)])
        }
        let v = simulation.sourceXYZ(encoded(s))
        return SIMD3(Float(v[0]), Float(v[1]), Float(v[2]))
    }

    @inline(__always)
    private func matrixXYZ(_ r: Float, _ g: Float, _ b: Float) -> SIMD3<Float> {
        let m = sourceToXYZ
        return SIMD3(m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b)
    }

    /// D50 XYZ of one row, three floats per pixel, for sources that aren't matrix/TRC (LittleCMS, pixel by pixel;
    /// matrix/TRC sources are read straight from the row by the pass).
    func rowXYZ(_ row: UnsafeRawPointer, into xyz: UnsafeMutableBufferPointer<Float>) {
        for x in 0..<width {
            let v = self.xyz(row, x)
            xyz[x * 3] = v.x
            xyz[x * 3 + 1] = v.y
            xyz[x * 3 + 2] = v.z
        }
    }

    /// Source Lab of a pixel's samples (for the few pixels looked at again: cells compared, ends of runs).
    func lab(_ s: Sample) -> Lab {
        let v = xyz(s)
        return Lab(x: Double(v.x), y: Double(v.y), z: Double(v.z))
    }

    /// Lab of a displayed color given by its packed code.
    func shownLab(_ code: UInt32) -> Lab {
        simulation.shownLab(r: Int(code & 0xFF), g: Int(code >> 8 & 0xFF), b: Int(code >> 16 & 0xFF))
    }

    static func codes(_ code: UInt32) -> [Int] { [Int(code & 0xFF), Int(code >> 8 & 0xFF), Int(code >> 16 & 0xFF)] }

    // MARK: The pass

    /// Up to three color samples of a pixel, in codes (gray uses the first).
    struct Sample: Equatable {
        var c0: Int32 = 0, c1: Int32 = 0, c2: Int32 = 0
    }

    struct GroupCell {
        var count = 0
        /// Its interior pixels (not on a transition between colors).
        var interior = 0
        /// The first pixel of this cell in reading order, standing for it: its source color is what is compared and reported.
        var x: Int32, y: Int32
        var sample: Sample
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

    /// All groups, in the cell table's slot order, with their cells in one flat array.
    struct Groups {
        var groups: [Group] = []
        var cells: [GroupCell] = []
    }

    /// Groups by display code, from the cell table's entries, in linear time: each cell finds its group through a
    /// code index, then a counting sort lays the cells out group by group (no per-group allocations).
    static func groups(_ entries: [CellTable.Entry]) -> Groups {
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
        result.cells = [GroupCell](repeating: GroupCell(x: 0, y: 0, sample: Sample()), count: entries.count)
        for (k, e) in entries.enumerated() {
            let g = Int(groupOf[k])
            result.cells[starts[g]] = GroupCell(count: Int(e.count), interior: Int(e.interior), x: e.x, y: e.y, sample: e.sample.sample)
            starts[g] += 1
        }
        return result
    }

}
