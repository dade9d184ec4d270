import Foundation
import GamutKit
import Testing

@Suite("Image analyzer")
struct ImageAnalyzerTests {
    /// The red → white P3 ramp (1, t, t) leaves sRGB where linear sRGB red exceeds 1 + tolerance:
    /// with M = XYZ→sRGB · P3→XYZ (CSS Color 4), R = M00 + (M01 + M02)·g for g = decode(t), so the
    /// ramp is out of gamut for g < 1 − tol / (M01 + M02)·(−1), i.e. t < encode(that).
    @Test("Red → white Display P3 ramp: the out-of-gamut span is the one computed exactly")
    func redRampSpan() throws {
        let width = 1024, tolerance = AnalysisSettings().gamutTolerance
        let m = (0..<3).map { i in ExactReference.multiply(ExactReference.xyzToSRGB, ExactReference.p3ToXYZ.map { $0[i] }) }
        // m[i] is column i of the combined matrix; row 0 gives sRGB red; rows 1 and 2 green and blue.
        func outside(_ t: Double) -> Bool {
            let g = ExactReference.decode(t)
            return (0..<3).contains { row in
                let value = m[0][row] + (m[1][row] + m[2][row]) * g
                return value < -tolerance || value > 1 + tolerance
            }
        }
        let expectedColumns = (0..<width).filter { outside(Double($0) / Double(width - 1)) }.count
        #expect(expectedColumns > 1000 && expectedColumns < width)  // all but the last few columns, near white

        let analysis = try ImageAnalyzer.analyze(AnalysisFixtures.redRamp(width: width)).analysis
        #expect(analysis.countedPixels == width * 4)
        #expect(analysis.outOfGamutPixels == expectedColumns * 4)
        #expect(analysis.visiblyClippedPixels > 0 && analysis.visiblyClippedPixels <= analysis.outOfGamutPixels)
        // The worst pixel is pure P3 red, shown as sRGB red.
        let worst = try #require(analysis.worst)
        #expect(worst.x == 0 && worst.shown == [255, 0, 0])
        let exact = try DisplaySimulation(source: .displayP3).evaluate([1, 0, 0])
        #expect(abs(worst.deltaE - exact.deltaE) < 0.01)
        #expect(analysis.maxDeltaE >= analysis.p95DeltaE && analysis.p95DeltaE >= analysis.meanDeltaE * 0.5)
        // The flattened stretch near red is found as a clipping gradient along the rows.
        let region = try #require(analysis.clippingGradients.first)
        #expect(region.direction == .rows && region.bounds.x == 0 && region.bounds.height == 4)
        #expect(region.longestRun >= AnalysisSettings().gradientMinimumLength)
        // The region's worst pixel is pure P3 red at its left edge, as for the whole image (to the 0.01 stored).
        #expect(region.worstX == 0 && abs(region.worstDeltaE - analysis.maxDeltaE) < 0.011)
    }

    @Test("Gradient runs end where a source step exceeds gradientMaximumStepFraction")
    func gradientStepLimit() throws {
        // The 1024-wide ramp steps by about 64 of 65535 codes (0.1%) per pixel in green and blue.
        var strict = AnalysisSettings()
        strict.gradientMaximumStepFraction = 0.0005
        #expect(try ImageAnalyzer.analyze(AnalysisFixtures.redRamp(), settings: strict).analysis.clippingGradients.isEmpty)
        #expect(try !ImageAnalyzer.analyze(AnalysisFixtures.redRamp()).analysis.clippingGradients.isEmpty)
    }

    @Test("A P3 image whose colors all fit sRGB has no out-of-gamut pixels")
    func p3InsideSRGB() throws {
        var rng = SplitMix64(seed: 11)
        let toP3 = try ColorTransform(from: .sRGB, format: .rgbFloat, to: .displayP3, format: .rgbFloat)
        let colors =
            (0..<2048).map { _ in (0..<3).map { _ in Double.random(in: 0...1, using: &rng) } } + [
                [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1],
            ]
        let p3 = try colors.map { try toP3.convert(samples: $0) }
        let image = AnalysisFixtures.image(width: p3.count, rows: 1, profile: .displayP3) { p3[$0] }
        let analysis = try ImageAnalyzer.analyze(image).analysis
        #expect(analysis.outOfGamutPixels == 0 && analysis.visiblyClippedPixels == 0 && analysis.worst == nil)
        #expect(analysis.collapseGroups.isEmpty && analysis.clippingGradients.isEmpty)
    }

    @Test("An sRGB image has nothing to report")
    func sRGBImage() throws {
        let image = AnalysisFixtures.image(width: 256, rows: 8, profile: .sRGB) { x in [Double(x) / 255, 1 - Double(x) / 255, 0.5] }
        let analysis = try ImageAnalyzer.analyze(image).analysis
        #expect(analysis.outOfGamutPixels == 0 && analysis.collapseGroups.isEmpty && analysis.clippingGradients.isEmpty)
    }

