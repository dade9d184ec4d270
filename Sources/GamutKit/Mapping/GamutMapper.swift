import Foundation

/// Maps colors of a source RGB profile into the gamut of a target RGB profile with one of the
/// ``GamutMapping`` strategies. Both profiles must be RGB matrix/TRC profiles (the built-ins, and most
/// display profiles); colors are handled in double precision. Immutable; safe to share across tasks.
public struct GamutMapper: Sendable {
    /// The profile of the input colors.
    public let source: ColorProfile
    /// The profile the results are encoded in.
    public let target: ColorProfile
    /// CSS Color 4's just-noticeable difference in ΔEOK.
    public static let jnd = 0.02
    /// CSS Color 4's binary-search tolerance on chroma.
    static let epsilon = 0.0001

    let sourceModel: ShaperModel
    let targetModel: ShaperModel
    let targetFromXYZ: Matrix3
    let kernel: GamutKernel

    /// A mapper from `source` to `target`.
    /// - Throws: ``GamutError`` `.unsupportedProfile` when either is not an RGB matrix/TRC profile.
    public init(source: ColorProfile, target: ColorProfile) throws(GamutError) {
        guard let s = source.shaper else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an RGB matrix/TRC source profile, not '\(source.name)'")
        }
        guard let t = target.shaper, let inverse = t.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an RGB matrix/TRC target profile, not '\(target.name)'")
        }
        self.source = source
        self.target = target
        sourceModel = s
        targetModel = t
        targetFromXYZ = inverse
        kernel = GamutKernel(source: s, target: t)
    }

    // MARK: Conversions

    /// D50 XYZ of encoded source components.
    public func sourceXYZ(_ encoded: [Double]) -> [Double] {
        sourceModel.toXYZD50 * (0..<3).map { sourceModel.curves[$0].linearize(encoded[$0]) }
    }

    /// OKLab of encoded source components.
    public func sourceOKLab(_ encoded: [Double]) -> OKLab { OKLab(xyzD50: sourceXYZ(encoded)) }

    /// D50 XYZ of encoded target components.
    func targetXYZ(_ encoded: [Double]) -> [Double] {
        targetModel.toXYZD50 * (0..<3).map { targetModel.curves[$0].linearize(encoded[$0]) }
    }

    /// OKLab of encoded target components.
    public func targetOKLab(_ encoded: [Double]) -> OKLab { OKLab(xyzD50: targetXYZ(encoded)) }

    /// D50 Lab of encoded target components.
    func targetLab(_ encoded: [Double]) -> Lab { Lab(xyzD50: targetXYZ(encoded)) }

    /// Clips linear light to 0…1 and encodes it.
    private func clipEncode(_ linear: [Double]) -> [Double] {
        (0..<3).map { min(max(targetModel.curves[$0].encode(min(max(linear[$0], 0), 1)), 0), 1) }
    }

    // MARK: Single colors

    /// Maps one color given as encoded source components (0…1) and returns encoded target components (0…1).
    /// ``GamutMapping/preserveSeparation`` needs the other colors and maps like ``GamutMapping/css`` here;
    /// use `map(group:mapping:separation:fixed:related:threads:)`.
    public func map(_ encoded: [Double], mapping: GamutMapping) -> [Double] {
        switch mapping {
        case .clip: clipEncode(targetFromXYZ * sourceXYZ(encoded))
        case .css, .preserveSeparation: css(sourceOKLab(encoded))
        }
    }

    /// CSS Color 4's gamut-mapping algorithm (§13.2.2, "binary search gamut mapping with local MINDE")
    /// from an OKLab color into the target, as encoded target components.
    public func css(_ origin: OKLab) -> [Double] {
        let linear = kernel.css(SIMD3(origin.l, origin.a, origin.b))
        return clipEncode([linear.x, linear.y, linear.z])
    }

    // MARK: Groups

    /// Maps a group of colors that must stay distinguishable (status colors, chart series, the two
    /// colors of a collapsing pair). With ``GamutMapping/preserveSeparation``, every pair whose source
    /// colors are at least `separation` ΔE00 apart ends at least `separation` apart (pairs closer in the
    /// source keep at least their source difference), as far as the target gamut allows; the other
    /// strategies map each color alone.
    /// - Parameters:
    ///   - group: encoded source components (0…1) of each color.
    ///   - mapping: how each color is brought into the target gamut.
    ///   - separation: the ΔE00 the mapped colors must keep; the catalog fix uses the collapse threshold plus a margin.
    ///   - fixed: members that can't move, by index, with the encoded target components they are shown as
    ///     (colors that keep their value on target displays); the others move away from them.
    ///   - related: which pairs must stay apart (default: all).
    ///   - threads: how many cores measure the pairs' ΔE00 (the result is the same for any number).
    /// - Returns: encoded target components, in the order of `group`.
    public func map(
        group: [[Double]], mapping: GamutMapping, separation: Double = 2, fixed: [Int: [Double]] = [:],
        related: (Int, Int) -> Bool = { _, _ in true }, threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [[Double]] {
        let n = group.count
        var isFixed = [Bool](repeating: false, count: n)
        for k in fixed.keys where k >= 0 && k < n { isFixed[k] = true }
        var mapped = group.indices.map { fixed[$0] ?? map(group[$0], mapping: mapping) }
        guard mapping == .preserveSeparation, n > 1 else { return mapped }
        let sourceLabs = group.map { Lab(xyzD50: sourceXYZ($0)) }
        let sourceOK = group.map(sourceOKLab)
        var current = mapped.map(targetOKLab)
        var labs = mapped.map(targetLab)
        // The pairs that can come into conflict: related, apart in the source, and within 10 ΔE00 of their required
        // difference once mapped (moves are small). Only L* can rule a pair out unmeasured here (LabGrid.radius: for
        // ΔE00 past about 10.8 the a*b* region is unbounded).
        // `related` is the caller's and not Sendable, so the pairs it allows are listed on this thread, a million at
        // most at a time (the list grows with the square of the group), and their ΔE00 tests run on the cores, in order.
        let reach = labs.map { LabGrid.radius(forCIEDE2000Below: separation + 10, of: $0) }
        let measuredLabs = labs
        var pairs: [Pair] = []
        var candidates: [SIMD2<Int32>] = []
        func test() {
            let found = candidates
            pairs += Bands.map(Self.bands(found.count, threads: threads), over: found.count) { range in
                range.compactMap { c -> Pair? in
                    let (i, j) = (Int(found[c].x), Int(found[c].y))
                    let required = min(separation, CIEDE2000.difference(sourceLabs[i], sourceLabs[j]))
                    guard required > 0.05, CIEDE2000.difference(measuredLabs[i], measuredLabs[j]) < required + 10 else { return nil }
                    return Pair(i: i, j: j, required: required)
                }
            }.flatMap { $0 }
            candidates.removeAll(keepingCapacity: true)
        }
        for i in 0..<n {
            for j in (i + 1)..<n
            where !(isFixed[i] && isFixed[j]) && related(i, j) && LabGrid.contains(reach[i], around: labs[i], labs[j]) {
                candidates.append(SIMD2(Int32(i), Int32(j)))
                if candidates.count == 1 << 20 { test() }
            }
        }
        test()
        let step = 0.004
        var moves = [SIMD3<Double>](repeating: .zero, count: n)
        // Each pair's current ΔE00, recomputed only when one of its colors moved (most pairs are apart and stay so):
        // the stale ones before each pass, on the cores (a pass reads `labs` and changes them only after it).
        var differences = [Double](repeating: 0, count: pairs.count)
        var stale = [Bool](repeating: true, count: pairs.count)
        var staleList = Array(pairs.indices)
        var pairsOf = [[Int]](repeating: [], count: n)
        for (k, p) in pairs.enumerated() {
            pairsOf[p.i].append(k)
            pairsOf[p.j].append(k)
        }
        for _ in 0..<400 where !pairs.isEmpty {
            Self.measure(staleList, of: pairs, labs: labs, into: &differences, threads: threads)
            for k in staleList { stale[k] = false }
            staleList.removeAll(keepingCapacity: true)
            var moved = Set<Int>()
            for (k, p) in pairs.enumerated() {
                let (i, j) = (p.i, p.j)
                guard differences[k] < p.required else { continue }
                // Push apart along their current difference, falling back to the source difference;
                // lightness always takes part, since chroma at the gamut boundary is undone by the mapping.
                var d = SIMD3(current[i].l - current[j].l, current[i].a - current[j].a, current[i].b - current[j].b)
                if (d * d).sum() < 1e-18 {
                    d = SIMD3(sourceOK[i].l - sourceOK[j].l, sourceOK[i].a - sourceOK[j].a, sourceOK[i].b - sourceOK[j].b)
                }
                if (d * d).sum() < 1e-18 { d = SIMD3(1, 0, 0) }
                d /= (d * d).sum().squareRoot()
                let lighter: Double = d.x > 0 || (d.x == 0 && current[i].l <= current[j].l) ? 1 : -1
                d.x += lighter * 0.5
                let (wi, wj): (Double, Double) = isFixed[i] ? (0, 2) : isFixed[j] ? (2, 0) : (1, 1)
                moves[i] += wi * step * d
                moves[j] -= wj * step * d
                moved.insert(i)
                moved.insert(j)
            }
            guard !moved.isEmpty else { break }
            for i in moved where !isFixed[i] {
                var target = OKLab(l: current[i].l + moves[i].x, a: current[i].a + moves[i].y, b: current[i].b + moves[i].z)
                target.l = min(max(target.l, 0), 1)
                mapped[i] = css(target)
                current[i] = targetOKLab(mapped[i])
                labs[i] = targetLab(mapped[i])
                for k in pairsOf[i] where !stale[k] {
                    stale[k] = true
                    staleList.append(k)
                }
            }
            for i in moved { moves[i] = .zero }
        }
        return mapped
    }

    /// Two colors of a group that must stay `required` ΔE00 apart.
    private struct Pair: Sendable { var i: Int, j: Int, required: Double }

    /// How many bands `count` pairs' ΔE00 are split into: one per thread, and one for fewer than about 4,096 (a
    /// dispatch costs more than that many differences).
    private static func bands(_ count: Int, threads: Int) -> Int {
        min(max(1, threads), max(1, count / 4096))
    }

    /// The current ΔE00 of the pairs listed in `list`, into `differences` (each pair's own slot, so the order they
    /// are computed in doesn't matter).
    private static func measure(_ list: [Int], of pairs: [Pair], labs: [Lab], into differences: inout [Double], threads: Int) {
        differences.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            Bands.forEach(bands(list.count, threads: threads), over: list.count) { range in
                for index in range {
                    let k = list[index]
                    out[k] = CIEDE2000.difference(labs[pairs[k].i], labs[pairs[k].j])
                }
            }
        }
    }
}
