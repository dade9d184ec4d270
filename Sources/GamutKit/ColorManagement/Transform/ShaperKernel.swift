import Dispatch

/// GamutKit's fast path between two RGB matrix/TRC profiles at 8 and 16 bits.
///
/// Per pixel: each input code is linearized through a lookup table of floats (one entry per code,
/// computed in double precision), the linear RGB goes through one 3×3 matrix (source → D50 XYZ →
/// destination), is clipped to 0…1, and is encoded through a table indexed by the float's top 16
/// bits (128 entries per octave, linearly interpolated), which follows steep curves such as a pure
/// gamma near black. The result is within ±1 code of exact double-precision math (see the tests),
/// where LittleCMS's optimized 16-bit path (a 33³ grid) is off by thousands of codes near the edges.
final class ShaperKernel: Sendable {
    let matrix: [Float]
    let inputTables: [[Float]]
    let outputTables: [[Float]]
    let source: PixelFormat
    let destination: PixelFormat
    /// Whether rows go through the C vector kernel first (``ShaperVectors``, identical results); the Swift loop converts the rest.
    let vectorized: Bool

    /// Entries of an output table: every float in 0…1 by its top 16 bits, plus one to interpolate past 1.0.
    static let outputTableSize = Int(Float(1).bitPattern >> 16) + 2

