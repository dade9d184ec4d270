import Foundation
import Testing
@testable import GamutKit

/// Banding in 8-bit images (``ImageAnalyzer/banding(in:settings:)``), on ramps ImageMagick drew and encoded, with the
/// Display P3 profile GamutKit exports attached by ImageMagick (`-profile`, which assigns a profile to an untagged image).
@Suite("Banding in 8-bit ramps")
struct BandingTests {
    /// ImageMagick's `convert` writing `draw` (its arguments before the output) as an 8-bit Display P3 PNG; nil where
    /// ImageMagick isn't installed (a failure in CI, see ``ExternalTool``).
    static func magick(_ draw: [String], name: String = "ramp.png") throws -> Image? {
        guard ExternalTool.available("convert") else { return nil }
        let folder = TestScratch.folder("banding-")
        let profile = folder + "/p3.icc"
        try Data(ColorProfile.displayP3.serialized()).write(to: URL(fileURLWithPath: profile))
        let path = folder + "/" + name
        try ExternalTool.run("convert", draw + ["-depth", "8", "-profile", profile, "PNG24:" + path])
        let image = try ImageFile.decode(ExternalTool.read(path), path: path)
        #expect(image.profile.name == ColorProfile.displayP3.name)
        #expect(image.pixels.format.sample == .uint8)
        return image
    }

    /// A dark teal P3 ramp (red 40, blue 120, green 40 → 120) top to bottom over `height` rows of `width` columns.
    static func ramp(width: Int = 32, height: Int = 512) -> [String] {
        ["-size", "\(width)x\(height)", "gradient:rgb(40,40,120)-rgb(40,120,120)"]
    }

    /// ImageMagick's posterizing of every channel to multiples of 5 codes (17 levels of green in the ramp), as a palette
    /// optimizer without dither leaves a ramp.
    static let posterize = ["-fx", "floor(u*51+0.5)/51"]

    /// The lightness part of ΔE00 (D50) between two 8-bit Display P3 codes, computed without GamutKit's color pipeline:
    /// CSS Color 4's exact P3 → XYZ (D65) matrix (``ExactReference``), CSS Color 4's Bradford D65 → D50 matrix (sample
    /// code, `D65_to_D50`), CIE 15:2004's L* with the ICC's D50 white, and ΔL′ / S_L as Sharma, Wu and Dalal give it
    /// ("The CIEDE2000 color-difference formula", Color Res. Appl. 30, 2005, eq. 7–8 and 16: L′ = L*).
    static func referenceStep(_ a: [Int], _ b: [Int]) -> Double {
        let bradford: [[Double]] = [
            [1.0479298208405488, 0.022946793341019088, -0.05019222954313557],
            [0.029627815688159344, 0.990434484573249, -0.01707382502938514],
            [-0.009243058152591178, 0.015055144896577895, 0.7518742899580008],
        ]
        func lab(_ code: [Int]) -> Lab {
            let linear = code.map { ExactReference.decode(Double($0) / 255) }
            let xyz = ExactReference.multiply(bradford, ExactReference.multiply(ExactReference.p3ToXYZ, linear))
            let white = [0.9642, 1.0, 0.8249]
            let f = (0..<3).map { i -> Double in
                let t = xyz[i] / white[i]
                return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116
            }
            return Lab(l: 116 * f[1] - 16, a: 500 * (f[0] - f[1]), b: 200 * (f[1] - f[2]))
        }
        let (l1, l2) = (lab(a).l, lab(b).l)
        let mean = (l1 + l2) / 2
        let sL = 1 + 0.015 * (mean - 50) * (mean - 50) / (20 + (mean - 50) * (mean - 50)).squareRoot()
        return abs(l2 - l1) / sL
    }

