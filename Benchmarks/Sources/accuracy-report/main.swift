import BenchmarkFixtures
import CLittleCMS
import GamutKit

// How far LittleCMS's default (optimized) 16-bit Display P3 → sRGB transform is from GamutKit's exact
// path (itself within ±1 code of exact math, see TransformAccuracyTests) on the benchmark image,
// for all pixels and for pixels inside sRGB (judged by the unbounded float transform).
let image = Fixtures.p3Image16(noise: 32)
let exact = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16).convert(image)
var baseline = PixelBuffer(width: image.width, height: image.height, format: .rgb16)
LittleCMSBaseline(bits: 16).run(image, into: &baseline)
var exactFloat = PixelBuffer(width: image.width, height: image.height, format: .rgb16)
LittleCMSBaseline(bits: 16, flags: UInt32(cmsFLAGS_NOOPTIMIZE)).run(image, into: &exactFloat)
let unbounded = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .linearSRGB, format: .rgbFloat)

let a = exact.samples16, b = baseline.samples16, c = exactFloat.samples16, source = image.samples16
var worst = 0, worstInGamut = 0, inGamut = 0, inGamutOver64 = 0, worstNoOptimize = 0
var floats = [Double](repeating: 0, count: 3)
for pixel in stride(from: 0, to: image.width * image.height, by: 1) {
    let i = pixel * 3
    let error = (0..<3).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
    worstNoOptimize = max(worstNoOptimize, (0..<3).map { abs(Int(a[i + $0]) - Int(c[i + $0])) }.max()!)
    worst = max(worst, error)
    if pixel % 4 == 0 {  // the float check is slow; every 4th pixel is plenty
        floats = try unbounded.convert(samples: (0..<3).map { Double(source[i + $0]) / 65535 })
        if floats.allSatisfy({ $0 >= 0 && $0 <= 1 }) {
            inGamut += 1
            worstInGamut = max(worstInGamut, error)
            if error > 64 { inGamutOver64 += 1 }
        }
    }
}
print("LittleCMS default 16-bit vs GamutKit exact, 3840×2160 Display P3 → sRGB:")
print("  max difference, all pixels:        \(worst) codes")
print("  max difference, pixels inside sRGB: \(worstInGamut) codes (of \(inGamut) sampled in-gamut pixels, \(String(format: "%.1f", 100 * Double(inGamutOver64) / Double(max(inGamut, 1))))% off by more than 64)")
print("LittleCMS cmsFLAGS_NOOPTIMIZE 16-bit vs GamutKit exact: max difference \(worstNoOptimize) codes")
