import Foundation
@testable import GamutKit
import Numerics
import Testing

/// CIEDE2000 against the 34 pairs of Table 1 in Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference
/// Formula: Implementation Notes, Supplementary Test Data, and Mathematical Observations",
/// Color Research & Application 30(1):21–30, 2005 (published to 4 decimals).
@Suite("Color difference")
struct ColorDifferenceTests {
    static let sharma: [((Double, Double, Double), (Double, Double, Double), Double)] = [
        ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
        ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
        ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
        ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
        ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
        ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
        ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
        ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
        ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
        ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
        ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
        ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
        ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
        ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
        ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
        ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
        ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
        ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
        ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
        ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
        ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
        ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
        ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
        ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
        ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
        ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
        ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
        ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
        ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ]

    @Test("CIEDE2000 matches Sharma, Wu & Dalal (2005) Table 1, both ways round", arguments: 0..<34)
    func sharmaTable(row: Int) {
        let (p, q, expected) = Self.sharma[row]
        let x = Lab(l: p.0, a: p.1, b: p.2), y = Lab(l: q.0, a: q.1, b: q.2)
        #expect(CIEDE2000.difference(x, y).isApproximatelyEqual(to: expected, absoluteTolerance: 0.00005), "pair \(row + 1)")
        #expect(CIEDE2000.difference(y, x).isApproximatelyEqual(to: expected, absoluteTolerance: 0.00005))
    }

    /// CIE 15:2004: the reference white maps to L* 100, a* = b* = 0; 18% gray (Y = 0.18) to L* 49.496.
    @Test("Lab of the D50 white and of 18% gray")
    func labReference() {
        let white = Lab(xyzD50: [0.9642, 1.0, 0.8249])
        #expect(white.l.isApproximatelyEqual(to: 100, absoluteTolerance: 1e-9) && abs(white.a) < 1e-9 && abs(white.b) < 1e-9)
        let gray = Lab(xyzD50: [0.9642 * 0.18, 0.18, 0.8249 * 0.18])
        #expect(gray.l.isApproximatelyEqual(to: 49.4961, absoluteTolerance: 1e-4))
        let dark = Lab(xyzD50: [0.9642 * 0.005, 0.005, 0.8249 * 0.005])  // below ε: the linear segment, L* = κ·Y = 4.5168
        #expect(dark.l.isApproximatelyEqual(to: 24389.0 / 27.0 * 0.005, absoluteTolerance: 1e-9))
    }
}

@Suite("Color difference: fast form")
struct CIEDE2000FormTests {
    /// The arranged formula agrees with the step-by-step one on a million seeded random pairs, including
    /// achromatic colors, nearly opposite hues and the blue region where R_T matters.
    @Test("The fast CIEDE2000 equals the step-by-step formula")
    func agreesWithReference() {
        var rng = SplitMix64(seed: 2000)
        var worst = 0.0
        for i in 0..<1_000_000 {
            let x = Lab(
                l: Double.random(in: 0...100, using: &rng), a: Double.random(in: -128...128, using: &rng),
                b: Double.random(in: -128...128, using: &rng))
            var y = Lab(
                l: x.l + Double.random(in: -5...5, using: &rng), a: x.a + Double.random(in: -8...8, using: &rng),
                b: x.b + Double.random(in: -8...8, using: &rng))
            if i % 10 == 0 {
                y = Lab(l: y.l, a: -x.a * Double.random(in: 0.9...1.1, using: &rng), b: -x.b * Double.random(in: 0.9...1.1, using: &rng))
            }
            if i % 17 == 0 { y.a = 0; y.b = 0 }
            worst = max(worst, abs(CIEDE2000.difference(x, y) - CIEDE2000.referenceDifference(x, y)))
        }
        #expect(worst < 1e-8)  // rounding only: the published values have 4 decimals
    }
}

@Suite("Lab conversion")
struct LabConversionTests {
    @Test("The fast cube root matches libm's to 1e-14 relative over the range Lab uses")
    func cubeRoot() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200_000 {
            let v = pow(10, Double.random(in: -2...0.2, using: &rng))  // above ε = 216/24389, where Lab uses the cube root
            let lab = Lab(x: v * 0.9642, y: v, z: v * 0.8249)
            #expect(abs(lab.l - (116 * cbrt(v) - 16)) <= 1e-12 * 116)
        }
    }
}

@Suite("Color difference: batch form")
struct BatchColorMathTests {
    @Test("Single-precision batches stay within 1e-3 ΔE00 of the double formula: 80,000 random pairs")
    func agreesWithDouble() { Self.batchesAgree(batches: 20_000) }

    @Test(
        "Single-precision batches stay within 1e-3 ΔE00 of the double formula: a million random pairs",
        .enabled(if: SlowTests.enabled, "slow: GAMUTKIT_SLOW_TESTS=1 (.ci/run) runs it"))
    func agreesWithDoubleEverywhere() { Self.batchesAgree(batches: 250_000) }

