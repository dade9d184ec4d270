import Dispatch
import Foundation

extension PixelPass {
    /// Collapsing colors, one entry per cluster of display codes.
    ///
    /// Display codes are clustered when they are chained by steps of one code per channel (a cluster
    /// holds at least one out-of-gamut code). In each cluster, the largest source-color cells (pixels
    /// within 1 ΔE76 of each other, each covering at least ``AnalysisSettings/collapseMinimumPixels`` and
    /// ``AnalysisSettings/collapseMinimumArea`` of the counted pixels, at most ``AnalysisSettings/collapseMaximumEdgeFraction``
    /// of them on an edge) are compared pairwise, most different first; the first pair that is distinguishable in the source
    /// and not once shown (exact CIEDE2000 tests, as for lists of colors) is the cluster's finding. Findings come by
    /// pixels, then source difference, then the first color's display code (clusters share no codes), so their order
    /// doesn't depend on the cell table's slot order (which depends on the table's size, see ``CellTablePool``).
    func collapseGroups(_ all: Groups, counted: Int) -> [ImageCollapseGroup] {
        // A color counts when it covers enough of the image and lies mostly off transitions (antialiased edges).
        let minimum = max(settings.collapseMinimumPixels, Int((settings.collapseMinimumArea * Double(counted)).rounded(.up)))
        let interiorShare = 1 - settings.collapseMaximumEdgeFraction
        // A finding is a pair of such colors in one cluster: an image with fewer than two has none, and isn't clustered
        // (smooth art, whose cells are small, takes this way: its clustering cost 4% of the saturated images' CPU).
        guard all.cells.lazy.filter({ Self.counts($0, minimum: minimum, interiorShare: interiorShare) }).prefix(2).count == 2
        else { return [] }
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

        var found: [ImageCollapseGroup] = []
        var shownCache: [UInt32: Lab] = [:]
        func shown(_ key: UInt32) -> Lab {
            if let lab = shownCache[key] { return lab }
            let lab = shownLab(key)
            shownCache[key] = lab
            return lab
        }
        for members in clusters {
            let cells = Self.largestCells(
                members.lazy.map { (values[$0].cells, $0) }, in: all.cells, minimum: minimum,
                interiorShare: interiorShare, limit: 32)
            guard cells.count >= 2 else { continue }
            let labs = cells.map { lab($0.cell.sample) }
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
                found.append(
                    ImageCollapseGroup(
                        firstShown: Self.codes(kx), secondShown: Self.codes(ky),
                        pixelCount: members.reduce(0) { $0 + values[$1].pixels }, bounds: bounds,
                        first: encoded(x.cell.sample), second: encoded(y.cell.sample),
                        firstPixels: x.cell.count, secondPixels: y.cell.count,
                        sourceDeltaE: source, shownDeltaE: shownDeltaE, displayColors: members.count,
                        firstLab: labs[i - cells.startIndex], secondLab: labs[j - cells.startIndex]))
                break
            }
        }
        return found.sorted { x, y in
            (x.pixelCount, x.sourceDeltaE) == (y.pixelCount, y.sourceDeltaE)
                ? x.firstShown.lexicographicallyPrecedes(y.firstShown)
                : (x.pixelCount, x.sourceDeltaE) > (y.pixelCount, y.sourceDeltaE)
        }
    }

    /// The `limit` largest cells of at least `minimum` pixels, at least `interiorShare` of them interior, among the
    /// groups' cells, largest first (ties in reading order), kept in a small sorted buffer rather than sorting every candidate.
    static func largestCells<S: Sequence>(
        _ groups: S, in cells: [GroupCell], minimum: Int, interiorShare: Double, limit: Int
    )
        -> [(group: Int, cell: GroupCell)] where S.Element == (Range<Int>, Int)
    {
        var top: [(group: Int, cell: GroupCell)] = []
        top.reserveCapacity(limit + 1)
        @inline(__always) func before(_ a: GroupCell, _ b: GroupCell) -> Bool {
            (b.count, a.y, a.x) < (a.count, b.y, b.x)
        }
        for (range, group) in groups {
            for cell in cells[range] where counts(cell, minimum: minimum, interiorShare: interiorShare) {
                if top.count == limit, let last = top.last, !before(cell, last.cell) { continue }
                var position = top.count
                while position > 0 && before(cell, top[position - 1].cell) { position -= 1 }
                top.insert((group, cell), at: position)
                if top.count > limit { top.removeLast() }
            }
        }
        return top
    }

    /// Whether a cell's color counts for collapse: at least `minimum` pixels, at least `interiorShare` of them interior.
    @inline(__always)
    static func counts(_ cell: GroupCell, minimum: Int, interiorShare: Double) -> Bool {
        cell.count >= minimum && Double(cell.interior) >= interiorShare * Double(cell.count)
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
}

extension PixelPass {
    /// The visibly clipped pixels whose hue turns by at least ``AnalysisSettings/visibleHueShift`` (ΔH in OKLab), and
    /// the largest turn, from the cells' first pixels: a cell is 1 ΔE76 across, far below the hue turns counted.
    func hueShifts(_ entries: [CellTable.Entry]) -> (pixels: Int, largest: Double) {
        // D50 XYZ → OKLab in three SIMD products (Bradford to D65 folded into Ottosson's M1): a catalog's cells number in
        // the hundreds of thousands, and array-based matrices would allocate for each.
        let m1 = OKLab.m1 * OKLab.d50ToD65, m2 = OKLab.m2
        func rows(_ m: Matrix3) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
            (SIMD3(m.m[0], m.m[1], m.m[2]), SIMD3(m.m[3], m.m[4], m.m[5]), SIMD3(m.m[6], m.m[7], m.m[8]))
        }
        let (a0, a1, a2) = rows(m1), (b0, b1, b2) = rows(m2)
        func okLab(_ xyz: SIMD3<Double>) -> OKLab {
            let lms = SIMD3((a0 * xyz).sum(), (a1 * xyz).sum(), (a2 * xyz).sum())
            let root = SIMD3(Foundation.cbrt(lms.x), Foundation.cbrt(lms.y), Foundation.cbrt(lms.z))
            return OKLab(l: (b0 * root).sum(), a: (b1 * root).sum(), b: (b2 * root).sum())
        }
        var pixels = 0, largest = 0.0
        var shownCache: [UInt32: (Lab, OKLab)] = [:]
        // Sized once (growing it cost as much as the lookups): at most a code per cell, and no more room than a table of
        // 65,536 codes takes (a few MB), whatever the image's size.
        shownCache.reserveCapacity(min(entries.count, 1 << 16))
        for e in entries where e.outOfGamut != 0 {
            let code = CellTable.code(e.key) & 0xFF_FFFF
            let shown: (Lab, OKLab)
            if let known = shownCache[code] {
                shown = known
            } else {
                let lab = shownLab(code)
                let xyz = lab.xyzD50
                shown = (lab, okLab(SIMD3(xyz[0], xyz[1], xyz[2])))
                shownCache[code] = shown
            }
            let xyz = SIMD3<Double>(xyz(e.sample.sample))
            let hue = OKLab.hueDifference(okLab(xyz), shown.1)
            guard hue > 0.25 * settings.visibleHueShift,
                CIEDE2000.difference(Lab(x: xyz.x, y: xyz.y, z: xyz.z), shown.0) >= settings.visibleClip
            else { continue }
            largest = max(largest, hue)
            if hue >= settings.visibleHueShift { pixels += Int(e.count) }
        }
        return (pixels, largest)
    }
}
