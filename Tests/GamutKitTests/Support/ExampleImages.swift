import Foundation
@testable import GamutKit

/// The example images bundled in `Examples/`, made by code so that they can be checked and regenerated.
enum ExampleImages {
    /// `Examples/p3-assets.png`: a 16-bit Display P3 image of 512×192 pixels —
    /// a ramp from P3 red (1, 0, 0) to white (rows 0–63), which leaves sRGB over most of its length;
    /// two P3 green swatches that differ visibly on a P3 display but clip to nearly the same sRGB color
    /// (rows 64–127, left and right halves); and a ramp from mid gray to P3 green (rows 128–191).
    /// It carries a `tEXt` title and a `pHYs` of 144 dpi.
    static func p3Assets() throws(GamutError) -> Image {
        let width = 512, height = 192
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        func put(_ x: Int, _ y: Int, _ rgb: (Double, Double, Double)) {
            let i = (y * width + x) * 3
            samples[i] = UInt16((rgb.0 * 65535).rounded())
            samples[i + 1] = UInt16((rgb.1 * 65535).rounded())
            samples[i + 2] = UInt16((rgb.2 * 65535).rounded())
        }
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x) / Double(width - 1)
                switch y {
                case 0..<64: put(x, y, (1, t, t))
                case 64..<128: put(x, y, x < width / 2 ? (0.0, 1.0, 0.0) : (0.25, 1.0, 0.1))
                default: put(x, y, (0.5 * (1 - t), 0.5 + 0.5 * t, 0.5 * (1 - t)))
                }
            }
        }
        let pixels = try PixelBuffer(width: width, height: height, layout: .rgb, samples: samples)
        let metadata = PNGMetadata(
            texts: [.init(keyword: "Title", text: "GamutKit example: Display P3 ramps and swatches")],
            physicalDimensions: .init(pixelsPerUnitX: 5669, pixelsPerUnitY: 5669, unitIsMetre: true))
        return Image(pixels: pixels, profile: .displayP3, colorSource: .cicp(primaries: 12, transfer: 13), metadata: metadata)
    }
}
