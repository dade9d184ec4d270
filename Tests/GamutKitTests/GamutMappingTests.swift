import Foundation
@testable import GamutKit
import Testing

/// OKLab and the gamut-mapping strategies.
@Suite("Gamut mapping")
struct GamutMappingTests {
    /// Björn Ottosson, "A perceptual color space for image processing" (2020), table "Table of example
    /// XYZ and OKLab pairs" (D65 XYZ → OKLab, published to 3 decimals).
    static let ottosson: [([Double], [Double])] = [
        ([0.950, 1.000, 1.089], [1.000, 0.000, 0.000]),
        ([1.000, 0.000, 0.000], [0.450, 1.236, -0.019]),
        ([0.000, 1.000, 0.000], [0.922, -0.671, 0.263]),
        ([0.000, 0.000, 1.000], [0.153, -1.415, -0.449]),
    ]

    @Test("OKLab matches Ottosson's published table, and round-trips")
    func oklabTable() {
        for (xyz, expected) in Self.ottosson {
            let lab = OKLab(xyzD65: xyz)
            #expect(abs(lab.l - expected[0]) <= 0.0011, "L of \(xyz): \(lab.l)")
            #expect(abs(lab.a - expected[1]) <= 0.0011, "a of \(xyz): \(lab.a)")
            #expect(abs(lab.b - expected[2]) <= 0.0011, "b of \(xyz): \(lab.b)")
            let back = lab.xyzD65
            for k in 0..<3 { #expect(abs(back[k] - xyz[k]) < 1e-9) }
        }
    }

    /// The spec's algorithm transcribed independently of the library: Ottosson's linear-sRGB → LMS matrix
    /// (no XYZ step), the linear P3 → linear sRGB matrix of CSS Color 4's sample code, and §13.2.2's steps.
    enum Reference {
        static let p3ToSRGB = [[1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0], [-0.0196376, -0.0786361, 1.0982735]]
        static func mul(_ m: [[Double]], _ v: [Double]) -> [Double] { m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] } }
        static func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        static func enc(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        static func oklab(linearSRGB c: [Double]) -> [Double] {
            let lms = mul(
                [
                    [0.4122214708, 0.5363325363, 0.0514459929], [0.2119034982, 0.6806995451, 0.1073969566],
                    [0.0883024619, 0.2817188376, 0.6299787005],
                ], c
            ).map { cbrt($0) }
            return mul(
                [
                    [0.2104542553, 0.7936177850, -0.0040720468], [1.9779984951, -2.4285922050, 0.4505937099],
                    [0.0259040371, 0.7827717662, -0.8086757660],
                ], lms)
        }
        static func linearSRGB(oklab: [Double]) -> [Double] {
            let lms = mul(
                [[1, 0.3963377774, 0.2158037573], [1, -0.1055613458, -0.0638541728], [1, -0.0894841775, -1.2914855480]],
                oklab
            ).map { $0 * $0 * $0 }
            return mul(
                [
                    [4.0767416621, -3.3077115913, 0.2309699292], [-1.2684380046, 2.6097574011, -0.3413193965],
                    [-0.0041960863, -0.7034186147, 1.7076147010],
                ], lms)
        }
        static func dE(_ x: [Double], _ y: [Double]) -> Double { sqrt(zip(x, y).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)) }
        static func mapP3(_ p3: [Double]) -> [Double] {
            let origin = oklab(linearSRGB: mul(p3ToSRGB, p3.map(lin)))
            let l = origin[0], c = hypot(origin[1], origin[2]), h = atan2(origin[2], origin[1])
            if l >= 1 { return [1, 1, 1] }
            if l <= 0 { return [0, 0, 0] }
            func inGamut(_ rgb: [Double]) -> Bool { rgb.allSatisfy { $0 >= -1e-6 && $0 <= 1 + 1e-6 } }
            func clip(_ rgb: [Double]) -> [Double] { rgb.map { enc(min(max($0, 0), 1)) } }
            func at(_ chroma: Double) -> [Double] { [l, chroma * cos(h), chroma * sin(h)] }
            if inGamut(linearSRGB(oklab: origin)) { return clip(linearSRGB(oklab: origin)) }
            var clipped = clip(linearSRGB(oklab: origin))
            if dE(oklab(linearSRGB: clipped.map(lin)), origin) < 0.02 { return clipped }
            var low = 0.0, high = c, lowInGamut = true
            while high - low > 0.0001 {
                let chroma = (low + high) / 2
                let current = at(chroma)
                if lowInGamut && inGamut(linearSRGB(oklab: current)) { low = chroma; continue }
                clipped = clip(linearSRGB(oklab: current))
                let e = dE(oklab(linearSRGB: clipped.map(lin)), current)
                if e < 0.02 {
                    if 0.02 - e < 0.0001 { return clipped }
                    lowInGamut = false
                    low = chroma
                } else {
                    high = chroma
                }
            }
            return clipped
        }
    }

    @Test("CSS Color 4 mapping agrees with an independent transcription of the spec's algorithm")
    func cssMatchesReference() throws {
        let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
        var generator = SystemRandomNumberGenerator()
        var samples: [[Double]] = [
            [0, 1, 0], [1, 0, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 1], [0.2, 0.9, 0.3], [0.95, 0.3, 0.1], [0.5, 0.5, 0.5],
        ]
        for _ in 0..<300 { samples.append((0..<3).map { _ in Double.random(in: 0...1, using: &generator) }) }
        var worst = 0.0
        for p3 in samples {
            let ours = mapper.map(p3, mapping: .css)
            let reference = Reference.mapP3(p3)
            let difference = OKLab.difference(mapper.targetOKLab(ours), mapper.targetOKLab(reference))
            worst = max(worst, difference)
            #expect(difference < 0.002, "\(p3): \(ours) vs \(reference)")
            #expect(ours.allSatisfy { (0...1).contains($0) })
        }
        // P3 green: chroma is reduced at nearly constant lightness and hue, unlike clipping.
        let green = mapper.sourceOKLab([0, 1, 0]).lch
        let css = mapper.targetOKLab(mapper.map([0, 1, 0], mapping: .css)).lch
        let clipped = mapper.targetOKLab(mapper.map([0, 1, 0], mapping: .clip)).lch
        #expect(abs(css.l - green.l) < 0.02)
        #expect(abs(css.h - green.h) < abs(clipped.h - green.h) + 1)
        #expect(css.c < green.c)
    }

    @Test("Colors inside the target are kept by every strategy")
    func inGamutKept() throws {
        let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
        let sRGBToP3 = try GamutMapper(source: .sRGB, target: .displayP3)
        for srgb in [[0.2, 0.4, 0.6], [0.9, 0.1, 0.1], [0.5, 0.5, 0.5]] {
            let p3 = sRGBToP3.map(srgb, mapping: .clip)
            for mapping in GamutMapping.allCases {
                let back = mapper.map(group: [p3], mapping: mapping)[0]
                for k in 0..<3 { #expect(abs(back[k] - srgb[k]) < 1e-6, "\(mapping) \(srgb) → \(back)") }
            }
        }
    }

    @Test("preserve-separation keeps pairs that collapse under CSS mapping apart, close to their CSS values")
    func preserveSeparation() throws {
        let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
        // Two P3 greens 3.6 ΔE00 apart that both leave sRGB (clipping shows them identically; CSS, 2.4 apart),
        // and a third 2.1 from the first (CSS: 0.8), which must keep its 2.1.
        let group = [[0.0, 1.0, 0.0], [0.0, 1.0, 0.25], [0.25, 1.0, 0.2]]
        let sourceDE = CIEDE2000.difference(Lab(xyzD50: mapper.sourceXYZ(group[0])), Lab(xyzD50: mapper.sourceXYZ(group[1])))
        let css = mapper.map(group: group, mapping: .css)
        let cssDE = CIEDE2000.difference(mapper.targetLab(css[0]), mapper.targetLab(css[1]))
        let kept = mapper.map(group: group, mapping: .preserveSeparation, separation: 3)
        let keptDE = CIEDE2000.difference(mapper.targetLab(kept[0]), mapper.targetLab(kept[1]))
        #expect(sourceDE > 3)
        #expect(cssDE < 3, "the CSS mapping brings them to \(cssDE)")
        #expect(keptDE >= 3, "preserve-separation keeps \(keptDE)")
        for (i, j) in [(0, 2), (1, 2)] {
            let source = CIEDE2000.difference(Lab(xyzD50: mapper.sourceXYZ(group[i])), Lab(xyzD50: mapper.sourceXYZ(group[j])))
            let shown = CIEDE2000.difference(mapper.targetLab(kept[i]), mapper.targetLab(kept[j]))
            #expect(shown >= min(3, source), "pair \(i),\(j): \(shown) < \(min(3, source))")
        }
        for i in 0..<3 {
            #expect(kept[i].allSatisfy { (0...1).contains($0) })
            let moved = CIEDE2000.difference(mapper.targetLab(kept[i]), mapper.targetLab(css[i]))
            #expect(moved < 4, "color \(i) moved \(moved) ΔE00 from its CSS mapping")
        }
    }

    @Test("preserve-separation on a large group: the same result on one core as on several, and the separation kept")
    func largeGroupThreads() throws {
        let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
        // 500 greens and cyans past sRGB (a pseudo-random sweep): over 100,000 pairs within reach, so their tests and
        // the first pass's ΔE00 run in several bands (the later passes', of the pairs whose colors moved, fewer).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let group = (0..<500).map { _ in [0.3 * next(), 0.85 + 0.15 * next(), 0.5 * next()] }
        let related: (Int, Int) -> Bool = { ($0 + $1) % 3 != 0 }
        let one = mapper.map(group: group, mapping: .preserveSeparation, separation: 2, related: related, threads: 1)
        let four = mapper.map(group: group, mapping: .preserveSeparation, separation: 2, related: related, threads: 4)
        #expect(one.count == 500 && zip(one, four).filter { $0 != $1 }.isEmpty, "results differ with four threads")
        #expect(one.allSatisfy { $0.allSatisfy { (0...1).contains($0) } })
        // The mapping moved colors apart: fewer related pairs closer than they must be than under CSS.
        let css = mapper.map(group: group, mapping: .css)
        let sources = group.map { Lab(xyzD50: mapper.sourceXYZ($0)) }
        func tooClose(_ mapped: [[Double]]) -> Int {
            let labs = mapped.map(mapper.targetLab)
            var count = 0
            for i in 0..<500 {
                for j in (i + 1)..<500 where related(i, j) {
                    let required = min(2, CIEDE2000.difference(sources[i], sources[j]))
                    if required > 0.05, CIEDE2000.difference(labs[i], labs[j]) < required - 1e-9 { count += 1 }
                }
            }
            return count
        }
        let (before, after) = (tooClose(css), tooClose(one))
        #expect(before > 1000 && after < before / 2, "\(before) pairs too close under CSS, \(after) after")
    }

    @Test("Profiles without a matrix/TRC model are refused with a typed error")
    func unsupported() throws {
        #expect(throws: GamutError.self) { try GamutMapper(source: .displayP3, target: .builtIn(.grayGamma22)) }
    }
}

