/// A color in a list (palette, asset catalog): a name, its profile and its encoded components (0…1).
public struct NamedColor: Sendable {
    /// A name for people (asset name, token, hex).
    public var name: String
    /// The color's profile.
    public var profile: ColorProfile
    /// Encoded components in 0…1, one per profile channel.
    public var components: [Double]

    /// Creates a named color.
    public init(name: String, profile: ColorProfile, components: [Double]) {
        self.name = name
        self.profile = profile
        self.components = components
    }
}

/// Two colors that can be told apart in their source but not once shown on the target display.
public struct CollapsingPair: Sendable, Hashable {
    /// Indexes into the searched list, first < second.
    public var first: Int, second: Int
    /// ΔE00 between the source colors.
    public var sourceDeltaE: Double
    /// ΔE00 between the shown colors.
    public var shownDeltaE: Double
    /// The display codes each is shown as.
    public var firstShown: [Int], secondShown: [Int]
}

/// Finds colors that collapse on a target display (``AnalysisSettings/collapseSource``,
/// ``AnalysisSettings/collapseShown``, ``AnalysisSettings/collapseRatio``).
///
/// Colors are grouped by the display code they are shown as; shown colors are indexed in a Lab grid
/// and each is compared only with neighbors inside a radius that bounds CIEDE2000 < 1 (from its
/// weighting functions), so the search is far below quadratic for spread-out palettes.
public enum CollapseSearch {
    /// The result of a search.
    public struct Result: Sendable {
        /// The pairs found, by first index then second.
        public var pairs: [CollapsingPair]
        /// Each color's evaluation on the display, in list order.
        public var evaluations: [ColorEvaluation]
        /// True when more pairs exist than `maximumPairs`.
        public var truncated: Bool
    }

    /// Searches `colors` for collapsing pairs on `target`.
    /// - Parameters:
    ///   - colors: the colors, each with its profile (status colors, chart series, brand shades).
    ///   - target: the display to check against (sRGB by default).
    ///   - settings: the thresholds (``AnalysisSettings/collapseSource``, ``AnalysisSettings/collapseShown``, …).
    ///   - maximumPairs: stop after this many pairs (a list of thousands of near-identical colors has millions).
    public static func search(
        _ colors: [NamedColor], target: ColorProfile = .sRGB, settings: AnalysisSettings = .init(),
        maximumPairs: Int = 10_000
    ) throws(GamutError) -> Result {
        try settings.validate()
        var simulations: [ObjectIdentifier: DisplaySimulation] = [:]
        var evaluations: [ColorEvaluation] = []
        evaluations.reserveCapacity(colors.count)
        for color in colors {
            let key = ObjectIdentifier(color.profile)
            let simulation: DisplaySimulation
            if let cached = simulations[key] {
                simulation = cached
            } else {
                simulation = try DisplaySimulation(
                    source: color.profile, target: target, displayBitDepth: settings.displayBitDepth,
                    tolerance: settings.gamutTolerance)
                simulations[key] = simulation
            }
            evaluations.append(simulation.evaluate(color.components))
        }

        let (pairs, truncated) = collapsingPairs(evaluations, settings: settings, maximumPairs: maximumPairs)
        return Result(pairs: pairs, evaluations: evaluations, truncated: truncated)
    }

    /// The collapsing pairs among colors already evaluated. An evaluation's source and shown colors may
    /// come from different entries (an asset catalog color whose sRGB variant is what sRGB displays show).
    static func collapsingPairs(
        _ evaluations: [ColorEvaluation], settings: AnalysisSettings,
        maximumPairs: Int
    ) -> (pairs: [CollapsingPair], truncated: Bool) {
        // Distinct shown colors, each with the list of colors shown as it.
        var groupIndex: [[Int]: Int] = [:]
        var groups: [(shown: [Int], lab: Lab, members: [Int])] = []
        for (i, evaluation) in evaluations.enumerated() {
            if let g = groupIndex[evaluation.shown] {
                groups[g].members.append(i)
            } else {
                groupIndex[evaluation.shown] = groups.count
                groups.append((evaluation.shown, evaluation.shownLab, [i]))
            }
        }
        let grid = LabGrid(groups.map(\.lab))

        var pairs: [CollapsingPair] = []
        var truncated = false
        func consider(_ i: Int, _ j: Int, shownDeltaE: Double) -> Bool {
            let source = CIEDE2000.difference(evaluations[i].sourceLab, evaluations[j].sourceLab)
            guard source >= settings.collapseSource, shownDeltaE <= settings.collapseRatio * source else { return true }
            guard pairs.count < maximumPairs else {
                truncated = true
                return false
            }
            let (a, b) = i < j ? (i, j) : (j, i)
            pairs.append(
                CollapsingPair(
                    first: a, second: b, sourceDeltaE: source, shownDeltaE: shownDeltaE,
                    firstShown: evaluations[a].shown, secondShown: evaluations[b].shown))
            return true
        }
        search: for (g, group) in groups.enumerated() {
            // Colors shown identically.
            for x in 0..<group.members.count {
                for y in (x + 1)..<max(x + 1, group.members.count) where !consider(group.members[x], group.members[y], shownDeltaE: 0) {
                    break search
                }
            }
            // Colors shown differently but within the shown threshold.
            for h in grid.neighbors(
                of: group.lab, radius: LabGrid.radius(forCIEDE2000Below: settings.collapseShown, of: group.lab))
            where h > g {
                let shown = CIEDE2000.difference(group.lab, groups[h].lab)
                guard shown < settings.collapseShown else { continue }
                for i in group.members {
                    for j in groups[h].members where !consider(i, j, shownDeltaE: shown) { break search }
                }
            }
        }
        pairs.sort { ($0.first, $0.second) < ($1.first, $1.second) }
        return (pairs, truncated)
    }
}

