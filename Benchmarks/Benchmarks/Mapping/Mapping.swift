import Benchmark
import BenchmarkFixtures
import Foundation
import GamutKit

// Gamut mapping a 3840×2160 16-bit Display P3 image into sRGB (noise ±2 codes), against the clipping
// conversion (LittleCMS's relative colorimetric transform, as `convert` does without --gamut-map) in the
// same run; and the accessibility checks of a catalog audit.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 1,
        scalingFactor: .one, maxDuration: .seconds(30), maxIterations: 5)

    let image = Image(pixels: Fixtures.p3Image16(noise: 2), profile: .displayP3)

    Benchmark("4K 16-bit P3 → sRGB, clip (LittleCMS), all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try image.gamutMapped(to: .sRGB, mapping: .clip, bitDepth: 16)) }
    }
    Benchmark("4K 16-bit P3 → sRGB, css mapping, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try image.gamutMapped(to: .sRGB, mapping: .css, bitDepth: 16)) }
    }
    Benchmark("4K 16-bit P3 → sRGB, preserve-separation, all cores") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try image.gamutMapped(to: .sRGB, mapping: .preserveSeparation, bitDepth: 16)) }
    }

    // 400 colorsets (light, dark, high contrast), 200 contrast pairs and 10 distinct groups of 8.
    let catalog = NSTemporaryDirectory() + "gamutkit-benchmark-accessibility-v1/A.xcassets"
    if !FileManager.default.fileExists(atPath: catalog + "/.gamut-check.json") {
        try! FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try! Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: catalog + "/Contents.json"))
        var generator = Xorshift(seed: 7)
        for i in 0..<400 {
            let entries = (0..<3).map { k -> String in
                let c = (0..<3).map { _ in String(format: "%.3f", Double(generator.next() % 1000) / 999) }
                let appearance = k == 1 ? #""appearances":[{"appearance":"luminosity","value":"dark"}],"#
                    : k == 2 ? #""appearances":[{"appearance":"contrast","value":"high"}],"# : ""
                return #"{\#(appearance)"color":{"color-space":"display-p3","components":{"alpha":"1.000","blue":"\#(c[2])","green":"\#(c[1])","red":"\#(c[0])"}},"idiom":"universal"}"#
            }
            let folder = catalog + "/C\(i).colorset"
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try! Data(#"{"colors":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#.utf8)
                .write(to: URL(fileURLWithPath: folder + "/Contents.json"))
        }
        let pairs = (0..<200).map { #"{"foreground":"C\#($0)","background":"C\#(399 - $0)"}"# }
        let groups = (0..<10).map { g in #"{"name":"g\#(g)","colors":[\#((0..<8).map { "\"C\(g * 8 + $0)\"" }.joined(separator: ","))]}"# }
        try! Data(#"{"contrast":[\#(pairs.joined(separator: ","))],"distinct":[\#(groups.joined(separator: ","))]}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog + "/.gamut-check.json"))
    }
    var withoutChecks = GamutPolicy()
    withoutChecks.settings.target = .sRGB
    Benchmark("Audit of 400 colorsets with 200 contrast pairs and 10 distinct groups of 8") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CatalogAuditor.audit([catalog])) }
    }
    Benchmark("Audit of the same 400 colorsets without the policy's pairs and groups (for scale)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try CatalogAuditor.audit([catalog], policy: withoutChecks)) }
    }
}

/// A small deterministic generator for the fixture.
struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
