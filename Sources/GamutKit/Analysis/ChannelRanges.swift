/// The smallest and largest sample of each of the three color channels of interleaved 8- or 16-bit rows (RGB or RGBA),
/// a vector of samples at a time: `V` holds 16 bytes of samples, and as many vectors as a pixel has channels hold a whole
/// number of pixels, so lane `i` of vector `k` is always channel `(k × lanes + i) mod channels`. The lanes are folded
/// into channels only when the ranges are read.
struct ChannelRanges<V: SIMD> where V.Scalar: FixedWidthInteger & UnsignedInteger {
    private let channels: Int
    private var low: [V], high: [V]

    /// Ranges of rows of `channels` samples a pixel: 3 or 4, the color channels first.
    init(channels: Int) {
        self.channels = channels
        low = [V](repeating: V(repeating: .max), count: channels)
        high = [V](repeating: V(repeating: .min), count: channels)
    }

    /// Widens the ranges by the first `pixels` pixels of `row`.
    mutating func add(_ row: UnsafeRawPointer, pixels: Int) {
        let step = V.scalarCount * MemoryLayout<V.Scalar>.size  // bytes per vector
        let group = V.scalarCount  // pixels per `channels` vectors
        let groups = pixels / group
        low.withUnsafeMutableBufferPointer { low in
            high.withUnsafeMutableBufferPointer { high in
                var p = row
                for _ in 0..<groups {
                    for k in 0..<channels {
                        let v = (p + k * step).loadUnaligned(as: V.self)
                        low[k] = pointwiseMin(low[k], v)
                        high[k] = pointwiseMax(high[k], v)
                    }
                    p += channels * step
                }
                // The last pixels, one sample at a time into the lanes that hold their channels.
                let sample = MemoryLayout<V.Scalar>.size
                for i in 0..<(pixels - groups * group) * channels {
                    let v = (p + i * sample).loadUnaligned(as: V.Scalar.self)
                    let (k, lane) = (i / group, i % group)
                    low[k][lane] = Swift.min(low[k][lane], v)
                    high[k][lane] = Swift.max(high[k][lane], v)
                }
            }
        }
    }

    /// Each color channel's range (an empty channel, before any pixel, reads as `max...max`: never asked for).
    var current: [ClosedRange<Int>] {
        var lows = [V.Scalar](repeating: .max, count: 3), highs = [V.Scalar](repeating: .min, count: 3)
        for k in 0..<channels {
            for lane in 0..<V.scalarCount {
                let c = (k * V.scalarCount + lane) % channels
                guard c < 3 else { continue }  // alpha
                lows[c] = Swift.min(lows[c], low[k][lane])
                highs[c] = Swift.max(highs[c], high[k][lane])
            }
        }
        return (0..<3).map { Int(lows[$0])...Int(Swift.max(lows[$0], highs[$0])) }
    }
}
