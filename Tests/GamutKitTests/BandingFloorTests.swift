import Foundation
import Testing
@testable import GamutKit

/// The measurements ``AnalysisSettings/bandingStep`` and ``AnalysisSettings/bandingMinimumWidth`` were set by: the size
/// of one-code steps of 8-bit gray ramps and of the Display P3 and sRGB cubes, and what the eye model of the gradient
/// floors (``BandVisibility``, S-CIELAB at 60 px per degree) makes of an 8-bit staircase as its bands narrow.
/// `GAMUTKIT_MEASURE_FLOORS=1` prints the figures.
@Suite("Banding floors: the measurements behind the defaults")
struct BandingFloorTests {
    static let printing = ProcessInfo.processInfo.environment["GAMUTKIT_MEASURE_FLOORS"] == "1"

    /// ΔE00 between two 8-bit codes of `profile`.
    static func step(_ simulation: DisplaySimulation, _ a: [Int], _ b: [Int]) -> Double {
        func lab(_ c: [Int]) -> Lab { Lab(xyzD50: simulation.sourceXYZ(c.map { Double($0) / 255 })) }
        return CIEDE2000.difference(lab(a), lab(b))
    }

    @Test("One-code steps: an 8-bit gray ramp's ΔE00 peaks at 0.40, and no one-code lightness step of P3 reaches bandingStep")
    func oneCodeSteps() throws {
        let defaults = AnalysisSettings()
        let srgb = try DisplaySimulation(source: .sRGB), p3 = try DisplaySimulation(source: .displayP3)
        let gray = (0..<255).map { Self.step(srgb, [$0, $0, $0], [$0 + 1, $0 + 1, $0 + 1]) }
        #expect(abs(gray.max()! - 0.40) < 0.01)
        // Every one-code step (each channel alone, and all three): from a grid of the P3 cube (every 15th code), and
        // along each channel in full with the others every 51st code (the dark end, where lightness steps are largest).
        func lab(_ c: [Int]) -> Lab { Lab(xyzD50: p3.sourceXYZ(c.map { Double($0) / 255 })) }
        var starts: [[Int]] = []
        let coarse = Array(Swift.stride(from: 0, to: 255, by: 15)), sparse = Array(Swift.stride(from: 0, through: 255, by: 51))
        for r in coarse { for g in coarse { for b in coarse { starts.append([r, g, b]) } } }
        for c in 0..<3 {
            for v in 0..<255 {
                for o1 in sparse { for o2 in sparse { starts.append(c == 0 ? [v, o1, o2] : c == 1 ? [o1, v, o2] : [o1, o2, v]) } }
            }
        }
        var largest = 0.0
        for start in starts {
            for c in 0..<4 {
                let next = start.enumerated().map { i, v in c == 3 || i == c ? min(v + 1, 255) : v }
                largest = max(largest, BandingScan.lightnessStep(lab(start), lab(next)))
            }
        }
        if Self.printing { print(String(format: "gray one-code ΔE00 max %.3f; P3 one-code lightness step max %.3f", gray.max()!, largest)) }
        #expect(largest < defaults.bandingStep)
        #expect(abs(largest - 0.40) < 0.01, "\(largest)")
    }

    /// The model's score of an 8-bit staircase against the smooth ramp it quantizes: the ramp from `a` to `b`, quantized
    /// to every `codes`-th code of its fastest channel and drawn `width` pixels a level, as a fraction of the median step
    /// between levels: their lightness step (``BandingScan/lightnessStep(_:_:)``), or with `lightness` false their ΔE00.
    static func staircase(_ a: [Int], _ b: [Int], codes: Int = 1, width: Int, lightness: Bool = true) throws -> Double {
        let p3 = try DisplaySimulation(source: .displayP3)
        let span = zip(a, b).map { abs($0 - $1) }.max()!
        let levels = span / codes
        let n = levels * width
        func lab(_ c: [Double]) -> Lab { Lab(xyzD50: p3.sourceXYZ(c.map { $0 / 255 })) }
        var smooth: [[Double]] = [], stepped: [[Double]] = [], steps: [Double] = []
        var previous: [Double]? = nil
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            let exact = zip(a, b).map { Double($0) + (Double($1) - Double($0)) * t }
            // The level this pixel is drawn at: t rounded to the nearest of `levels` + 1 stops.
            let stop = (t * Double(levels)).rounded() / Double(levels)
            let level = zip(a, b).map { (Double($0) + (Double($1) - Double($0)) * stop).rounded() }
            smooth.append(p3.sourceXYZ(exact.map { $0 / 255 }))
            stepped.append(p3.sourceXYZ(level.map { $0 / 255 }))
            if let previous, previous != level {
                steps.append(
                    lightness ? BandingScan.lightnessStep(lab(previous), lab(level)) : CIEDE2000.difference(lab(previous), lab(level)))
            }
            previous = level
        }
        let median = steps.sorted()[steps.count / 2]
        return BandVisibility.visibility(source: smooth, shown: stepped, pixelsPerDegree: 60) / median
    }

    @Test("In the eye model, lightness staircases of 16 px bands score 0.42–1.01 of their step, of 4–6 px 0.2–0.34")
    func bandWidth() throws {
        let width = AnalysisSettings().bandingMinimumWidth
        // Posterized ramps, every 4th code, whose levels step in lightness: gray, green, a night-sky blue (whose
        // lightness the eye's luminance channel sees less: S-CIELAB's O1 weighs Z negatively), and the model's score at
        // `width` as a fraction of the lightness step.
        let ramps: [([Int], [Int], Double)] = [
            ([96, 96, 96], [160, 160, 160], 0.68), ([0, 120, 0], [0, 184, 0], 1.01), ([10, 20, 60], [42, 60, 156], 0.42),
        ]
        for (a, b, expected) in ramps {
            let wide = try Self.staircase(a, b, codes: 4, width: width)
            let narrow = try [4, 6].map { try Self.staircase(a, b, codes: 4, width: $0) }.max()!
            if Self.printing {
                let row = try [4, 6, 8, 12, 16, 24, 32].map {
                    String(format: "%3d: %.2f", $0, try Self.staircase(a, b, codes: 4, width: $0))
                }
                print("\(a) → \(b), every 4th code: score / lightness step at band width", row.joined(separator: "  "))
            }
            #expect(abs(wide - expected) < 0.03, "\(a) → \(b): \(wide)")
            #expect(narrow >= 0.19 && narrow <= 0.35 && narrow < wide, "\(a) → \(b): \(narrow)")
        }
        // A light sky-blue ramp whose one-code steps are mostly chroma (ΔE00 0.5–0.6): the model scores it far below its
        // ΔE00 step at any width, as it blurs color more than lightness.
        let sky = try [12, 16, 24, 32].map { try Self.staircase([200, 216, 255], [200, 247, 255], width: $0, lightness: false) }
        if Self.printing { print("sky, one code: score / ΔE00 step at 12, 16, 24, 32 px:", sky.map { String(format: "%.2f", $0) }) }
        #expect(sky.allSatisfy { $0 >= 0.24 && $0 <= 0.41 }, "\(sky)")
    }
}
