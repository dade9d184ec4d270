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

/// Finds colors that collapse on a target display (``AnalysisThreshold/collapseSource``,
/// ``AnalysisThreshold/collapseShown``, ``AnalysisThreshold/collapseRatio``).
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
        package var evaluations: [ColorEvaluation]
        /// True when more pairs exist than `maximumPairs`.
        public var truncated: Bool
    }

    /// Searches `colors` for collapsing pairs on `target`.
    /// - Parameters:
    ///   - colors: the colors, each with its profile (status colors, chart series, brand shades).
    ///   - target: the display to check against (sRGB by default).
    ///   - settings: the thresholds (``AnalysisThreshold/collapseSource``, ``AnalysisThreshold/collapseShown``, …).
    ///   - maximumPairs: stop after this many pairs (a list of thousands of near-identical colors has millions).
    public static func search(
        _ colors: [NamedColor], target: ColorProfile = .sRGB, settings: AnalysisSettings = .init(),
        maximumPairs: Int = 10_000
    ) throws(GamutError) -> Result {
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
                of: group.lab, radius: LabGrid.radius(forCIEDE2000Below: settings.collapseShown, chroma: group.lab.chroma))
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

    init(_ labs: [Lab]) {
        self.labs = labs
        for (i, lab) in labs.enumerated() { cells[Self.key(lab), default: []].append(Int32(i)) }
    }

    static func key(_ lab: Lab) -> SIMD3<Int32> {
        SIMD3(Int32((lab.l / cell).rounded(.down)), Int32((lab.a / cell).rounded(.down)), Int32((lab.b / cell).rounded(.down)))
    }

    /// Indexes of points whose L* is within `radius.l` and whose (a*, b*) is within `radius.ab` of `lab`.
    func neighbors(of lab: Lab, radius: (l: Double, ab: Double)) -> [Int] {
        let low = Self.key(Lab(l: lab.l - radius.l, a: lab.a - radius.ab, b: lab.b - radius.ab))
        let high = Self.key(Lab(l: lab.l + radius.l, a: lab.a + radius.ab, b: lab.b + radius.ab))
        var result: [Int] = []
        for l in low.x...high.x {
            for a in low.y...high.y {
                for b in low.z...high.z {
                    guard let members = cells[SIMD3(l, a, b)] else { continue }
                    for m in members {
                        let other = labs[Int(m)]
                        let da = other.a - lab.a, db = other.b - lab.b
                        if abs(other.l - lab.l) <= radius.l && da * da + db * db <= radius.ab * radius.ab { result.append(Int(m)) }
                    }
                }
            }
        }
        return result
    }

    /// A region that contains every color within CIEDE2000 `threshold` of a color of chroma `chroma`.
    ///
    /// From the formula (Sharma et al. 2005): ΔE00² = x² + y² + z² + R_T·y·z with x = ΔL'/S_L,
    /// y = ΔC'/S_C, z = ΔH'/S_H and |R_T| ≤ 2·sin 60° < 1.733, so y² + z² ≤ ΔE00² / (1 − 0.8665) and
    /// ΔC'² + ΔH'² (the squared a'b' distance, never smaller than the a*b* distance since a' = (1+G)·a*)
    /// ≤ 7.5·max(S_C, S_H)²·ΔE00². S_L ≤ 1.75; S_C = 1 + 0.045·C̄', S_H ≤ 1 + 0.015·C̄'·1.93 (the largest
    /// T), with C̄' ≤ 1.5·(C + r).
    static func radius(forCIEDE2000Below threshold: Double, chroma: Double) -> (l: Double, ab: Double) {
        var r = 2.0 * threshold
        for _ in 0..<12 {
            let c = 1.5 * (chroma + r)
            let weight = max(1 + 0.045 * c, 1 + 0.015 * c * 1.93)
            r = 2.74 * threshold * weight
        }
        return (1.75 * threshold * 1.001, r * 1.001)
    }
}
