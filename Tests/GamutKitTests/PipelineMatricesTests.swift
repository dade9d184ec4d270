#if SystemLibraries && os(Linux)
    import CLCMS2
#else
    import CVendoredLCMS2
#endif
import Foundation
import Testing
@testable import GamutKit

/// The matrices GamutKit computes with, as callers read them, against published values; and the unquantized cost of
/// clipping one color, against LittleCMS's own double-precision transforms and CIEDE2000.
@Suite("Pipeline: matrices and the ΔE00 of clipping")
struct PipelineMatricesTests {
    static func expectClose(_ a: [[Double]], _ b: [[Double]], within tolerance: Double, _ what: String) {
        for r in 0..<3 { for c in 0..<3 { #expect(abs(a[r][c] - b[r][c]) <= tolerance, "\(what)[\(r)][\(c)]: \(a[r][c]) vs \(b[r][c])") } }
    }

    @Test("sRGB → XYZ D50 equals Bruce Lindbloom's Bradford-adapted sRGB matrix (brucelindbloom.com, RGB/XYZ Matrices)")
    func srgbToXYZ() throws {
        let lindbloom = [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169], [0.0139322, 0.0971045, 0.7141733]]
        // Lindbloom's D50 is (0.96422, 1, 0.82521); the ICC's (0.9642, 1, 0.8249): entries differ by a few 1e-4 at most.
        Self.expectClose(try #require(ColorProfile.sRGB.toXYZD50), lindbloom, within: 4e-4, "sRGB→XYZ")
        #expect(ColorProfile.graySRGB.toXYZD50 == nil)
    }

    @Test("Display P3 → sRGB linear matrix equals CSS Color 4's (lin_P3 → XYZ D65 → lin_sRGB), and the float transform")
    func p3ToSRGB() throws {
        // CSS Color 4, sample code: lin_P3_to_XYZ then XYZ_to_lin_sRGB (both D65, so Bradford through D50 cancels).
        let css = [
            [1.2249401762805598, -0.22494017628055996, 0], [-0.04205695470968816, 1.0420569547096881, 0],
            [-0.019637554590334432, -0.07863604555063188, 1.0982736001409663],
        ]
        let matrix = try #require(ColorProfile.displayP3.linearMatrix(to: .sRGB))
        Self.expectClose(matrix, css, within: 1e-6, "P3→sRGB")
        let transform = try ColorTransform(from: .linearDisplayP3, format: .rgbFloat, to: .linearSRGB, format: .rgbFloat)
        for color in [[1.0, 0, 0], [0, 1, 0], [0.2, 0.5, 0.9]] {
            let converted = try transform.convert(samples: color)
            for r in 0..<3 {
                let expected = (0..<3).reduce(0.0) { $0 + matrix[r][$1] * color[$1] }
                #expect(abs(Double(converted[r]) - expected) < 1e-5, "\(color) channel \(r)")
            }
        }
        #expect(ColorProfile.displayP3.linearMatrix(to: .graySRGB) == nil)
    }

    @Test("Color-vision matrices: Machado 2009's published protanomaly 0.5, and simulate() is the matrix")
    func visionMatrices() throws {
        // Machado, Oliveira & Fernandes 2009, the matrices published with the paper (protanomaly, severity 0.5).
        let protan05 = [[0.458064, 0.679578, -0.137642], [0.092785, 0.846313, 0.060902], [-0.007494, -0.016807, 1.024301]]
        Self.expectClose(try #require(ColorVisionSimulation(.protan, severity: 0.5).matrix), protan05, within: 1e-6, "protan 0.5")
        for simulation in [
            ColorVisionSimulation(.protan), ColorVisionSimulation(.deutan, severity: 0.3), ColorVisionSimulation(.tritan, severity: 0.7),
        ] {
            let m = try #require(simulation.matrix)
            let c = [0.8, 0.3, 0.1]
            let simulated = simulation.simulate(linearSRGB: c)
            for r in 0..<3 { #expect(abs(simulated[r] - (0..<3).reduce(0.0) { $0 + m[r][$1] * c[$1] }) < 1e-12) }
        }
        #expect(ColorVisionSimulation(.tritan).matrix == nil)  // Brettel's two half-planes
    }

    /// LittleCMS's own answer: source → Lab D50, and source → target in unbounded doubles, clamped, → Lab; its CIEDE2000.
    static func littleCMSClippingDeltaE(_ encoded: [Double], from source: ColorProfile, to target: ColorProfile) throws -> Double {
        func open(_ profile: ColorProfile) throws -> cmsHPROFILE {
            try #require(profile.data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        }
        let src = try open(source), dst = try open(target), lab = try #require(cmsCreateLab4Profile(nil))
        defer { cmsCloseProfile(src); cmsCloseProfile(dst); cmsCloseProfile(lab) }
        let intent = cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags = cmsUInt32Number(cmsFLAGS_NOOPTIMIZE)
        let toLab = try #require(cmsCreateTransform(src, CLCMS2_TYPE_RGB_DBL, lab, CLCMS2_TYPE_Lab_DBL, intent, flags))
        let toTarget = try #require(cmsCreateTransform(src, CLCMS2_TYPE_RGB_DBL, dst, CLCMS2_TYPE_RGB_DBL, intent, flags))
        let targetToLab = try #require(cmsCreateTransform(dst, CLCMS2_TYPE_RGB_DBL, lab, CLCMS2_TYPE_Lab_DBL, intent, flags))
        defer { cmsDeleteTransform(toLab); cmsDeleteTransform(toTarget); cmsDeleteTransform(targetToLab) }
        var input = encoded, sourceLab = cmsCIELab(), shown = [0.0, 0, 0], clippedLab = cmsCIELab()
        cmsDoTransform(toLab, &input, &sourceLab, 1)
        cmsDoTransform(toTarget, &input, &shown, 1)
        var clipped = shown.map { min(max($0, 0), 1) }
        cmsDoTransform(targetToLab, &clipped, &clippedLab, 1)
        return cmsCIE2000DeltaE(&sourceLab, &clippedLab, 1, 1, 1)
    }

    @Test("The unquantized ΔE00 of clipping one color: 0 inside the gamut; P3 green, red and a P3 orange as LittleCMS computes it")
    func clippingDeltaE() throws {
        let simulation = try DisplaySimulation(source: .displayP3)
        let inside = simulation.evaluate([0.5, 0.45, 0.4])
        #expect(!inside.isOutOfGamut && inside.clippingDeltaE == 0)
        #expect(inside.deltaE > 0)  // quantizing to 8-bit display codes alone costs something; clipping nothing
        for color in [[0.0, 1, 0], [1.0, 0, 0], [1.0, 0.6, 0]] {
            let evaluation = simulation.evaluate(color)
            let reference = try Self.littleCMSClippingDeltaE(color, from: .displayP3, to: .sRGB)
            #expect(evaluation.isOutOfGamut)
            #expect(abs(evaluation.clippingDeltaE - reference) < 0.01, "\(color): \(evaluation.clippingDeltaE) vs LittleCMS \(reference)")
            #expect(abs(evaluation.clippingDeltaE - evaluation.deltaE) < 0.5)  // quantization moves it a little
        }
    }
}
