import Benchmark
import BenchmarkFixtures
import Foundation
import GamutKit

// Display P3 → sRGB on a 3840×2160 image: GamutKit's exact path against LittleCMS's default
// (inaccurate at 16 bits) in the same run, at 16 and 8 bits, on one and on all cores; PNG decode (and libspng's) and
// encode of the image; and the whole `gamut-check convert` pipeline in memory.
let benchmarks: @Sendable () -> Void = {
    let pixels = Fixtures.width * Fixtures.height
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .cpuTotal, .mallocCountTotal],
        timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one,
        maxDuration: .seconds(8), maxIterations: 12)
    Benchmark.defaultConfiguration = configuration

    let image16 = Fixtures.p3Image16()
    let image8 = Fixtures.p3Image8(from: image16)
    let png = try! Fixtures.p3PNG(image16)
    let exact16 = try! ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16)
    let exact8 = try! ColorTransform(from: .displayP3, format: .rgb8, to: .sRGB, format: .rgb8)
    let lcms16 = LittleCMSBaseline(bits: 16)
    let lcms8 = LittleCMSBaseline(bits: 8)
    let out16 = Scratch(PixelBuffer(width: Fixtures.width, height: Fixtures.height, format: .rgb16))
    let out8 = Scratch(PixelBuffer(width: Fixtures.width, height: Fixtures.height, format: .rgb8))
    _ = pixels

    Benchmark("16-bit P3→sRGB: GamutKit exact, 1 core") { benchmark in
        for _ in benchmark.scaledIterations { try exact16.convert(image16, into: &out16.buffer, threads: 1) }
    }
    Benchmark("16-bit P3→sRGB: GamutKit exact, all cores") { benchmark in
        for _ in benchmark.scaledIterations { try exact16.convert(image16, into: &out16.buffer) }
    }
    Benchmark("16-bit P3→sRGB: LittleCMS default (raw C), 1 core") { benchmark in
        for _ in benchmark.scaledIterations { lcms16.run(image16, into: &out16.buffer) }
    }
    Benchmark("8-bit P3→sRGB: GamutKit exact, 1 core") { benchmark in
        for _ in benchmark.scaledIterations { try exact8.convert(image8, into: &out8.buffer, threads: 1) }
    }
    Benchmark("8-bit P3→sRGB: LittleCMS default (raw C), 1 core") { benchmark in
        for _ in benchmark.scaledIterations { lcms8.run(image8, into: &out8.buffer) }
    }
    Benchmark("PNG decode, 3840×2160 16-bit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ImageFile.decode(png)) }
    }
    // The same with every row decoded by libspng (GamutKit's own row decoder, ISA-L's inflate and its filter kernel,
    // switched off), for the ratio.
    Benchmark("PNG decode, 3840×2160 16-bit, rows by libspng") { benchmark in
        var options = ImageFile.DecodingOptions()
        options.rowsByLibspng = true
        for _ in benchmark.scaledIterations { blackHole(try ImageFile.decode(png, options: options)) }
    }
    // What a JPEG or TIFF decode adds for a portrait photo's orientation tag (6: turned 90° clockwise for display).
    Benchmark("Orientation 6 applied, 3840×2160 16-bit RGB") { benchmark in
        var image = Image(pixels: image16, profile: .displayP3)
        image.orientation = .right
        for _ in benchmark.scaledIterations { blackHole(image.applyingOrientation()) }
    }
    Benchmark("PNG encode, 3840×2160 16-bit") { benchmark in
        let image = Image(pixels: image16, profile: .displayP3)
        for _ in benchmark.scaledIterations { blackHole(try ImageFile.encode(image, as: .png)) }
    }
    Benchmark("convert, whole image in memory: decode, P3→sRGB 16-bit, encode") { benchmark in
        for _ in benchmark.scaledIterations {
            let decoded = try ImageFile.decode(png)
            blackHole(try ImageFile.encode(try decoded.converted(to: .sRGB), as: .png))
        }
    }
    // The input is written when this benchmark starts and its folder removed when it ends: the registration above runs
    // in every process package-benchmark starts, and a folder made there was left behind by each of them.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gamutkit-bench-\(UUID().uuidString)")
    let inputPath = directory.appendingPathComponent("p3.png").path
    Benchmark(
        "convert file → file, streamed (what gamut-check convert runs)",
        closure: { benchmark in
            let settings = ImageConversion.Settings(profile: .sRGB)
            for _ in benchmark.scaledIterations {
                blackHole(
                    try ImageConversion.convert(file: inputPath, to: directory.appendingPathComponent("srgb.png").path, settings: settings))
            }
        },
        setup: {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(png).write(to: URL(fileURLWithPath: inputPath))
        },
        teardown: { try? FileManager.default.removeItem(at: directory) })
}
