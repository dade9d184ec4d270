/// Finds the staircases of flat bands ``Banding`` describes, along every row and every column of an 8-bit RGB image.
///
/// The image is packed once into one 24-bit code per pixel (transparent pixels get a code no color has), and columns are
/// scanned as the rows of its transpose. Colors are converted only at band edges, each code once.
struct BandingScan {
    let image: Image
    let settings: AnalysisSettings
    /// D50 Lab of a packed code (red in the low byte).
    let lab: (UInt32) -> Lab

    /// The code of a transparent pixel: it ends any ramp.
    private static let transparent: UInt32 = 1 << 24

    /// A ramp being followed along a line: the staircase of runs so far.
    private struct Staircase {
        /// The previous run's code, and per channel the ramp's direction (+1, −1, or 0 while unknown).
        var previous: UInt32
        var direction: SIMD3<Int32> = .zero
        /// The last wide run: its code, where it began, and its width.
        var wideCode: UInt32? = nil
        var wideStart = 0, wideWidth = 0
        /// The counted edges: where the first counted edge's first band begins and the last one's second band ends,
        /// their ΔE00, and the narrowest band next to one.
        var start = -1, end = -1
        var steps: [Double] = []
        var narrowest = Int.max
    }

    /// One line's banded stretch.
    private struct BandedRun {
        var run: LineRun
        var steps: [Double]
        var narrowest: Int
    }

    func measure() -> Banding? {
        let width = image.width, height = image.height
        var codes = [UInt32](repeating: 0, count: width * height)
        pack(into: &codes)
        var labs: [UInt32: Lab] = [:]
        func labOf(_ code: UInt32) -> Lab {
            if let known = labs[code] { return known }
            let value = lab(code)
            labs[code] = value
            return value
        }
        var found: [(Banding, area: Int)] = []
        var regionCount: [ClippingGradientRegion.Direction: Int] = [:]
        for direction in [ClippingGradientRegion.Direction.rows, .columns] {
            // Columns are scanned as the rows of the transposed codes: read down a column, every pixel is a cache miss.
            if direction == .columns { codes = Self.transposed(codes, width: width, height: height) }
            let (lines, length) = direction == .rows ? (height, width) : (width, height)
            var banded: [BandedRun] = []
            codes.withUnsafeBufferPointer { codes in
                for line in 0..<lines {
                    scan(UnsafeBufferPointer(rebasing: codes[line * length..<(line + 1) * length]), line: line, lab: labOf, into: &banded)
                }
            }
            for members in LineRun.regions(banded.map(\.run)) {
                let runs = members.map { banded[$0] }
                let lineCount = Set(runs.map(\.run.line)).count
                guard lineCount >= settings.gradientMinimumLines else { continue }
                regionCount[direction, default: 0] += 1
                let bounds = runs.dropFirst().reduce(runs[0].run.rect(direction)) { $0.union($1.run.rect(direction)) }
                let steps = runs.flatMap(\.steps).sorted()
                let banding = Banding(
                    direction: direction, region: bounds, lines: lineCount, edges: runs.map(\.steps.count).max() ?? 0,
                    largestStep: steps.last ?? 0,
                    medianStep: steps.count % 2 == 1
                        ? steps[steps.count / 2] : (steps[steps.count / 2 - 1] + steps[steps.count / 2]) / 2,
                    narrowestBand: runs.map(\.narrowest).min() ?? 0, regions: 0)
                found.append((banding, bounds.width * bounds.height))
            }
        }
        guard var largest = found.max(by: { $0.area < $1.area })?.0 else { return nil }
        largest.regions = regionCount[largest.direction] ?? 1
        return largest
    }

    /// Packs each pixel's three 8-bit samples into one code; a transparent pixel gets ``transparent``.
    private func pack(into codes: inout [UInt32]) {
        let format = image.pixels.format, width = image.width
        let channels = format.channelCount, rowBytes = image.pixels.rowBytes
        let alpha = format.hasAlpha ? channels - 1 : nil
        image.pixels.withUnsafeBytes { bytes in
            for y in 0..<image.height {
                let row = bytes.baseAddress! + y * rowBytes
                for x in 0..<width {
                    let p = row + x * channels
                    let code =
                        UInt32(p.load(as: UInt8.self)) | UInt32(p.load(fromByteOffset: 1, as: UInt8.self)) << 8
                        | UInt32(p.load(fromByteOffset: 2, as: UInt8.self)) << 16
                    codes[y * width + x] = alpha.map { p.load(fromByteOffset: $0, as: UInt8.self) == 0 } == true ? Self.transparent : code
                }
            }
        }
    }

