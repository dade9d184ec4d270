import GamutKit
import Testing

@Suite("Gradient analysis")
struct GradientAnalysisTests {
    @Test("Red → white P3 ramp: out-of-gamut fraction, a flattened span from red, worst at red")
    func redToWhite() throws {
        let gradient = Gradient(
            name: "red-white", profile: .displayP3,
            stops: [.init(position: 0, components: [1, 0, 0]), .init(position: 1, components: [1, 1, 1])])
        let report = try GradientAnalysis.analyze(gradient, samples: 101)
        // Same boundary as the image test: out of gamut for all but the last sample (white, exactly sRGB white).
        #expect(report.outOfGamutFraction == 100.0 / 101.0)
        #expect(report.outOfGamutSpans == [0...0.99])
        let flat = try #require(report.longestFlattened)
        #expect(flat.start == 0 && flat.sourceDeltaE >= 1 && flat.shownDeltaE <= flat.sourceDeltaE / 2)
        #expect(report.worstPosition == 0)
    }

    @Test("An sRGB gradient and a P3 gradient inside sRGB don't clip", arguments: [Gradient.Interpolation.encoded, .linear])
    func inside(interpolation: Gradient.Interpolation) throws {
        let srgb = Gradient(
            name: "s", profile: .sRGB, stops: [.init(position: 0, components: [1, 0, 0]), .init(position: 1, components: [0, 0, 1])],
            interpolation: interpolation)
        let report = try GradientAnalysis.analyze(srgb)
        #expect(report.outOfGamutFraction == 0 && report.longestFlattened == nil && report.worstDeltaE < 0.5)
    }

    @Test("Bad gradients are refused")
    func invalid() {
        #expect(throws: GamutError.self) {
            try GradientAnalysis.analyze(Gradient(name: "one", profile: .sRGB, stops: [.init(position: 0, components: [1, 0, 0])]))
        }
        #expect(throws: GamutError.self) {
            try GradientAnalysis.analyze(
                Gradient(
                    name: "gray", profile: .grayGamma22,
                    stops: [.init(position: 0, components: [0]), .init(position: 1, components: [1])],
                    interpolation: .linear))
        }
    }
}