    @Test("ImageMagick's posterized 8-bit P3 ramp bands: 30 px bands, lightness steps ≥ 1.0 as the reference computes them")
    func posterizedRampBands() throws {
        guard let image = try Self.magick(Self.ramp() + Self.posterize) else { return }
        let banding = try #require(try ImageAnalyzer.banding(in: image))
        #expect(banding.direction == .columns)
        #expect(banding.lines == 32)
        #expect(banding.regions == 1)
        // The green codes down column 0, and the band edges between neighboring levels 16 px wide or more.
        let greens = (0..<512).map { image.pixels.integer(x: 0, y: $0, channel: 1) }
        var runs: [(code: Int, start: Int, length: Int)] = []
        for (y, g) in greens.enumerated() {
            if runs.last?.code == g { runs[runs.count - 1].length += 1 } else { runs.append((g, y, 1)) }
        }
        #expect(runs.map(\.code) == Array(Swift.stride(from: 40, through: 120, by: 5)))
        // Toward the light end the reference's lightness steps fall under 1.0; those edges aren't counted.
        let edges = zip(runs, runs.dropFirst()).filter {
            $0.length >= 16 && $1.length >= 16 && Self.referenceStep([40, $0.code, 120], [40, $1.code, 120]) >= 1.0
        }
        let steps = edges.map { Self.referenceStep([40, $0.code, 120], [40, $1.code, 120]) }.sorted()
        #expect(banding.edges == edges.count)
        #expect(banding.edges >= 12 && steps.last! > 1.5)
        #expect(abs(banding.largestStep - steps.last!) < 0.01)
        let median = steps.count % 2 == 1 ? steps[steps.count / 2] : (steps[steps.count / 2 - 1] + steps[steps.count / 2]) / 2
        #expect(abs(banding.medianStep - median) < 0.01)
        #expect(banding.narrowestBand == edges.flatMap { [$0.length, $1.length] }.min())
        // The region runs from the first counted edge's upper band to the last one's lower band, across every column.
        let top = edges.first!.0.start, bottom = edges.last!.1.start + edges.last!.1.length
        #expect(banding.region == PixelRect(x: 0, y: top, width: 32, height: bottom - top))
        #expect(bottom - top >= 400)
    }

    @Test("The same ramp at every 8-bit level, and dithered from 16 bits by ImageMagick, has no bands")
    func fullLevelsAndDither() throws {
        guard let full = try Self.magick(Self.ramp()),
            let dithered = try Self.magick(["-depth", "16"] + Self.ramp() + ["-ordered-dither", "o8x8,52"])
        else { return }
        // Every level from 40 to 120, one code apart: steps of lightness far under bandingStep.
        #expect(Set((0..<512).map { full.pixels.integer(x: 0, y: $0, channel: 1) }) == Set(40...120))
        #expect(try ImageAnalyzer.banding(in: full) == nil)
        // ImageMagick's ordered dither of the 16-bit ramp to the posterized ramp's levels (multiples of 5 codes): the
        // levels are mixed in a pattern, and no band is left.
        let levels = Set((0..<512).map { dithered.pixels.integer(x: 0, y: $0, channel: 1) })
        #expect(levels.allSatisfy { $0 % 5 == 0 } && levels.count >= 15)
        #expect(try ImageAnalyzer.banding(in: dithered) == nil)
    }

    @Test("One-code steps band only when bandingStep is lowered under them")
    func oneCodeStepsUnderTheStep() throws {
        guard let image = try Self.magick(["-size", "32x512", "gradient:rgb(100,100,100)-rgb(123,123,123)"]) else { return }
        #expect(try ImageAnalyzer.banding(in: image) == nil)
        var settings = AnalysisSettings()
        settings.bandingStep = 0.3
        let lowered = try #require(try ImageAnalyzer.banding(in: image, settings: settings))
        #expect(lowered.largestStep < 0.41 && lowered.medianStep > 0.3)
    }

    @Test("Bands 8 px wide are blended by the eye: not counted at the default width, counted at 4")
    func narrowBands() throws {
        guard let image = try Self.magick(Self.ramp(height: 128) + Self.posterize) else { return }
        #expect(try ImageAnalyzer.banding(in: image) == nil)
        var settings = AnalysisSettings()
        settings.bandingMinimumWidth = 4
        let banding = try #require(try ImageAnalyzer.banding(in: image, settings: settings))
        #expect(banding.lines == 32 && banding.region.height >= 110 && (4...8).contains(banding.narrowestBand))
    }

    @Test("Flat art, an antialiased circle and a noisy ramp hold no banding")
    func flatArtAndNoise() throws {
        guard
            let circle = try Self.magick([
                "-size", "256x256", "xc:rgb(20,120,220)", "-fill", "rgb(250,60,40)", "-draw", "circle 128,128 128,40",
            ]),
            let noisy = try Self.magick(Self.ramp() + Self.posterize + ["-attenuate", "0.6", "+noise", "Gaussian"])
        else { return }
        #expect(try ImageAnalyzer.banding(in: circle) == nil)
        #expect(try ImageAnalyzer.banding(in: noisy) == nil)
    }

