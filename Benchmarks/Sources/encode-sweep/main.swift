import BenchmarkFixtures
import Foundation
import GamutKit

// Prints encode time and size of the benchmark image for each compression level and filter choice,
// to choose GamutKit's defaults.
let image = Image(pixels: Fixtures.p3Image16(), profile: .displayP3)
for level in [1, 2, 3, 4, 6] {
    for filters in PNG.Filters.allCases {
        var options = PNG.EncodingOptions()
        options.compressionLevel = level
        options.filters = filters
        let start = Date()
        let bytes = try ImageFile.encode(image, as: .png, options: { var o = ImageFile.EncodingOptions(); o.png = options; return o }())
        print(String(format: "level %d %-8@ %6.0f ms %6.1f MB", level, filters.rawValue, Date().timeIntervalSince(start) * 1000, Double(bytes.count) / 1e6))
    }
}
