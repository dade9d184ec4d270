import Benchmark
import BenchmarkFixtures
import Foundation
import GamutKit

// Auditing a large asset catalog (target: under 10 s on 2 cores): 2,000 colorsets with appearances and
// 300 16-bit 1024×1024 images, generated once into the temporary folder (see CatalogFixture).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
        scalingFactor: .one, maxDuration: .seconds(60), maxIterations: 3)

    let catalog = try! CatalogFixture.path()
    let pngs = (0..<CatalogFixture.images).map { catalog + "/Image\($0).imageset/image.png" }

    Benchmark("Catalog audit, 2,000 colorsets + 300 16-bit 1024² images, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CatalogAuditor.audit([catalog])) }
    }
    Benchmark(
        "Fix plan for the catalog (sRGB variants for colorsets and images, preserve-separation), all cores",
        configuration: .init(maxIterations: 1)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CatalogFixer.plan(catalog)) }
    }
    // What fix --write does besides writing: the plan's new images converted (decoded, gamut-mapped, PNG-encoded), as
    // many at once as cores, as CatalogFix.apply() converts them.
    Benchmark(
        "Fix: converting the plan's new sRGB images (100, preserve-separation, 16-bit PNG), all cores",
        configuration: .init(maxIterations: 1)
    ) { benchmark in
        let created = try CatalogFixer.plan(catalog).changes.filter { $0.kind == .created }
        precondition(created.count == 100, "the fixture's plan changed: \(created.count) new images")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: created.count) { i in blackHole(try? created[i].contents()) }
        }
    }
    // A rerun with nothing changed: every image's analysis comes from the cache (emptied, then filled before the
    // measurement), so what is left is reading and hashing the files, the color sets, and the rules.
    let cacheFolder = NSTemporaryDirectory() + "gamutkit-benchmark-analysis-cache"
    func emptyCache() -> String {
        try? FileManager.default.removeItem(atPath: cacheFolder)
        return cacheFolder
    }
    Benchmark("Catalog audit from a full analysis cache (a rerun, nothing changed), all cores") { benchmark in
        let cache = emptyCache()
        _ = try CatalogAuditor.audit([catalog], cacheDirectory: cache)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try CatalogAuditor.audit([catalog], cacheDirectory: cache)) }
    }
    Benchmark("Fix plan from a full analysis cache (a rerun, nothing changed), all cores") { benchmark in
        var options = CatalogFixer.Options()
        options.cacheDirectory = emptyCache()
        _ = try CatalogFixer.plan(catalog, options: options)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try CatalogFixer.plan(catalog, options: options)) }
    }
    Benchmark("Decoding the catalog's 300 PNGs, all cores (for scale)") { benchmark in
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: pngs.count) { i in blackHole(try? ImageFile.read(contentsOf: pngs[i])) }
        }
    }
}
