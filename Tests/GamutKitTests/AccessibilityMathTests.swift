import Foundation
@testable import GamutKit
import Testing

/// WCAG 2.2 contrast. Reference values: WCAG 2.2 §"contrast ratio" and §"relative luminance" definitions
/// (white on black is 21:1), and the WebAIM Contrast Checker's results for #767676 on white (4.54:1, passes AA)
/// and #777777 on white (4.48:1, fails AA).
@Suite("Contrast")
struct ContrastTests {
    static func hex(_ v: Int) -> [Double] { [Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255] }

    @Test("Ratios against WCAG's definitions and WebAIM's published results, never rounded")
    func ratios() {
        let white = Contrast.relativeLuminance(sRGB: Self.hex(0xFFFFFF)), black = Contrast.relativeLuminance(sRGB: Self.hex(0x000000))
        #expect(abs(white - 1) < 1e-12 && black == 0)
        #expect(abs(Contrast.ratio(white, black) - 21) < 1e-12)
        let gray76 = Contrast.ratio(Contrast.relativeLuminance(sRGB: Self.hex(0x767676)), white)
        let gray77 = Contrast.ratio(Contrast.relativeLuminance(sRGB: Self.hex(0x777777)), white)
        #expect(abs(gray76 - 4.54) < 0.005)
        #expect(abs(gray77 - 4.478) < 0.0005)
        #expect(gray77 < Contrast.minimumRatio(textSize: 17, bold: false), "4.478 must fail 4.5 (it would pass if rounded to 4.5)")
        #expect(gray76 >= Contrast.minimumRatio(textSize: 17, bold: false))
        // The 0.04045 threshold: code 10 (0.0392) is on the linear segment.
        #expect(abs(Contrast.relativeLuminance(sRGB: [10.0 / 255, 10.0 / 255, 10.0 / 255]) - 10.0 / 255 / 12.92) < 1e-12)
    }

    @Test("HIG thresholds: 4.5:1 up to 17 pt, 3:1 from 18 pt or bold; 7:1 enhanced for small text")
    func thresholds() {
        #expect(Contrast.minimumRatio(textSize: 17, bold: false) == 4.5)
        #expect(Contrast.minimumRatio(textSize: 18, bold: false) == 3)
        #expect(Contrast.minimumRatio(textSize: 11, bold: true) == 3)
        #expect(Contrast.enhancedRatio(textSize: 12, bold: false) == 7)
    }

    @Test("Luminance from PCS XYZ equals WCAG's sRGB formula for sRGB colors")
    func luminanceFromXYZ() throws {
        let simulation = try DisplaySimulation(source: .sRGB)
        for color in [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0], [0.3, 0.6, 0.9], [0.5, 0.5, 0.5]] {
            let viaXYZ = Contrast.relativeLuminance(xyzD50: simulation.sourceXYZ(color))
            #expect(abs(viaXYZ - Contrast.relativeLuminance(sRGB: color)) < 2e-4, "\(color)")
        }
    }
}

/// Color-vision deficiency simulation, against libDaltonLens (Nicolas Burrus, public domain, daltonlens.org):
/// its Brettel 1997 parameters (`brettel_protan_params`, `brettel_deutan_params`, `brettel_tritan_params`, in
/// the revision using the Smith & Pokorny / sRGB model, as adapted in github.com/would1920/would1920.github.io
/// `brettel_colorblind_simulation.js`), published to 5 decimals, which GamutKit computes from the same
/// model at run time; and its later Viénot 1999 matrices (`dl_vienot_protan_rgbCvd_from_rgb`,
/// `dl_vienot_deutan_rgbCvd_from_rgb`), whose revised cone model differs from this one by < 0.004.
@Suite("Color-vision deficiency")
struct ColorVisionTests {
    typealias C = ColorVisionSimulation