    /// `codes` (`width` × `height`, row by row) transposed, in tiles that stay in cache.
    static func transposed(_ codes: [UInt32], width: Int, height: Int) -> [UInt32] {
        let tile = 64
        return [UInt32](unsafeUninitializedCapacity: codes.count) { out, initialized in
            codes.withUnsafeBufferPointer { source in
                for y0 in Swift.stride(from: 0, to: height, by: tile) {
                    for x0 in Swift.stride(from: 0, to: width, by: tile) {
                        for y in y0..<min(y0 + tile, height) {
                            for x in x0..<min(x0 + tile, width) { out[x * height + y] = source[y * width + x] }
                        }
                    }
                }
            }
            initialized = codes.count
        }
    }

    /// Follows the ramps along one line of codes, appending its banded stretches.
    private func scan(_ codes: UnsafeBufferPointer<UInt32>, line: Int, lab: (UInt32) -> Lab, into banded: inout [BandedRun]) {
        let count = codes.count, limit = maximumStep, minimumWidth = settings.bandingMinimumWidth
        // The staircase being followed, mutated in place (runs are short in a ramp, so copying it per run would cost more
        // than the scan); `active` is false between staircases.
        var stair = Staircase(previous: 0)
        var active = false
        func close() {
            if active, stair.steps.count >= settings.gradientMinimumSteps {
                banded.append(
                    BandedRun(run: LineRun(line: line, start: stair.start, end: stair.end), steps: stair.steps, narrowest: stair.narrowest))
            }
            active = false
        }
        var runStart = 0
        while runStart < count {
            let code = codes[runStart]
            var end = runStart + 1
            while end < count && codes[end] == code { end += 1 }
            // The run of `code` is runStart..<end.
            defer { runStart = end }
            if code == Self.transparent {
                close()
                continue
            }
            let turns = active && stair.wideStart + stair.wideWidth == runStart && stair.wideCode == stair.previous
            let (wideCode, wideStart, wideWidth) = (stair.wideCode, stair.wideStart, stair.wideWidth)
            if active && continues(&stair, to: code, limit: limit) {
                // (A failed check leaves a partly updated direction, which close() and a new staircase never read.)
            } else if turns,
                case var turned = Staircase(previous: stair.previous, wideCode: wideCode, wideStart: wideStart, wideWidth: wideWidth),
                continues(&turned, to: code, limit: limit)
            {
                // The ramp turns (a glow rising, then falling): the band at the turn begins the new staircase, so the
                // edge out of it still counts.
                close()
                (stair, active) = (turned, true)
            } else {
                close()
                (stair, active) = (Staircase(previous: code), true)
            }
            stair.previous = code
            let width = end - runStart
            guard width >= minimumWidth else { continue }
            if let wide = stair.wideCode, Self.codesWithin(wide, code, limit) {
                let step = Self.lightnessStep(lab(wide), lab(code))
                if step >= settings.bandingStep {
                    if stair.start < 0 { stair.start = stair.wideStart }
                    stair.end = end - 1
                    stair.steps.append(step)
                    stair.narrowest = min(stair.narrowest, width, stair.wideWidth)
                }
            }
            (stair.wideCode, stair.wideStart, stair.wideWidth) = (code, runStart, width)
        }
        close()
    }

    /// The largest step of a channel between neighboring runs of a ramp, in codes: the gradient scan's smoothness limit.
    private var maximumStep: Int32 { RampStep.limit(maxCode: 255, settings: settings) }

    /// The lightness part of CIEDE2000 between two colors (ΔL′ / S_L): ΔE00 between their grays. The eye resolves fine
    /// steps of lightness and blurs those of hue and chroma (S-CIELAB's chromatic filters are several times wider).
    static func lightnessStep(_ a: Lab, _ b: Lab) -> Double {
        CIEDE2000.difference(Lab(l: a.l, a: 0, b: 0), Lab(l: b.l, a: 0, b: 0))
    }

    /// Whether a run of `code` continues the staircase: at most `limit` codes (``maximumStep``) from the previous run in
    /// every channel, in the staircase's direction once that is known (updated here).
    @inline(__always)
    private func continues(_ s: inout Staircase, to code: UInt32, limit: Int32) -> Bool {
        let step = Self.channels(code) &- Self.channels(s.previous)
        return RampStep.follows(step.x, limit: limit, direction: &s.direction.x)
            && RampStep.follows(step.y, limit: limit, direction: &s.direction.y)
            && RampStep.follows(step.z, limit: limit, direction: &s.direction.z)
    }

    private static func codesWithin(_ a: UInt32, _ b: UInt32, _ limit: Int32) -> Bool {
        let d = channels(a) &- channels(b)
        return all(d .<= limit .& d .>= -limit)
    }

    private static func channels(_ code: UInt32) -> SIMD3<Int32> {
        SIMD3(Int32(code & 0xFF), Int32(code >> 8 & 0xFF), Int32(code >> 16 & 0xFF))
    }
}
