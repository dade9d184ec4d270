import GamutKit
import Testing

@Suite("Collapse search")
struct CollapseSearchTests {
    /// Two Display P3 greens about 2 ΔE00 apart, both outside sRGB, that clip to the same sRGB color.
    static let p3Greens = [
        NamedColor(name: "success", profile: .displayP3, components: [0.0, 1.0, 0.0]),
        NamedColor(name: "success-alt", profile: .displayP3, components: [0.1, 0.98, 0.15]),
    ]

    @Test("Two P3 greens that differ on P3 collapse on sRGB")
    func p3Patches() throws {
        let result = try CollapseSearch.search(Self.p3Greens)
        let pair = try #require(result.pairs.first)
        #expect(result.pairs.count == 1)
        #expect(pair.sourceDeltaE > 1.8 && pair.sourceDeltaE < 2.2)  // ≈ 1.895
        #expect(pair.shownDeltaE < 1 && pair.shownDeltaE <= pair.sourceDeltaE / 2)
        #expect(result.evaluations.allSatisfy { $0.isOutOfGamut })
    }

    @Test("The same two colors given in sRGB don't collapse (sRGB shows them as they are)")
    func sameColorsInSRGB() throws {
        // Their sRGB encodings, clipped: what a designer working in sRGB would have picked.
        let simulation = try DisplaySimulation(source: .displayP3)
        let inSRGB = Self.p3Greens.map { color in
            NamedColor(name: color.name, profile: .sRGB, components: simulation.evaluate(color.components).shown.map { Double($0) / 255 })
        }
        let inSRGBResult = try CollapseSearch.search(inSRGB)
        #expect(inSRGBResult.pairs.isEmpty)
        // And two sRGB colors 2 ΔE00 apart stay apart.
        let apart = [
            NamedColor(name: "a", profile: .sRGB, components: [0.2, 0.6, 0.2]),
            NamedColor(name: "b", profile: .sRGB, components: [0.2, 0.63, 0.2]),
        ]
        let apartResult = try CollapseSearch.search(apart)
        #expect(apartResult.pairs.isEmpty)
    }

    @Test("The grid search finds exactly the pairs an all-pairs search finds")
    func againstBruteForce() throws {
        var rng = SplitMix64(seed: 5)
        // Clustered saturated P3 colors, so that many pairs are close.
        let colors = (0..<1500).map { i -> NamedColor in
            let base = [[1.0, 0.1, 0.1], [0.1, 1.0, 0.1], [0.1, 0.2, 1.0], [1.0, 0.6, 0.0], [0.5, 0.5, 0.5]][i % 5]
            return NamedColor(
                name: "c\(i)", profile: .displayP3,
                components: base.map { min(max($0 + Double.random(in: -0.08...0.08, using: &rng), 0), 1) })
        }
        let result = try CollapseSearch.search(colors, maximumPairs: 10_000_000)
        let settings = AnalysisSettings()
        var expected = 0
        for i in 0..<colors.count {
            for j in (i + 1)..<colors.count {
                let x = result.evaluations[i], y = result.evaluations[j]
                let source = CIEDE2000.difference(x.sourceLab, y.sourceLab)
                let shown = CIEDE2000.difference(x.shownLab, y.shownLab)
                if source >= settings.collapseSource && shown < settings.collapseShown && shown <= settings.collapseRatio * source {
                    expected += 1
                }
            }
        }
        #expect(expected > 1000)
        #expect(result.pairs.count == expected)
        #expect(!result.truncated)
    }
}
