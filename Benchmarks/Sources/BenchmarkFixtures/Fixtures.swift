import CLittleCMS
import Foundation
import GamutKit

/// The benchmark inputs, made by code: a 3840×2160 16-bit Display P3 image with smooth saturated
/// gradients (a quarter or so of it outside sRGB) and a little noise, like a rendered UI asset or photo.
public enum Fixtures {
    public static let width = 3840
    public static let height = 2160

    /// RGB, 16-bit, machine byte order; `noise` is the amplitude of the added noise in 16-bit codes (a power of two).
    public static func p3Image16(noise: Int = 32) -> PixelBuffer {
        let shift = UInt64(64 - (noise * 2).trailingZeroBitCount)
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        var state: UInt64 = 0x1234_5678
        samples.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let v = Double(y) / Double(height - 1)
                for x in 0..<width {
                    let u = Double(x) / Double(width - 1)
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let noise = noise == 0 ? 0 : Double(Int(state >> shift) - noise)
                    let hue = 6.2832 * u
                    let rgb = [0.5 + 0.5 * cos(hue), 0.5 + 0.5 * cos(hue - 2.0944), 0.5 + 0.5 * cos(hue + 2.0944)]
                    for c in 0..<3 {
                        let value = (rgb[c] * (1 - v) + v * 0.5) * 65535 + noise
                        out[(y * width + x) * 3 + c] = UInt16(min(max(value, 0), 65535))
                    }
                }
            }
        }
        return try! PixelBuffer(width: width, height: height, layout: .rgb, samples: samples)
    }

    /// The same image as 8-bit RGB.
    public static func p3Image8(from image16: PixelBuffer) -> PixelBuffer {
        let bytes = image16.samples16.map { UInt8(($0 &+ 128) >> 8 == 256 ? 255 : ($0 &+ 128) >> 8) }
        return try! PixelBuffer(width: width, height: height, format: .rgb8, bytes: bytes)
    }

    /// `count` seeded random Display P3 colors, a third of them clustered near saturated primaries
    /// (where collapses happen), for the collapse-search benchmark.
    public static func colors(_ count: Int) -> [NamedColor] {
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let primaries: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 1]]
        return (0..<count).map { i in
            let components: [Double]
            if i % 3 == 0 {
                components = primaries[i % 6].map { min(max($0 + (next() - 0.5) * 0.2, 0), 1) }
            } else {
                components = [next(), next(), next()]
            }
            return NamedColor(name: "c\(i)", profile: .displayP3, components: components)
        }
    }

    /// The image as a Display P3 PNG (iCCP + cICP), at GamutKit's default compression.
    public static func p3PNG(_ image16: PixelBuffer) throws -> [UInt8] {
        try ImageFile.encode(Image(pixels: image16, profile: .displayP3), as: .png)
    }
}

/// LittleCMS's own default transform (optimized: a 33³ CLUT at 16 bits, a matrix-shaper shortcut at 8),
/// called directly, for comparison in the same run.
///
/// `@unchecked Sendable`: `cmsDoTransform` is reentrant and the handles are never changed after init.
public final class LittleCMSBaseline: @unchecked Sendable {
    let transform: cmsHTRANSFORM

    /// Display P3 (GamutKit's ICC bytes) → LittleCMS's own sRGB, 8 or 16 bits per channel, default flags.
    public init(bits: Int, flags: UInt32 = 0) {
        let data = ColorProfile.displayP3.data
        let p3 = data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }!
        let srgb = cmsCreate_sRGBProfile()!
        let type = bits == 8 ? BENCH_TYPE_RGB_8 : BENCH_TYPE_RGB_16
        transform = cmsCreateTransform(p3, type, srgb, type, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), flags)!
        cmsCloseProfile(p3)
        cmsCloseProfile(srgb)
    }

    deinit { cmsDeleteTransform(transform) }

    public func run(_ input: PixelBuffer, into output: inout PixelBuffer) {
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                cmsDoTransform(transform, source.baseAddress, destination.baseAddress, cmsUInt32Number(input.width * input.height))
            }
        }
    }
}

/// Mutable buffers shared with benchmark closures. `@unchecked Sendable`: each benchmark runs its
/// closure serially, and each buffer is used by one benchmark only.
public final class Scratch: @unchecked Sendable {
    public var buffer: PixelBuffer
    public init(_ buffer: PixelBuffer) { self.buffer = buffer }
}
