import Foundation
import Testing

@testable import GamutKit

/// An image whose source gamut lies inside the target's (sRGB checked against sRGB or Display P3) can't clip, collapse or
/// flatten, so the pipeline only counts its pixels (``AnalysisPipeline/countsOnly``). The result must be exactly what the
/// full pixel pass says: compared here with the pass run on every pixel (which keeping the cells forces).
@Suite("Analysis of images inside the target's gamut")
struct InsideTargetAnalysisTests {
    /// Which source/target pairs skip the pass: the source's corners must land inside the target with room to spare.
    @Test("The gamut test: sRGB inside sRGB and Display P3; P3 and Adobe RGB not inside sRGB; no room with no tolerance")
    func gamutTest() throws {
        func inside(_ source: ColorProfile, _ target: ColorProfile, tolerance: Double = 1e-4) throws -> Bool {
            var settings = AnalysisSettings()
            settings.gamutTolerance = tolerance
            return try PixelPass(format: .rgb16, width: 1, height: 1, profile: source, target: target, settings: settings).insideTarget
        }
        #expect(try inside(.sRGB, .sRGB))
        #expect(try inside(.sRGB, .displayP3))
        #expect(try inside(.displayP3, .displayP3))
        #expect(try inside(.linearSRGB, .sRGB))
        #expect(try !inside(.displayP3, .sRGB))
        #expect(try !inside(.adobeRGB, .sRGB))
        #expect(try !inside(.adobeRGB, .displayP3))  // Adobe RGB's green lies outside P3
        // Identical profiles leave single-precision rounding at the corners: without a tolerance to absorb it, the pass runs.
        #expect(try !inside(.sRGB, .sRGB, tolerance: 0))
        // The margin grows with the terms' size: corners inside by 5e-5, fine for unit-sized terms, not for terms of 100
        // that cancel (their single-precision products are off by ~1e-5).
        let tables: [[Float]] = [[0, 1], [0, 1], [0, 1]]
        #expect(PixelPass.staysInside(tables: tables, matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], tolerance: 1e-4))
        #expect(!PixelPass.staysInside(tables: tables, matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], tolerance: 0))
        let large: [[Float]] = [[100, 101], [100, 101], [0, 1]]
        #expect(!PixelPass.staysInside(tables: large, matrix: [1, -1, 0, 0, 0, 1, 0, 0, 1], tolerance: 1e-4))
        #expect(!PixelPass.staysInside(tables: [[0, .nan], [0, 1], [0, 1]], matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], tolerance: 1e-4))
        // Gray and CMYK sources have no matrix to test: always the full pass.
        #expect(
            try !PixelPass(format: .gray16, width: 1, height: 1, profile: .graySRGB, target: .sRGB, settings: AnalysisSettings())
                .insideTarget)
    }

    @Test("A P3 image whose samples stay in a box inside sRGB is only counted, with the full pass's analysis; one pixel out, and it is not")
    func samplesInsideTarget() throws {
        // Noise around mid gray (P3 0.35–0.65 per channel: inside sRGB), as P3 exports of sRGB-colored art hold.
        var rng = SplitMix64(seed: 5)
        var samples = (0..<(257 * 131 * 3)).map { _ in UInt16(Int.random(in: 22_937...42_598, using: &rng)) }
        func analyses(_ samples: [UInt16]) throws -> (inside: Bool, counted: ImageAnalysis, full: ImageAnalysis) {
            let image = Image(pixels: try PixelBuffer(width: 257, height: 131, layout: .rgb, samples: samples), profile: .displayP3)
            let ranges = try #require(ImageAnalyzer.sampleRanges(image))
            for c in 0..<3 {
                let channel: [Int] = stride(from: c, to: samples.count, by: 3).map { Int(samples[$0]) }
                #expect(ranges[c] == channel.min()!...channel.max()!)
            }
            let pass = try PixelPass(
                format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: .sRGB,
                settings: AnalysisSettings(), samples: { _ in ranges })
            let counted = try ImageAnalyzer.analyze(image, threads: 2).analysis
            let full = try AnalysisPipeline.analyze(
                image, pass: pass, target: ColorProfile.sRGB.name, includeClipMask: false, workers: 2, keepCells: true)
            return (pass.insideTarget, counted, full.analysis)
        }
        let inside = try analyses(samples)
        #expect(inside.inside)
        #expect(String(describing: inside.counted) == String(describing: inside.full))
        #expect(inside.counted.outOfGamutPixels == 0 && inside.counted.countedPixels == 257 * 131)
        // One pixel of P3 red: the box reaches outside sRGB, and the pass runs and finds it.
        samples[0...2] = [65_535, 0, 0]
        let outside = try analyses(samples)
        #expect(!outside.inside)
        #expect(outside.counted.outOfGamutPixels == 1 && String(describing: outside.counted) == String(describing: outside.full))
    }

    @Test(
        "The sample ranges are each color channel's smallest and largest sample, alpha left out, at any width",
        arguments: [(sixteenBit: false, alpha: false), (false, true), (true, false), (true, true)])
    func sampleRangesOfEveryLayout(sixteenBit: Bool, alpha: Bool) throws {
        var rng = SplitMix64(seed: 23)
        let maximum = sixteenBit ? 65_535 : 255, channels = alpha ? 4 : 3
        for width in [1, 5, 7, 8, 15, 16, 17, 33] {
            let height = 3
            // Each channel in its own band of codes, alpha spanning all of them: a range mixing channels shows.
            let samples = (0..<(width * height * channels)).map { i -> Int in
                let c = i % channels
                return c == 3
                    ? Int.random(in: 0...maximum, using: &rng) : Int.random(in: (c * maximum / 4)...((c + 1) * maximum / 4), using: &rng)
            }
            let layout: PixelFormat.Layout = alpha ? .rgba : .rgb
            let pixels =
                sixteenBit
                ? try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt16($0) })
                : try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt8($0) })
            let ranges = try #require(ImageAnalyzer.sampleRanges(Image(pixels: pixels, profile: .displayP3)))
            for c in 0..<3 {
                let channel = stride(from: c, to: samples.count, by: channels).map { samples[$0] }
                #expect(ranges[c] == channel.min()!...channel.max()!, "width \(width), channel \(c)")
            }
        }
    }

    @Test("The ranges are tested every 64 rows, and again only after they grew")
    func rangesAskedWhenGrown() throws {
        // 256 rows of mid gray; row 0 holds each channel's extremes, and row 150 widens the red range once more.
        var samples = [UInt16](repeating: 32_768, count: 16 * 256 * 3)
        samples[0...5] = [20_000, 21_000, 22_000, 40_000, 41_000, 42_000]
        samples[150 * 16 * 3] = 10_000
        let image = Image(pixels: try PixelBuffer(width: 16, height: 256, layout: .rgb, samples: samples), profile: .displayP3)
        var asked: [[ClosedRange<Int>]] = []
        let ranges = ImageAnalyzer.sampleRanges(image) { ranges in
            asked.append(ranges)
            return true
        }
        // At row 64 (after row 0's extremes) and at row 192 (after row 150's); not at row 128, where nothing had grown.
        #expect(asked == [[20_000...40_000, 21_000...41_000, 22_000...42_000], [10_000...40_000, 21_000...41_000, 22_000...42_000]])
        #expect(ranges == [10_000...40_000, 21_000...41_000, 22_000...42_000])
        // A test that fails stops the walk: no ranges.
        #expect(ImageAnalyzer.sampleRanges(image) { _ in false } == nil)
    }

    /// Noise over the whole code range (0 and the maximum included, so the pass lists edge pixels) with transparent pixels.
    static func image(width: Int, height: Int, sixteenBit: Bool, alpha: Bool, profile: ColorProfile, seed: UInt64) throws -> Image {
        var rng = SplitMix64(seed: seed)
        let channels = alpha ? 4 : 3, maximum = sixteenBit ? 65_535 : 255
        var samples = [Int](repeating: 0, count: width * height * channels)
        for i in 0..<width * height {
            for c in 0..<3 {
                let r = Int.random(in: 0..<8, using: &rng)
                samples[i * channels + c] = r == 0 ? 0 : r == 1 ? maximum : Int.random(in: 0...maximum, using: &rng)
            }
            if alpha { samples[i * channels + 3] = Int.random(in: 0..<5, using: &rng) == 0 ? 0 : maximum }
        }
        let layout: PixelFormat.Layout = alpha ? .rgba : .rgb
        let pixels =
            sixteenBit
            ? try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt16($0) })
            : try PixelBuffer(width: width, height: height, layout: layout, samples: samples.map { UInt8($0) })
        return Image(pixels: pixels, profile: profile)
    }

    @Test(
        "Counting only gives the full pass's analysis, in memory and streamed from a PNG",
        arguments: [
            (sixteenBit: true, alpha: false, target: "srgb"), (sixteenBit: false, alpha: true, target: "srgb"),
            (sixteenBit: true, alpha: true, target: "display-p3"),
        ])
    func sameAnalysis(sixteenBit: Bool, alpha: Bool, target name: String) throws {
        let target = name == "srgb" ? ColorProfile.sRGB : ColorProfile.displayP3
        let settings = AnalysisSettings()
        let image = try Self.image(width: 301, height: 157, sixteenBit: sixteenBit, alpha: alpha, profile: .sRGB, seed: 11)
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: target,
            settings: settings)
        #expect(pass.insideTarget)
        // The pipeline only counts, unless a clip mask or the cells are asked for.
        #expect(AnalysisPipeline(pass: pass, includeClipMask: false, workers: 2, streamed: false).countsOnly)
        #expect(!AnalysisPipeline(pass: pass, includeClipMask: true, workers: 2, streamed: false).countsOnly)
        #expect(!AnalysisPipeline(pass: pass, includeClipMask: false, workers: 2, streamed: false, keepCells: true).countsOnly)
        let workers = 2
        let counted = try AnalysisPipeline.analyze(image, pass: pass, target: target.name, includeClipMask: false, workers: workers)
        let full = try AnalysisPipeline.analyze(
            image, pass: pass, target: target.name, includeClipMask: false, workers: workers, keepCells: true)
        #expect(String(describing: counted.analysis) == String(describing: full.analysis))
        // The full pass listed edge pixels into cells (codes 0 and the maximum are everywhere), so it did run them.
        #expect(!(full.cells ?? []).isEmpty)
        // Counted independently: the pixels that are not transparent.
        let opaque =
            alpha
            ? (0..<image.height).reduce(0) { n, y in
                n + (0..<image.width).filter { image.pixels.integer(x: $0, y: y, channel: 3) != 0 }.count
            }
            : image.width * image.height
        #expect(counted.analysis.countedPixels == opaque && counted.analysis.outOfGamutPixels == 0)

        // Streamed from a PNG file: the same again.
        let path = TestScratch.folder("inside-target") + "/noise-\(sixteenBit)-\(alpha)-\(name).png"
        try ImageFile.write(image, to: path)
        let file = try #require(try PNGFile(path, maximumSize: 1 << 30))
        let streamedCounted = try #require(
            try AnalysisPipeline.analyzePNG(file, options: .init(), target: target, settings: settings, includeClipMask: false, threads: 2))
        let file2 = try #require(try PNGFile(path, maximumSize: 1 << 30))
        let streamedFull = try #require(
            try AnalysisPipeline.analyzePNG(
                file2, options: .init(), target: target, settings: settings, includeClipMask: false, threads: 2, keepCells: true))
        #expect(String(describing: streamedCounted.output.analysis) == String(describing: full.analysis))
        #expect(String(describing: streamedFull.output.analysis) == String(describing: full.analysis))
    }

    @Test("A P3 image against sRGB still runs the pass (and finds its clipping)")
    func outsideRunsThePass() throws {
        let image = try Self.image(width: 64, height: 64, sixteenBit: true, alpha: false, profile: .displayP3, seed: 3)
        let output = try ImageAnalyzer.analyze(image, target: .sRGB)
        #expect(output.analysis.outOfGamutPixels > 0 && output.analysis.countedPixels == 64 * 64)
    }
}
