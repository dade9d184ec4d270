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

    /// A Display P3 patchwork (deterministic for a seed): blocks of ramps at the red and green edges of sRGB, random
    /// colors, two alternating greens that collapse in sRGB, and an in-gamut ramp, with ±2 codes of noise; with `alpha`,
    /// every seventh diagonal is transparent. Exercises every part of the analysis: clipping, collapse, gradients, edges.
    static func patchwork(width: Int, height: Int, sixteenBit: Bool, alpha: Bool, seed: UInt64) -> Image {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let channels = alpha ? 4 : 3
        let maximum = sixteenBit ? 65535.0 : 255.0
        var values = [Double](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * channels
                let color: [Double]
                switch (x / 40 + y / 30) % 5 {
                case 0: color = [1, Double(x % 40) / 39, Double(y % 30) / 29]
                case 1: color = [0, 1, Double(x % 40) / 80]
                case 2: color = [Double(next() % 1000) / 999, Double(next() % 1000) / 999, Double(next() % 1000) / 999]
                case 3: color = x % 2 == 0 ? [0, 1, 0] : [0.1, 0.98, 0.15]
                default: color = [0.2, 0.3 + Double(y % 30) / 100, 1]
                }
                let noise = Double(Int(next() % 5) - 2) / maximum
                for c in 0..<3 { values[o + c] = min(1, max(0, color[c] + noise)) }
                if alpha { values[o + 3] = (x + y) % 7 == 0 ? 0 : 1 }
            }
        }
        let layout: PixelFormat.Layout = alpha ? .rgba : .rgb
        let pixels =
            sixteenBit
            ? try! PixelBuffer(width: width, height: height, layout: layout, samples: values.map { UInt16(($0 * 65535).rounded()) })
            : try! PixelBuffer(
                width: width, height: height, format: alpha ? .rgba8 : .rgb8, bytes: values.map { UInt8(($0 * 255).rounded()) })
        return Image(pixels: pixels, profile: .displayP3)
    }
}