    static func expectClose(_ m: Matrix3, _ published: [Double], _ tolerance: Double, _ name: String) {
        for i in 0..<9 { #expect(abs(m.m[i] - published[i]) < tolerance, "\(name)[\(i)]: \(m.m[i]) vs \(published[i])") }
    }

    static func brettel(missing: Int, _ wavelength: Int) -> Matrix3 {
        C.rgbFromLMS * C.projection(missing: missing, neutral: C.neutral, anchor: C.lmsFromXYZ * C.cmf[wavelength]!) * C.lmsFromRGB
    }

    @Test("Brettel 1997 half-plane matrices for all three deficiencies match libDaltonLens's published ones")
    func brettelPlanes() {
        Self.expectClose(
            Self.brettel(missing: 0, 575), [0.14510, 1.20165, -0.34675, 0.10447, 0.85316, 0.04237, 0.00429, -0.00603, 1.00174], 1e-4,
            "protan 575")
        Self.expectClose(
            Self.brettel(missing: 0, 475), [0.14115, 1.16782, -0.30897, 0.10495, 0.85730, 0.03776, 0.00431, -0.00586, 1.00155], 1e-4,
            "protan 475")
        Self.expectClose(
            Self.brettel(missing: 1, 475), [0.36198, 0.86755, -0.22953, 0.26099, 0.64512, 0.09389, -0.01975, 0.02686, 0.99289], 1e-4,
            "deutan 475")
        Self.expectClose(
            Self.brettel(missing: 1, 575), [0.37009, 0.88540, -0.25549, 0.25767, 0.63782, 0.10451, -0.01950, 0.02741, 0.99209], 1e-4,
            "deutan 575")
        let (plane1, plane2, normal) = C.brettelTritan
        let published1 = [1.01354, 0.14268, -0.15622, -0.01181, 0.87561, 0.13619, 0.07707, 0.81208, 0.11085]
        let published2 = [0.93337, 0.19999, -0.13336, 0.05809, 0.82565, 0.11626, -0.37923, 1.13825, 0.24098]
        Self.expectClose(plane1, published1, 1e-4, "tritan 660")
        Self.expectClose(plane2, published2, 1e-4, "tritan 485")
        let publishedNormal = [0.03960, -0.02831, -0.01129]
        let scale = normal[0] / publishedNormal[0]
        #expect(scale > 0)
        for k in 0..<3 { #expect(abs(normal[k] / scale - publishedNormal[k]) < 2e-4) }
        // The same half-plane is chosen as with the published normal, so simulated colors agree.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let c = (0..<3).map { _ in Double.random(in: 0...1, using: &generator) }
            let dot = zip(c, publishedNormal).map { $0 * $1 }.reduce(0, +)
            let m = dot >= 0 ? published1 : published2
            let expected = (0..<3).map { r in m[3 * r] * c[0] + m[3 * r + 1] * c[1] + m[3 * r + 2] * c[2] }
            let ours = C(.tritan).simulate(linearSRGB: c)
            for k in 0..<3 { #expect(abs(ours[k] - expected[k]) < 5e-4, "\(c)") }
        }
    }

    @Test("Viénot 1999 protan/deutan matrices agree with libDaltonLens's within its model revision")
    func vienot() {
        Self.expectClose(
            C.vienotProtan, [0.11238, 0.88762, 0.00000, 0.11238, 0.88762, 0.00000, 0.00401, -0.00401, 1.00000], 4e-3, "protan")
        Self.expectClose(
            C.vienotDeutan, [0.29275, 0.70725, 0.00000, 0.29275, 0.70725, 0.00000, -0.02234, 0.02234, 1.00000], 4e-3, "deutan")
        // Viénot's plane holds black, white and blue: those are unchanged.
        for m in [C.vienotProtan, C.vienotDeutan] {
            for v in [[1.0, 1, 1], [0.0, 0, 1]] { for (x, y) in zip(m * v, v) { #expect(abs(x - y) < 1e-9) } }
        }
    }

    @Test("Dichromat simulations keep white and the neutral axis, and lose one dimension")
    func dichromacy() {
        for deficiency in ColorVisionSimulation.Deficiency.allCases {
            let s = ColorVisionSimulation(deficiency)
            for v in [1.0, 0.5, 0.2] {
                for x in s.simulate(linearSRGB: [v, v, v]) { #expect(abs(x - v) < 1e-3, "\(s) of gray \(v)") }
            }
        }
        // A projection: simulating a simulated color changes nothing.
        let protan = ColorVisionSimulation(.protan)
        let a = protan.simulate(linearSRGB: [1, 0, 0]), b = protan.simulate(linearSRGB: ColorVisionSimulation.vienotProtan * [1, 0, 0])
        for k in 0..<3 { #expect(abs(a[k] - b[k]) < 1e-9) }
    }

    @Test("Machado 2009: severity 0 is identity, published rows keep white, severities interpolate")
    func machado() {
        for deficiency in ColorVisionSimulation.Deficiency.allCases {
            let zero = ColorVisionSimulation(deficiency, severity: 0).simulate(linearSRGB: [0.2, 0.5, 0.7])
            #expect(zero == [0.2, 0.5, 0.7])
            for matrix in ColorVisionSimulation.machado[deficiency]! {
                for row in matrix { #expect(abs(row.reduce(0, +) - 1) < 1e-5) }
            }
            let mid = ColorVisionSimulation(deficiency, severity: 0.55).machadoMatrix
            let low = ColorVisionSimulation.machado[deficiency]![5], high = ColorVisionSimulation.machado[deficiency]![6]
            for r in 0..<3 { for c in 0..<3 { #expect(abs(mid[r, c] - (low[r][c] + high[r][c]) / 2) < 1e-12) } }
        }
        // Deuteranomaly at 0.6, the published matrix's first row.
        let m = ColorVisionSimulation(.deutan, severity: 0.6).machadoMatrix
        #expect(abs(m[0, 0] - 0.498864) < 1e-9 && abs(m[0, 1] - 0.674741) < 1e-9)
        #expect(ColorVisionSimulation(.deutan, severity: 0.6).description == "deuteranomaly 60%")
    }

    @Test("Severity is continuous through 1.0: Machado's published 0.9, then a straight path to the dichromat model")
    func continuousSeverity() {
        var random = SplitMix64(seed: 21)
        let colors = (0..<500).map { _ in (0..<3).map { _ in Double.random(in: 0...1, using: &random) } }
        for deficiency in ColorVisionSimulation.Deficiency.allCases {
            let nine = ColorVisionSimulation.machado[deficiency]![9]  // Machado's published severity 0.9
            let at = { (s: Double, c: [Double]) in ColorVisionSimulation(deficiency, severity: s).simulate(linearSRGB: c) }
            for c in colors {
                let published = nine.map { $0[0] * c[0] + $0[1] * c[1] + $0[2] * c[2] }
                let dichromat = at(1, c), midway = at(0.95, c)
                for k in 0..<3 {
                    #expect(abs(at(0.9, c)[k] - published[k]) < 1e-9)
                    #expect(abs(midway[k] - (published[k] + dichromat[k]) / 2) < 1e-9)
                    // No jump on the way to 1: a step of 10⁻⁹ in severity moves the result by less than 10⁻⁷.
                    #expect(abs(at(1 - 1e-9, c)[k] - dichromat[k]) < 1e-7)
                    #expect(abs(at(0.9 + 1e-9, c)[k] - published[k]) < 1e-7)
                }
            }
        }
        // The matrix follows the same path for protan and deutan.
        let m = ColorVisionSimulation(.deutan, severity: 0.97).matrix!
        let c = [0.8, 0.2, 0.4], simulated = ColorVisionSimulation(.deutan, severity: 0.97).simulate(linearSRGB: c)
        for r in 0..<3 { #expect(abs(simulated[r] - (0..<3).reduce(0.0) { $0 + m[r][$1] * c[$1] }) < 1e-12) }
        #expect(ColorVisionSimulation(.tritan, severity: 0.97).matrix == nil)
        #expect(ColorVisionSimulation(.protan, severity: 0.95).description == "protanomaly 95%")
    }
}
