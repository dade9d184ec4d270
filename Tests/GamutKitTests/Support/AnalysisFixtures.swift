import Foundation
import GamutKit

/// Images with known answers for the analyzer, made in code.
enum AnalysisFixtures {
    /// A 16-bit image of `rows` identical rows, each pixel given by `color(x)` (encoded 0…1, 3 or 4 channels).
    static func image(width: Int, rows: Int, profile: ColorProfile, alpha: Bool = false, _ color: (Int) -> [Double]) -> Image {
        let channels = alpha ? 4 : 3
        var samples = [UInt16](repeating: 0, count: width * rows * channels)
        for x in 0..<width {
            let value = color(x).map { UInt16(($0 * 65535).rounded()) }
            for y in 0..<rows { for c in 0..<channels { samples[(y * width + x) * channels + c] = value[c] } }
        }
        let pixels = try! PixelBuffer(width: width, height: rows, layout: alpha ? .rgba : .rgb, samples: samples)
        return Image(pixels: pixels, profile: profile)
    }

    /// The Display P3 ramp from red (1, 0, 0) to white, encoded values (1, t, t), t = x / (width − 1).
    static func redRamp(width: Int = 1024, rows: Int = 4) -> Image {
        image(width: width, rows: rows, profile: .displayP3) { x in
            let t = Double(x) / Double(width - 1)
            return [1, t, t]
        }
    }

    /// Two Display P3 greens ≈ 1.9 ΔE00 apart that clip to nearly the same sRGB color, side by side.
    static func twoGreens(in profile: ColorProfile = .displayP3, width: Int = 64) -> Image {
        image(width: width, rows: 32, profile: profile) { x in x < width / 2 ? [0, 1, 0] : [0.1, 0.98, 0.15] }
    }
}
