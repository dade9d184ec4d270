import Foundation

extension PixelPass {
    /// The clip mask's colors for out-of-gamut pixels, least severe first: blue (not visible), yellow (ΔE00 1–2),
    /// orange (2–5), red (≥ 5).
    static let clipMaskColors: [[UInt8]] = [[0, 160, 255], [255, 215, 0], [255, 140, 0], [230, 0, 0]]

    /// One row of the clip mask (see ``ImageAnalyzer/Output/clipMask``), RGBA, from the row's packed codes.
    func clipMaskRow(_ codes: UnsafePointer<UInt32>, into bytes: UnsafeMutablePointer<UInt8>) {
        let colors = Self.clipMaskColors
        for x in 0..<width {
            let value = codes[x], o = x * 4
            if value & Self.transparent != 0 {
                bytes[o] = 0; bytes[o + 1] = 0; bytes[o + 2] = 0; bytes[o + 3] = 0
                continue
            }
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
    }
}

/// A chunk of rows handed to the pass: rows `rows` of the image, the first at `first`, each `rowBytes` long. The rows just
/// above and below the chunk (when the image has them) are readable at `first - rowBytes` and after the last row, as
/// the pass's edge test looks at each pixel's neighbors. `@unchecked Sendable`: read-only while the chunk is analyzed.
struct RowChunk: @unchecked Sendable {
    let index: Int
    let rows: Range<Int>
    let first: UnsafeRawPointer
    let rowBytes: Int

    @inline(__always)
    func row(_ y: Int) -> UnsafeRawPointer { first + (y - rows.lowerBound) * rowBytes }
}

/// A chunk's display codes (flags included) and each out-of-gamut pixel's ΔE00 × 100 (other pixels' values are left
/// as they were: nothing reads them). `@unchecked Sendable`: written by the worker running the chunk, then read by the
/// pipeline's sequencer.
struct PackedCodes: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt32>
    let deltaE: UnsafeMutablePointer<UInt16>

    /// The codes of row `index` of the chunk.
    @inline(__always)
    func row(_ index: Int, width: Int) -> PackedCodes {
        PackedCodes(pointer: pointer + index * width, deltaE: deltaE + index * width)
    }
}
