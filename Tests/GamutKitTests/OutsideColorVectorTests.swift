import Foundation
import Testing

@testable import GamutKit

/// The analyzer's C Lab/CIEDE2000 kernel (AVX2, eight out-of-gamut pixels at a time) against the Swift batch form it
/// replaces (``BatchColorMath``, four at a time): every Lab component, ΔE00 and fallback flag identical bit for bit, on
/// random colors and on the cases each branch of the formula has (dark colors on the cube root's linear segment, an
/// achromatic color, nearly opposite hues, pairs whose mean hue is near 275° where R_T is computed, zeros of both signs,
/// NaN and infinities from broken profiles).
struct OutsideColorVectorTests {
    /// Pixel `i`'s source XYZ and the Lab it is shown as, cycling through the edge cases.
    static func inputs(count: Int) -> (xyz: [SIMD3<Float>], shown: [SIMD3<Float>]) {
        var random = SplitMix64(seed: 2026)
        func uniform(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &random) }
        var xyz: [SIMD3<Float>] = [], shown: [SIMD3<Float>] = []
        for i in 0..<count {
            var source = SIMD3(uniform(0...1.1), uniform(0...1.1), uniform(0...1.1))
            switch i % 11 {
            case 1: source *= 0.004  // below 216/24389: the linear segment
            case 2: source = SIMD3(0, -0.0, uniform(0...0.01))
            case 3 where i % 7 == 0: source.y = .nan
            case 4 where i % 5 == 0: source.x = .infinity
            case 5: source.z = -uniform(0...0.2)
            case 6:  // a blue near 275°, where R_T counts
                let angle = (275 + uniform(-30...30)) * .pi / 180, chroma = uniform(10...60)
                source = xyzD50(l: uniform(20...80), a: chroma * cos(angle), b: chroma * sin(angle))
            default: break
            }
            let lab = Lab(x: Double(source.x), y: Double(source.y), z: Double(source.z))
            var target = SIMD3(Float(lab.l) + uniform(-4...4), Float(lab.a) + uniform(-20...20), Float(lab.b) + uniform(-20...20))
            switch i % 9 {
            case 1: target = SIMD3(target.x, 0, 0)  // achromatic
            case 2: target = SIMD3(target.x, -Float(lab.a) * 1.001, -Float(lab.b))  // nearly opposite hue
            case 4: target = SIMD3(uniform(0...100), -0.0, 0)
            default: break
            }
            if i % 11 == 6 {  // the blue shown close to itself, so the pair's mean hue is near 275° too
                target = SIMD3(Float(lab.l) + uniform(-3...3), Float(lab.a) + uniform(-5...5), Float(lab.b) + uniform(-5...5))
            }
            xyz.append(source)
            shown.append(target)
        }
        return (xyz, shown)
    }

    /// D50 XYZ of a Lab color (CIE 15's inverse).
    static func xyzD50(l: Float, a: Float, b: Float) -> SIMD3<Float> {
        func inverse(_ t: Float) -> Float { t > 6 / 29 ? t * t * t : 3 * (6 / 29) * (6 / 29) * (t - 4 / 29) }
        let fy = (l + 16) / 116
        return SIMD3(0.9642 * inverse(fy + a / 500), inverse(fy), 0.8249 * inverse(fy - b / 200))
    }

    /// Whether a pair's mean hue h̄′ (CIEDE2000's, from a′ = (1 + G)·a) lies within 75° of 275°, where the batch form
    /// computes R_T rather than dropping it.
    static func nearBlue(_ a1: Float, _ b1: Float, _ a2: Float, _ b2: Float) -> Bool {
        let (a1, b1, a2, b2) = (Double(a1), Double(b1), Double(a2), Double(b2))
        let cm = ((a1 * a1 + b1 * b1).squareRoot() + (a2 * a2 + b2 * b2).squareRoot()) / 2
        let g = 0.5 * (1 - (pow(cm, 7) / (pow(cm, 7) + pow(25, 7))).squareRoot())
        var h1 = atan2(b1, (1 + g) * a1) * 180 / .pi, h2 = atan2(b2, (1 + g) * a2) * 180 / .pi
        if h1 < 0 { h1 += 360 }
        if h2 < 0 { h2 += 360 }
        var mean = (h1 + h2) / 2
        if abs(h1 - h2) > 180 { mean += mean < 180 ? 180 : -180 }
        return abs(mean - 275) < 75
    }

    /// The same bits, or both NaN.
    static func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    @Test("Lab, ΔE00 and fallback identical bit for bit to the Swift batch form")
    func identical() throws {
        let count = 20_003
        let (xyz, shown) = Self.inputs(count: count)
        var lab = [SIMD3<Float>](repeating: .zero, count: count), deltaE = [Float](repeating: -1, count: count)
        var fallback = [Int32](repeating: -1, count: count)
        let done = OutsideColorVectors.run(
            xyz: xyz, shown: shown, lab: &lab, deltaE: &deltaE, fallback: &fallback, count: count)
        // The kernel checks the CPU only (GAMUTKIT_SCALAR_KERNEL is the pass's switch, `PixelPass.vectorDifferences`).
        #expect(done == (ShaperVectorTests.cpuHasAVX2 ? count / 8 * 8 : 0))
        var mismatches = 0, fallbacks = 0, nearBlue = 0, linear = 0, notANumber = 0
        for i in stride(from: 0, to: done, by: 4) {
            let x = SIMD4((0..<4).map { xyz[i + $0].x }), y = SIMD4((0..<4).map { xyz[i + $0].y })
            let z = SIMD4((0..<4).map { xyz[i + $0].z })
            let expected = BatchColorMath.lab(x: x, y: y, z: z)
            var flags = SIMD4<Int32>()
            let d = BatchColorMath.difference(
                l1: expected.l, a1: expected.a, b1: expected.b, l2: SIMD4((0..<4).map { shown[i + $0].x }),
                a2: SIMD4((0..<4).map { shown[i + $0].y }), b2: SIMD4((0..<4).map { shown[i + $0].z }), fallback: &flags)
            for lane in 0..<4 {
                let k = i + lane
                if !(Self.same(lab[k].x, expected.l[lane]) && Self.same(lab[k].y, expected.a[lane])
                    && Self.same(lab[k].z, expected.b[lane]) && Self.same(deltaE[k], d[lane]) && fallback[k] == flags[lane])
                {
                    mismatches += 1
                }
                fallbacks += Int(flags[lane])
                if d[lane].isNaN { notANumber += 1 }
                if xyz[k].y <= 216 / 24389 { linear += 1 }
                if d[lane].isFinite && Self.nearBlue(expected.a[lane], expected.b[lane], shown[k].y, shown[k].z) { nearBlue += 1 }
            }
        }
        #expect(mismatches == 0)
        if done > 0 {
            // Not vacuous: every branch was taken.
            #expect(fallbacks > 100 && nearBlue > 100 && linear > 100 && notANumber > 10)
        }
    }
}
