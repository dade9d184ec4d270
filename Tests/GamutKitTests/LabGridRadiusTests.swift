import Foundation
@testable import GamutKit
import Testing

/// `LabGrid.radius(forCIEDE2000Below:of:)` bounds the region of every color within a CIEDE2000 difference of a
/// color. The collapse search and the fix plan's quantization skip colors outside it without computing their ΔE00, so
/// a region too small would make them miss pairs silently.
@Suite("The CIEDE2000 neighborhood bound")
struct LabGridRadiusTests {
    @Test("Every color closer than the threshold (CIEDE2000, Sharma et al. 2005) lies within the region", arguments: [0.5, 2, 3, 8, 20])
    func containsEveryCloseColor(threshold: Double) {
        var random = SplitMix64(seed: UInt64(threshold * 1000))
        var close = 0, widest = 0.0
        for _ in 0..<60_000 {
            let center = Lab(
                l: Double.random(in: -20...130, using: &random), a: Double.random(in: -128...128, using: &random),
                b: Double.random(in: -128...128, using: &random))
            // Offsets reaching the region's own edge (up to 300) in a*b*, and 2 × the threshold in L*; L* past 0…100 too
            // (extended-range catalog colors), where S_L grows. Sampled up to the edge, a bound too small anywhere shows.
            let bound = LabGrid.radius(forCIEDE2000Below: threshold, of: center)
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
            let reach = Double.random(in: 0...min(bound.ab, 300), using: &random)
            let other = Lab(
                l: center.l + Double.random(in: -2 * threshold...2 * threshold, using: &random), a: center.a + reach * cos(angle),
                b: center.b + reach * sin(angle))
            guard CIEDE2000.difference(center, other) < threshold else { continue }
            close += 1
            let r = LabGrid.radius(forCIEDE2000Below: threshold, of: center)
            let da = other.a - center.a, db = other.b - center.b
            #expect(abs(other.l - center.l) <= r.l, "ΔL* \(other.l - center.l) outside ±\(r.l) for \(center) → \(other)")
            #expect((da * da + db * db).squareRoot() <= r.ab, "a*b* distance outside \(r.ab) for \(center) → \(other)")
            widest = max(widest, (da * da + db * db).squareRoot() / r.ab)
        }
        #expect(close > 1_000)
        // Below a threshold of about 10 the region is finite, and the sample reaches well into it (a bound far looser
        // than this would pass nothing close to its edge).
        if threshold <= 3 { #expect(widest > 0.15, "the closest colors reached \(widest) of the radius") }
        if threshold >= 20 { #expect(LabGrid.radius(forCIEDE2000Below: threshold, of: Lab(l: 50, a: 0, b: 0)).ab == .infinity) }
    }

    /// Every collapsing pair, comparing each color with every other (the search's definition, without its grid).
    static func bruteForce(_ evaluations: [ColorEvaluation], _ settings: AnalysisSettings) -> Set<[Int]> {
        var pairs = Set<[Int]>()
        for i in evaluations.indices {
            for j in (i + 1)..<evaluations.count {
                let shown =
                    evaluations[i].shown == evaluations[j].shown
                    ? 0 : CIEDE2000.difference(evaluations[i].shownLab, evaluations[j].shownLab)
                let source = CIEDE2000.difference(evaluations[i].sourceLab, evaluations[j].sourceLab)
                if (shown == 0 || shown < settings.collapseShown) && source >= settings.collapseSource
                    && shown <= settings.collapseRatio * source
                {
                    pairs.insert([i, j])
                }
            }
        }
        return pairs
    }

    @Test(
        "The collapse search finds what comparing every pair finds, for any threshold a policy allows (50 trapped converting an infinite radius, 8 ran for minutes)",
        arguments: [0.5, 2, 8, 50, 100])
    func collapseSearchMatchesBruteForce(shown: Double) throws {
        var random = SplitMix64(seed: UInt64(shown * 10))
        let colors = (0..<160).map { k in
            NamedColor(
                name: "c\(k)", profile: .displayP3,
                components: (0..<3).map { _ in Double(Int.random(in: 0...20, using: &random)) / 20 })
        }
        var settings = AnalysisSettings()
        settings.collapseShown = shown
        let result = try CollapseSearch.search(colors, settings: settings, maximumPairs: 1_000_000)
        let expected = Self.bruteForce(result.evaluations, settings)
        #expect(!expected.isEmpty)
        #expect(Set(result.pairs.map { [$0.first, $0.second] }) == expected)
        #expect(!result.truncated)
    }
}