    @Test("Transparent out-of-gamut pixels are not counted")
    func transparent() throws {
        let image = AnalysisFixtures.image(width: 100, rows: 10, profile: .displayP3, alpha: true) { x in
            x < 50 ? [1, 0, 0, 0] : [0.5, 0.5, 0.5, 1]
        }
        let analysis = try ImageAnalyzer.analyze(image).analysis
        #expect(analysis.countedPixels == 500)
        #expect(analysis.outOfGamutPixels == 0)
    }

    @Test("Two P3 greens ≈ 2 ΔE00 apart collapse into one sRGB color; in sRGB they don't")
    func collapse() throws {
        let analysis = try ImageAnalyzer.analyze(AnalysisFixtures.twoGreens()).analysis
        let group = try #require(analysis.collapseGroups.first)
        #expect(analysis.collapseGroups.count == 1)
        #expect(group.pixelCount == 64 * 32)
        #expect(group.bounds == PixelRect(x: 0, y: 0, width: 64, height: 32))
        #expect(group.sourceDeltaE > 1.8 && group.sourceDeltaE < 2.0)
        #expect(group.firstPixels == 32 * 32 && group.secondPixels == 32 * 32)

        let inSRGB = try ImageAnalyzer.analyze(AnalysisFixtures.twoGreens(in: .sRGB)).analysis
        #expect(inSRGB.collapseGroups.isEmpty && inSRGB.outOfGamutPixels == 0)
    }

    @Test("Results don't depend on how many threads run")
    func threads() throws {
        let image = AnalysisFixtures.redRamp(width: 300, rows: 50)
        let one = try ImageAnalyzer.analyze(image, threads: 1).analysis
        let many = try ImageAnalyzer.analyze(image, threads: 4).analysis
        #expect(one.outOfGamutPixels == many.outOfGamutPixels && one.visiblyClippedPixels == many.visiblyClippedPixels)
        #expect(abs(one.meanDeltaE - many.meanDeltaE) < 1e-9 && one.p95DeltaE == many.p95DeltaE && one.worst == many.worst)
        #expect(one.clippingGradients == many.clippingGradients)
    }

    @Test("The clip mask marks clipped pixels by severity over a gray copy")
    func clipMask() throws {
        let output = try ImageAnalyzer.analyze(AnalysisFixtures.redRamp(width: 256, rows: 2), includeClipMask: true)
        let mask = try #require(output.clipMask)
        #expect(mask.pixels.format == .rgba8 && mask.profile === ColorProfile.sRGB)
        // Pure P3 red is far outside sRGB: red in the mask; the white end is in gamut: gray.
        #expect((0..<3).map { mask.pixels.integer(x: 0, y: 0, channel: $0) } == [230, 0, 0])
        let end = (0..<3).map { mask.pixels.integer(x: 255, y: 0, channel: $0) }
        #expect(end[0] == end[1] && end[1] == end[2])
    }
}

@Suite("Image analyzer: collapse onto in-gamut colors")
struct InGamutCollapseTests {
    @Test("A clipped P3 green collapses onto an in-gamut green shown one code away")
    func clippedOntoInGamut() throws {
        // P3 (0.1, 0.98, 0.15) is out of sRGB and shown as (0, 254, 0); the in-gamut neighbor is sRGB (0, 253, 0)
        // expressed in P3, which is shown as itself.
        let inGamut = try ColorTransform(from: .sRGB, format: .rgbFloat, to: .displayP3, format: .rgbFloat).convert(samples: [
            0, 253.0 / 255, 0,
        ])
        let image = AnalysisFixtures.image(width: 64, rows: 32, profile: .displayP3) { x in x < 32 ? [0.1, 0.98, 0.15] : inGamut }
        let analysis = try ImageAnalyzer.analyze(image).analysis
        let group = try #require(analysis.collapseGroups.first)
        #expect(Set([group.firstShown, group.secondShown]) == Set([[0, 254, 0], [0, 253, 0]]))
        #expect(group.sourceDeltaE >= 1 && group.shownDeltaE < 1)
    }
}

@Suite("Image analyzer: display depth")
struct ImageAnalyzerDepthTests {
    @Test("Displays deeper than 8 bits are refused with a typed error (shown codes are packed 8 bits per channel)")
    func deepDisplayRefused() throws {
        var settings = AnalysisSettings()
        settings.displayBitDepth = 10
        let image = AnalysisFixtures.twoGreens()
        #expect(throws: GamutError.self) { try ImageAnalyzer.analyze(image, settings: settings) }
        settings.displayBitDepth = 6
        let analysis = try ImageAnalyzer.analyze(image, settings: settings).analysis
        #expect(analysis.worst.map { $0.shown.allSatisfy { $0 <= 63 } } == true)
    }
}
