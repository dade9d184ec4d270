import Dispatch
import Foundation

extension PixelPass {
    /// The clip mask's colors for out-of-gamut pixels, least severe first: blue (not visible), yellow (ΔE00 1–2),
    /// orange (2–5), red (≥ 5).
    static let clipMaskColors: [[UInt8]] = [[0, 160, 255], [255, 215, 0], [255, 140, 0], [230, 0, 0]]

    /// The clip mask (see ``ImageAnalyzer/Output/clipMask``).
    func clipMask(packed: [UInt32]) throws(GamutError) -> Image {
        let colors = Self.clipMaskColors
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for (i, value) in packed.enumerated() {
            if value & Self.transparent != 0 { continue }
            let o = i * 4
            if value & Self.outOfGamut != 0 {
                let c = colors[Int(value >> Self.severityShift & 3)]
                bytes[o] = c[0]; bytes[o + 1] = c[1]; bytes[o + 2] = c[2]
            } else {
                let luma = 0.2126 * Double(value & 0xFF) + 0.7152 * Double(value >> 8 & 0xFF) + 0.0722 * Double(value >> 16 & 0xFF)
                let gray = UInt8(min(255, 96 + luma * 0.5))
                bytes[o] = gray; bytes[o + 1] = gray; bytes[o + 2] = gray
            }
            bytes[o + 3] = 255
        }
        let pixels = try PixelBuffer(width: width, height: height, format: .rgba8, bytes: bytes)
        return Image(pixels: pixels, profile: .sRGB, colorSource: .iccp(name: "sRGB"))
    }
}

/// The per-pixel buffers of an analysis (display codes and ΔE00), kept for the next analysis: each is tens
/// of megabytes for a 4K image, which the allocator maps fresh every time, and faulting those pages in
/// costs more than the work done in them. One set is kept; concurrent analyses allocate their own.
enum PixelBuffers {
    private static let kept = Locked<(packed: [UInt32], deltaE: [UInt16])?>(nil)

    /// Buffers of `count` elements: display codes (every element is written by the pass) and ΔE00 × 100,
    /// zeroed (the pass writes it for out-of-gamut pixels only).
    static func take(count: Int) -> (packed: [UInt32], deltaE: [UInt16]) {
        if var buffers = kept.withLock({ $0.take() }), buffers.packed.count >= count, buffers.packed.count <= 2 * count {
            buffers.packed.removeLast(buffers.packed.count - count)
            buffers.deltaE.removeLast(buffers.deltaE.count - count)
            buffers.deltaE.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            return buffers
        }
        return ([UInt32](repeating: 0, count: count), [UInt16](repeating: 0, count: count))
    }

    /// Keeps the buffers for the next analysis, for images up to 2^25 pixels (the two buffers then hold 200 MB).
    static func give(back buffers: (packed: [UInt32], deltaE: [UInt16])) {
        guard buffers.packed.count <= 1 << 25 else { return }
        kept.withLock { $0 = buffers }
    }
}

/// Row pointers into the image being analyzed. `@unchecked Sendable`: read-only during the pass.
struct InputRows: @unchecked Sendable {
    let base: UnsafeRawPointer
    let rowBytes: Int
}

/// The packed-code output, and each out-of-gamut pixel's ΔE00 × 100 (0 elsewhere).
/// `@unchecked Sendable`: each band writes only its own rows.
struct PackedCodes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt32>
    let deltaE: UnsafeMutablePointer<UInt16>
}