    @Test("A ramp three rows tall is a stroke, not an area: no banding below gradientMinimumLines")
    func strokeIsNotAnArea() throws {
        guard
            let image = try Self.magick(
                ["-size", "512x32", "xc:rgb(40,40,120)", "("] + Self.ramp(width: 3) + Self.posterize
                    + ["-rotate", "-90", ")", "-geometry", "+0+10", "-composite"])
        else { return }
        #expect(image.width == 512 && image.height == 32)
        #expect(try ImageAnalyzer.banding(in: image) == nil)
        var settings = AnalysisSettings()
        settings.gradientMinimumLines = 3
        let banding = try #require(try ImageAnalyzer.banding(in: image, settings: settings))
        #expect(banding.direction == .rows && banding.lines == 3 && banding.region.y == 10 && banding.region.height == 3)
        #expect(banding.region.width >= 450)
    }

    @Test("Transparent pixels end a ramp, and 16-bit images have no banding measured")
    func transparencyAndFormats() throws {
        // The posterized ramp along 512 columns of 8 rows (bands of 32 px), with a transparent pixel every 64 columns.
        func samples<T: BinaryInteger>(_ scale: Int) -> [T] {
            (0..<8).flatMap { _ in
                (0..<512).flatMap { x -> [T] in [40, 40 + 5 * (x / 32), 120, x % 64 == 0 ? 0 : 255].map { T($0 * scale) } }
            }
        }
        let eight = Image(
            pixels: try PixelBuffer(width: 512, height: 8, layout: .rgba, samples: samples(1) as [UInt8]), profile: .displayP3)
        let sixteen = Image(
            pixels: try PixelBuffer(width: 512, height: 8, layout: .rgba, samples: samples(257) as [UInt16]), profile: .displayP3)
        #expect(try ImageAnalyzer.banding(in: sixteen) == nil)
        // Runs of 63 pixels between transparent ones hold two bands: one edge each, fewer than gradientMinimumSteps.
        #expect(try ImageAnalyzer.banding(in: eight) == nil)
        var settings = AnalysisSettings()
        settings.gradientMinimumSteps = 1
        let banding = try #require(try ImageAnalyzer.banding(in: eight, settings: settings))
        #expect(banding.lines == 8 && banding.edges == 1)
    }

    @Test("The rule's example, as GamutKit writes it: lightness steps up to 1.5 (median 1.3), as its summary says")
    func ruleExample() throws {
        let path = TestScratch.folder("banding-example-") + "/ramp.png"
        try ExampleFiles.posterizedRamp.write(to: path)
        let banding = try #require(try ImageAnalyzer.banding(in: ImageFile.read(contentsOf: path)))
        #expect(banding.largestStep > 1.4 && banding.largestStep < 1.5, "\(banding.largestStep)")
        #expect(abs(banding.medianStep - 1.3) < 0.05, "\(banding.medianStep)")
        #expect(banding.direction == .rows && banding.lines == 32 && banding.narrowestBand == 32)
    }

    @Test("Coarse steps (8 levels, 36 codes apart) are stripes, not a ramp: no banding")
    func coarseStepsAreStripes() throws {
        guard let image = try Self.magick(Self.ramp() + ["-posterize", "8"]) else { return }
        let levels = Set((0..<512).map { image.pixels.integer(x: 0, y: $0, channel: 1) })
        #expect(levels.count >= 3 && levels.count <= 8, "\(levels.sorted())")
        #expect(try ImageAnalyzer.banding(in: image) == nil)
    }

    @Test("A ramp that rises and falls (a glow) bands on both sides: the band at the turn begins the falling staircase")
    func turningRamp() throws {
        // Nine bands of 32 rows, green 90, 95, …, 110, …, 95, 90: four edges up and four down.
        let levels = [0, 1, 2, 3, 4, 3, 2, 1, 0]
        let samples: [UInt8] = (0..<(levels.count * 32)).flatMap { y in
            (0..<8).flatMap { _ in [40, UInt8(90 + 5 * levels[y / 32]), 120] }
        }
        let image = Image(
            pixels: try PixelBuffer(width: 8, height: levels.count * 32, layout: .rgb, samples: samples), profile: .displayP3)
        let banding = try #require(try ImageAnalyzer.banding(in: image))
        #expect(banding.regions == 2 && banding.edges == 4 && banding.lines == 8)
    }
}