@Suite("Gamut mapping of images")
struct ImageGamutMapTests {
    static func colorAt(_ image: Image, x: Int) -> [Double] { (0..<3).map { image.pixels.value(x: x, y: 0, channel: $0) } }

    @Test("css: out-of-gamut pixels are the CSS mapping of their value, in-gamut pixels match LittleCMS, alpha is kept")
    func cssImage() throws {
        let image = AnalysisFixtures.image(width: 256, rows: 2, profile: .displayP3, alpha: true) { x in
            let t = Double(x) / 255
            return [t, 1 - t * 0.5, 0.3 * t, Double(x % 7) / 6]
        }
        let mapped = try image.gamutMapped(to: .sRGB, mapping: .css, bitDepth: 16)
        let exact = try image.converted(to: .sRGB, bitDepth: 16)
        let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
        let simulation = try DisplaySimulation(source: .displayP3)
        var outside = 0
        for x in 0..<256 {
            let source = Self.colorAt(image, x: x)
            let ours = Self.colorAt(mapped, x: x)
            if simulation.evaluate(source).isOutOfGamut {
                outside += 1
                let expected = mapper.map(source, mapping: .css)
                for c in 0..<3 { #expect(abs(ours[c] - expected[c]) <= 1.0 / 65535, "x \(x)") }
            } else {
                for c in 0..<3 {
                    #expect(abs(mapped.pixels.integer(x: x, y: 0, channel: c) - exact.pixels.integer(x: x, y: 0, channel: c)) <= 2)
                }
            }
            #expect(mapped.pixels.integer(x: x, y: 1, channel: 3) == image.pixels.integer(x: x, y: 1, channel: 3))
        }
        #expect(outside > 100)
        #expect(mapped.profile === ColorProfile.sRGB)
    }

    @Test("preserve-separation: two P3 greens that collapse in sRGB stay apart in the mapped image")
    func preserveSeparationImage() throws {
        let image = AnalysisFixtures.image(width: 64, rows: 32, profile: .displayP3) { x in x < 32 ? [0, 1, 0] : [0, 1, 0.25] }
        var settings = AnalysisSettings()
        settings.collapseShown = 3
        let clip = try image.gamutMapped(to: .sRGB, mapping: .clip, bitDepth: 16)
        let css = try image.gamutMapped(to: .sRGB, mapping: .css, bitDepth: 16)
        let kept = try image.gamutMapped(to: .sRGB, mapping: .preserveSeparation, bitDepth: 16, separation: 3, settings: settings)
        let mapper = try GamutMapper(source: .sRGB, target: .sRGB)
        func separation(_ i: Image) -> Double {
            CIEDE2000.difference(
                Lab(xyzD50: mapper.sourceXYZ(Self.colorAt(i, x: 0))), Lab(xyzD50: mapper.sourceXYZ(Self.colorAt(i, x: 63))))
        }
        #expect(separation(clip) < 0.5)
        #expect(separation(css) < 3)
        #expect(separation(kept) >= 2.95, "kept \(separation(kept))")
        // The mapped image is inside sRGB and its analysis finds no collapse.
        let analysis = try ImageAnalyzer.analyze(kept, settings: settings).analysis
        #expect(analysis.outOfGamutPixels == 0)
    }

    @Test("Gray images and float buffers are refused for css with a typed error; clip converts anything")
    func refused() throws {
        let gray = Image(
            pixels: try PixelBuffer(width: 2, height: 1, layout: .gray, samples: [UInt8(0), 255]), profile: .builtIn(.grayGamma22))
        #expect(throws: GamutError.self) { try gray.gamutMapped(to: .sRGB, mapping: .css) }
        #expect(try gray.gamutMapped(to: .sRGB, mapping: .clip).profile === ColorProfile.sRGB)
    }
}