    init(
        source: ShaperModel, _ sourceFormat: PixelFormat, destination: ShaperModel, _ destinationFormat: PixelFormat,
        vectorized: Bool = ShaperVectors.available
    ) throws(GamutError) {
        guard let toDestination = destination.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "the destination profile's colorants are singular")
        }
        let combined = toDestination * source.toXYZD50
        matrix = combined.m.map { Float($0) }
        let inputMax = sourceFormat.sample == .uint8 ? 255.0 : 65535.0
        let outputMax = destinationFormat.sample == .uint8 ? 255.0 : 65535.0
        inputTables = source.curves.map { $0.table(.linear(maximum: Int(inputMax))) }
        outputTables = destination.curves.map { $0.table(.output(scale: outputMax)) }
        self.source = sourceFormat
        self.destination = destinationFormat
        self.vectorized = vectorized
    }

    /// The encoding table of `curve` for ``encode(_:_:)``: linear 0…1 (indexed by the float's top 16 bits)
    /// to encoded values times `scale`, clipped to 0…`scale`.
    static func outputTable(_ curve: ShaperCurve, scale: Double) -> [Float] {
        (0..<outputTableSize).map { index in
            let x = Double(Float(bitPattern: UInt32(index) << 16))
            return Float(min(max(curve.encode(min(x, 1)), 0), 1) * scale)
        }
    }

    /// Converts `height` rows of `width` pixels.
    func run(
        _ input: UnsafeRawPointer, inputRowBytes: Int, _ output: UnsafeMutableRawPointer, outputRowBytes: Int,
        width: Int, height: Int
    ) {
        switch (source.sample, destination.sample) {
        case (.uint8, .uint8): rows(input, inputRowBytes, output, outputRowBytes, width, height, U8.self, U8.self)
        case (.uint8, .uint16): rows(input, inputRowBytes, output, outputRowBytes, width, height, U8.self, U16.self)
        case (.uint16, .uint8): rows(input, inputRowBytes, output, outputRowBytes, width, height, U16.self, U8.self)
        case (.uint16, .uint16): rows(input, inputRowBytes, output, outputRowBytes, width, height, U16.self, U16.self)
        default: break  // ColorTransform only builds a kernel for integer formats.
        }
    }

    @inline(__always)
    private func rows<S: SampleCodec, D: SampleCodec>(
        _ input: UnsafeRawPointer, _ inputRowBytes: Int, _ output: UnsafeMutableRawPointer, _ outputRowBytes: Int,
        _ width: Int, _ height: Int, _: S.Type, _: D.Type
    ) {
        let sc = source.channelCount, dc = destination.channelCount
        let alpha = source.hasAlpha && destination.hasAlpha
        let m = matrix
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        let vectorized = vectorized
        m.withUnsafeBufferPointer { mp in
            inputTables[0].withUnsafeBufferPointer { i0 in
                inputTables[1].withUnsafeBufferPointer { i1 in
                    inputTables[2].withUnsafeBufferPointer { i2 in
                        outputTables[0].withUnsafeBufferPointer { o0 in
                            outputTables[1].withUnsafeBufferPointer { o1 in
                                outputTables[2].withUnsafeBufferPointer { o2 in
                                    let t0 = i0.baseAddress!, t1 = i1.baseAddress!, t2 = i2.baseAddress!
                                    let e0 = o0.baseAddress!, e1 = o1.baseAddress!, e2 = o2.baseAddress!
                                    let vectors =
                                        vectorized
                                        ? ShaperVectors(
                                            input: (t0, t1, t2), matrix: mp.baseAddress!, output: (e0, e1, e2), source: source,
                                            destination: destination) : nil
                                    for y in 0..<height {
                                        let src = input + y * inputRowBytes
                                        let dst = output + y * outputRowBytes
                                        let done = vectors?.row(src, dst, width: width) ?? 0
                                        if alpha {
                                            for x in 0..<done { D.storeAlpha16(S.loadAlpha16(src, x &* sc &+ 3), dst, x &* dc &+ 3) }
                                        }
                                        var si = done &* sc, di = done &* dc
                                        for _ in done..<width {
                                            let r = t0[S.load(src, si)], g = t1[S.load(src, si + 1)], b = t2[S.load(src, si + 2)]
                                            D.store(Self.encode(m0 * r + m1 * g + m2 * b, e0), dst, di)
                                            D.store(Self.encode(m3 * r + m4 * g + m5 * b, e1), dst, di + 1)
                                            D.store(Self.encode(m6 * r + m7 * g + m8 * b, e2), dst, di + 2)
                                            if alpha { D.storeAlpha16(S.loadAlpha16(src, si + 3), dst, di + 3) }
                                            si &+= sc
                                            di &+= dc
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Clips a linear value to 0…1 (NaN and −0 to +0) and encodes it through an output table.
    @inline(__always)
    static func encode(_ value: Float, _ table: UnsafePointer<Float>) -> Float {
        // `> 0`, not `>= 0`: −0.0 compares equal to 0 but its sign bit would index far past the table
        // (found by fuzz-icc: a profile whose matrix yields −0.0).
        let clipped = value > 0 ? min(value, 1) : 0
        let bits = clipped.bitPattern
        let index = Int(bits &>> 16)
        let fraction = Float(bits & 0xFFFF) * (1 / 65536)
        let low = table[index]
        return low + (table[index &+ 1] - low) * fraction
    }
}

/// Loads and stores one kind of integer sample.
protocol SampleCodec {
    /// The sample at `index` (in samples), as a table index.
    static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int
    /// Stores a value already scaled to this codec's full scale (0…255 or 0…65535).
    static func store(_ value: Float, _ base: UnsafeMutableRawPointer, _ index: Int)
    /// Alpha widened to 16 bits.
    static func loadAlpha16(_ base: UnsafeRawPointer, _ index: Int) -> UInt32
    /// Stores 16-bit alpha, narrowed to this codec's depth with rounding.
    static func storeAlpha16(_ value: UInt32, _ base: UnsafeMutableRawPointer, _ index: Int)
}

enum U8: SampleCodec {
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int {
        Int(base.load(fromByteOffset: index, as: UInt8.self))
    }
    @inline(__always) static func store(_ value: Float, _ base: UnsafeMutableRawPointer, _ index: Int) {
        base.storeBytes(of: UInt8(value + 0.5), toByteOffset: index, as: UInt8.self)
    }
    @inline(__always) static func loadAlpha16(_ base: UnsafeRawPointer, _ index: Int) -> UInt32 {
        UInt32(base.load(fromByteOffset: index, as: UInt8.self)) &* 257
    }
    @inline(__always) static func storeAlpha16(_ value: UInt32, _ base: UnsafeMutableRawPointer, _ index: Int) {
        base.storeBytes(of: UInt8(truncatingIfNeeded: (value &* 255 &+ 32767) / 65535), toByteOffset: index, as: UInt8.self)
    }
}

enum U16: SampleCodec {
    @inline(__always) static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int {
        Int(base.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self))
    }
    @inline(__always) static func store(_ value: Float, _ base: UnsafeMutableRawPointer, _ index: Int) {
        base.storeBytes(of: UInt16(value + 0.5), toByteOffset: index &* 2, as: UInt16.self)
    }
    @inline(__always) static func loadAlpha16(_ base: UnsafeRawPointer, _ index: Int) -> UInt32 {
        UInt32(base.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self))
    }
    @inline(__always) static func storeAlpha16(_ value: UInt32, _ base: UnsafeMutableRawPointer, _ index: Int) {
        base.storeBytes(of: UInt16(truncatingIfNeeded: value), toByteOffset: index &* 2, as: UInt16.self)
    }
}