    /// `batches` of four random pairs (some with a gray or a nearly opposite hue, which fall back to the double
    /// formula): the largest difference from the double formula on the same single-precision inputs.
    static func batchesAgree(batches: Int) {
        var rng = SplitMix64(seed: 44)
        var worst = 0.0, fallbacks = 0
        for i in 0..<batches {
            var pairs: [(Lab, Lab)] = []
            for lane in 0..<4 {
                let x = Lab(
                    l: Double.random(in: 0...100, using: &rng), a: Double.random(in: -128...128, using: &rng),
                    b: Double.random(in: -128...128, using: &rng))
                var y = Lab(
                    l: x.l + Double.random(in: -5...5, using: &rng), a: x.a + Double.random(in: -8...8, using: &rng),
                    b: x.b + Double.random(in: -8...8, using: &rng))
                if (i + lane) % 9 == 0 { y.a = 0; y.b = 0 }
                if (i + lane) % 13 == 0 { y.a = -x.a; y.b = -x.b * 1.001 }
                pairs.append((x, y))
            }
            func v(_ f: ((Lab, Lab)) -> Double) -> SIMD4<Float> { SIMD4(pairs.map { Float(f($0)) }) }
            var fallback = SIMD4<Int32>.zero
            let d = BatchColorMath.difference(
                l1: v { $0.0.l }, a1: v { $0.0.a }, b1: v { $0.0.b },
                l2: v { $0.1.l }, a2: v { $0.1.a }, b2: v { $0.1.b }, fallback: &fallback)
            for lane in 0..<4 {
                if fallback[lane] != 0 { fallbacks += 1; continue }
                // Compare against the double formula on the same (single-precision) inputs.
                let x = Lab(l: Double(Float(pairs[lane].0.l)), a: Double(Float(pairs[lane].0.a)), b: Double(Float(pairs[lane].0.b)))
                let y = Lab(l: Double(Float(pairs[lane].1.l)), a: Double(Float(pairs[lane].1.a)), b: Double(Float(pairs[lane].1.b)))
                worst = max(worst, abs(Double(d[lane]) - CIEDE2000.difference(x, y)))
            }
        }
        #expect(worst < 1e-3)
        #expect(fallbacks > 0)
    }

    @Test("Single-precision Lab stays within 1e-3 of the double conversion")
    func lab() {
        var rng = SplitMix64(seed: 45)
        var worst = 0.0
        for _ in 0..<100_000 {
            let xyz = (0..<4).map { _ in (0..<3).map { _ in Double.random(in: 0...1.1, using: &rng) } }
            let r = BatchColorMath.lab(
                x: SIMD4(xyz.map { Float($0[0]) }), y: SIMD4(xyz.map { Float($0[1]) }), z: SIMD4(xyz.map { Float($0[2]) }))
            for lane in 0..<4 {
                let e = Lab(x: Double(Float(xyz[lane][0])), y: Double(Float(xyz[lane][1])), z: Double(Float(xyz[lane][2])))
                worst = max(worst, abs(Double(r.l[lane]) - e.l), abs(Double(r.a[lane]) - e.a), abs(Double(r.b[lane]) - e.b))
            }
        }
        #expect(worst < 1e-3)
    }
}

/// The hue part of a difference in OKLab, and CIELAB back to XYZ.
@Suite("Hue difference and Lab to XYZ")
struct HueDifferenceTests {
    @Test("ΔH is 2C·sin(θ/2) for equal chroma (CIE 15:2004 §8.2.1), 0 for lightness or chroma alone")
    func hueDifference() {
        let c = 0.1
        for degrees in [10.0, 60, 120, 180] {
            let a = OKLCh(l: 0.6, c: c, h: 30).lab, b = OKLCh(l: 0.6, c: c, h: 30 + degrees).lab
            #expect(OKLab.hueDifference(a, b).isApproximatelyEqual(to: 2 * c * sin(degrees * .pi / 360), absoluteTolerance: 1e-12))
        }
        #expect(OKLab.hueDifference(OKLCh(l: 0.4, c: c, h: 200).lab, OKLCh(l: 0.8, c: c, h: 200).lab) < 1e-9)
        #expect(OKLab.hueDifference(OKLCh(l: 0.6, c: 0.05, h: 200).lab, OKLCh(l: 0.6, c: 0.2, h: 200).lab) < 1e-9)
    }

    @Test("Lab → XYZ D50 inverts CIE 15:2004: sRGB red (Lindbloom's Bradford-adapted column 0.4361, 0.2225, 0.0139)")
    func labToXYZ() {
        let red = [0.4360747, 0.2225045, 0.0139322]
        let lab = Lab(xyzD50: red)
        for (a, b) in zip(lab.xyzD50, red) { #expect(a.isApproximatelyEqual(to: b, absoluteTolerance: 1e-12)) }
        // Below L* 8 the linear segment: a dark gray.
        let dark = Lab(l: 3, a: 0, b: 0).xyzD50
        #expect(dark[1].isApproximatelyEqual(to: 3 / (24389.0 / 27.0), absoluteTolerance: 1e-15))
        #expect(Lab(xyzD50: dark).l.isApproximatelyEqual(to: 3, absoluteTolerance: 1e-9))
    }
}