/// A uniform grid over Lab for radius queries.
struct LabGrid {
    static let cell = 4.0
    private var cells: [SIMD3<Int32>: [Int32]] = [:]
    private let labs: [Lab]
    /// The smallest and largest key of the points (a query never looks past them).
    private var lowest = SIMD3<Int32>(repeating: .max), highest = SIMD3<Int32>(repeating: .min)

    init(_ labs: [Lab]) {
        self.labs = labs
        for (i, lab) in labs.enumerated() {
            let key = Self.key(lab)
            cells[key, default: []].append(Int32(i))
            lowest = pointwiseMin(lowest, key)
            highest = pointwiseMax(highest, key)
        }
    }

    static func key(_ lab: Lab) -> SIMD3<Int32> {
        SIMD3(Int32((lab.l / cell).rounded(.down)), Int32((lab.a / cell).rounded(.down)), Int32((lab.b / cell).rounded(.down)))
    }

    /// Indexes of points whose L* is within `radius.l` and whose (a*, b*) is within `radius.ab` of `lab`. A radius may be
    /// infinite (every point is then a candidate).
    func neighbors(of lab: Lab, radius: (l: Double, ab: Double)) -> [Int] {
        guard !labs.isEmpty else { return [] }
        /// The keys `value ± reach` spans on one axis, within the points' own (so a huge or infinite reach converts).
        func span(_ value: Double, _ reach: Double, _ axis: Int) -> ClosedRange<Int32>? {
            let low = ((value - reach) / Self.cell).rounded(.down), high = ((value + reach) / Self.cell).rounded(.down)
            guard low <= Double(highest[axis]), high >= Double(lowest[axis]) else { return nil }
            return Int32(Swift.max(low, Double(lowest[axis])))...Int32(Swift.min(high, Double(highest[axis])))
        }
        guard let l = span(lab.l, radius.l, 0), let a = span(lab.a, radius.ab, 1), let b = span(lab.b, radius.ab, 2) else { return [] }
        var result: [Int] = []
        func take(_ members: [Int32]) {
            for m in members where Self.contains(radius, around: lab, labs[Int(m)]) { result.append(Int(m)) }
        }
        // A region of more grid cells than the points occupy is walked by the occupied ones.
        let volume = Double(l.count) * Double(a.count) * Double(b.count)
        if volume > Double(cells.count) {
            for (key, members) in cells where l.contains(key.x) && a.contains(key.y) && b.contains(key.z) { take(members) }
            result.sort()
            return result
        }
        for kl in l {
            for ka in a {
                for kb in b {
                    if let members = cells[SIMD3(kl, ka, kb)] { take(members) }
                }
            }
        }
        return result
    }

    /// Whether `other` lies in the region `radius` (L*, a*b*) around `lab`.
    @inline(__always)
    static func contains(_ radius: (l: Double, ab: Double), around lab: Lab, _ other: Lab) -> Bool {
        let da = other.a - lab.a, db = other.b - lab.b
        return abs(other.l - lab.l) <= radius.l && da * da + db * db <= radius.ab * radius.ab
    }

    /// A region that contains every color within CIEDE2000 `threshold` of `lab`: L* within `l`, a*b* within `ab`
    /// (infinite when the bound below has none).
    ///
    /// From the formula (Sharma et al. 2005): ΔE00² = x² + y² + z² + R_T·y·z with x = ΔL'/S_L, y = ΔC'/S_C,
    /// z = ΔH'/S_H and |R_T| ≤ 2·sin 60° < 1.733, so |x| ≤ ΔE00 and y² + z² ≤ ΔE00² / (1 − 0.8665), and ΔC'² + ΔH'²
    /// (the squared a'b' distance, never smaller than the a*b* distance since a' = (1+G)·a*) ≤ 7.5·S_C²·ΔE00².
    /// - L*: S_L = 1 + 0.015·(L̄ − 50)² / √(20 + (L̄ − 50)²) ≤ 1 + 0.015·|L̄ − 50|, and |L̄ − 50| ≤ |L* − 50| + r_L/2, so
    ///   r_L ≤ t·(1 + 0.015·|L* − 50|) / (1 − 0.0075·t).
    /// - a*b*: S_C = 1 + 0.045·C̄' ≥ S_H (whose factor is at most 0.015·1.93, the largest T), and C̄' ≤ 1.5·C̄ ≤ 1.5·(C + r/2),
    ///   so r ≤ 2.74·t·(1 + 0.0675·C) / (1 − 0.0925·t): no bound past t ≈ 10.8.
    ///
    /// Both are widened by 0.1% for the rounding of the ΔE00 and distance computations.
    static func radius(forCIEDE2000Below threshold: Double, of lab: Lab) -> (l: Double, ab: Double) {
        let t = Swift.max(threshold, 0)
        let l = t * (1 + 0.015 * abs(lab.l - 50)) / (1 - 0.0075 * t)
        let ab = 0.0925 * t < 1 ? 2.74 * t * (1 + 0.0675 * lab.chroma) / (1 - 0.0925 * t) : .infinity
        return (l >= 0 ? l * 1.001 : .infinity, ab * 1.001)
    }
}
