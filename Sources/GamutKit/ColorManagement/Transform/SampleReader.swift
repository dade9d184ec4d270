/// Reads integer samples out of pixel memory: the one place that says how an 8- or 16-bit sample is stored.
///
/// Buffers hold 16-bit samples in the machine's byte order only; byte order of files (PNG stores samples
/// big-endian) is settled by their decoders and encoders. The analyzer, the gradient scan, gamut mapping,
/// the report's pictures and ``PixelBuffer/integer(x:y:channel:)`` all read samples through this type.
struct SampleReader: Sendable {
    /// Samples per pixel, alpha included.
    let channels: Int
    /// Whether samples are 16-bit (otherwise 8-bit).
    let sixteenBit: Bool

    /// A reader for 8- and 16-bit formats; float formats have no integer samples.
    init(_ format: PixelFormat) {
        channels = format.channelCount
        sixteenBit = format.sample == .uint16
    }

    /// The largest sample value: 255 or 65535.
    var maximum: Int { sixteenBit ? 65535 : 255 }

    /// Channel `channel` of pixel `x` of the row at `row`.
    @inline(__always)
    func integer(_ row: UnsafeRawPointer, _ x: Int, _ channel: Int) -> Int {
        let index = x &* channels &+ channel
        return sixteenBit
            ? Int(row.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self))
            : Int(row.load(fromByteOffset: index, as: UInt8.self))
    }
}
