import BenchmarkFixtures
import Foundation
import GamutKit

// Decodes and analyzes the 4K benchmark image for each noise level given (default 0 2 32), printing
// both times (best of 5) — the analyzer's target is to take no longer than the decode — and runs
// once more for profilers.
let noises = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for noise in noises.isEmpty ? [0, 2, 32] : noises {
    let pixels = Fixtures.p3Image16(noise: noise)
    let png = try Fixtures.p3PNG(pixels)
    func best(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let start = Date()
            try body()
            times.append(Date().timeIntervalSince(start) * 1000)
        }
        return times.min()!
    }
    var image: Image?
    let decode = try best { image = try ImageFile.decode(png) }
    var analysis: ImageAnalysis?
    let analyze = try best { analysis = try ImageAnalyzer.analyze(image!).analysis }
    print(String(format: "noise ±%-2d  decode %4.0f ms  analysis %4.0f ms  (%.2f× decode)  %.1f%% out of gamut, %d collapse, %d gradient regions",
                 noise, decode, analyze, analyze / decode, analysis!.outOfGamutPercent, analysis!.collapseGroups.count,
                 analysis!.clippingGradients.count))
}

// The same pixels tagged sRGB: nothing is out of gamut, so this is the cost of the base pass alone.
let inGamut = Image(pixels: Fixtures.p3Image16(noise: 2), profile: .sRGB)
var baseTimes: [Double] = []
for _ in 0..<5 {
    let start = Date()
    _ = try ImageAnalyzer.analyze(inGamut)
    baseTimes.append(Date().timeIntervalSince(start) * 1000)
}
print(String(format: "same pixels tagged sRGB (nothing out of gamut): analysis %.0f ms", baseTimes.min()!))
