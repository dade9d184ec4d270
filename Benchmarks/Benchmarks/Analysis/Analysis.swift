import Benchmark
import BenchmarkFixtures
import Foundation
import GamutKit

// The analyzer on the 3840×2160 16-bit Display P3 image (against decoding the same PNG, its target): on the decoded
// image, and on the PNG file as `gamut-check check` runs it (analysis on the rows as they are decoded, so decoding and
// analysis overlap), and on the same pixels tagged sRGB (inside the target, so only counted: what is left is the decode); the
// banding scan of the 8-bit pixels; and the collapse search on 100,000 colors (target: under 1 s).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1,
        scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 8)

    let pixels = Fixtures.p3Image16(noise: 2)
    let png = try! Fixtures.p3PNG(pixels)
    let image = Image(pixels: pixels, profile: .displayP3)
    let colors = Fixtures.colors(100_000)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gamutkit-analysis-benchmark.png")  // overwritten by each run
    try! Data(png).write(to: file)

    Benchmark("PNG decode, 3840×2160 16-bit (the analysis target)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageFile.decode(png)) }
    }
    Benchmark("Full analysis, 3840×2160 16-bit P3, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageAnalyzer.analyze(image)) }
    }
    Benchmark("PNG file decoded and analyzed as it decodes (check), 3840×2160 16-bit P3, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageAnalyzer.analyze(contentsOf: file.path)) }
    }
    // The same pixels tagged sRGB, checked against sRGB: no pixel can leave the target, so the pass only counts them.
    let srgbFile = FileManager.default.temporaryDirectory.appendingPathComponent("gamutkit-analysis-benchmark-srgb.png")
    try! ImageFile.write(Image(pixels: pixels, profile: .sRGB), to: srgbFile.path)
    Benchmark("PNG file decoded and analyzed as it decodes (check), 3840×2160 16-bit sRGB against sRGB, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageAnalyzer.analyze(contentsOf: srgbFile.path)) }
    }
    // What a catalog audit adds for an 8-bit P3 image: the banding scan (`p3-image-8-bit`), on one core as each image of
    // a catalog is, beside the full analysis of the same 8-bit pixels on one core.
    let image8 = Image(pixels: Fixtures.p3Image8(from: pixels), profile: .displayP3)
    Benchmark("Banding scan, 3840×2160 8-bit P3, one core") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageAnalyzer.banding(in: image8)) }
    }
    Benchmark("Full analysis, 3840×2160 8-bit P3, one core (for scale)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageAnalyzer.analyze(image8, threads: 1)) }
    }
    Benchmark("Collapse search, 100,000 P3 colors") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CollapseSearch.search(colors)) }
    }
}
