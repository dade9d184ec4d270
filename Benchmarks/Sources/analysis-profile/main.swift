import BenchmarkFixtures
import Foundation
import GamutKit

// Runs the full analysis of the benchmark image once, for profilers (perf, valgrind), and prints its time.
let image = Image(pixels: Fixtures.p3Image16(noise: 2), profile: .displayP3)
let start = Date()
let output = try ImageAnalyzer.analyze(image, threads: CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) : nil)
print(String(format: "%.0f ms", Date().timeIntervalSince(start) * 1000), output.analysis.outOfGamutPercent, "% out of gamut,",
      output.analysis.collapseGroups.count, "collapse groups,", output.analysis.clippingGradients.count, "gradient regions")
