/// A rectangle of pixels in one ``PixelFormat``, rows `rowBytes` apart.
///
/// The samples can be read (``bytes``, ``value(x:y:channel:)``, ``withUnsafeBytes(_:)``) but not resized: a buffer
/// always holds at least `rowBytes × (height − 1) + width × bytesPerPixel` bytes, so no transform can read or write
/// past its end. To change pixels, make a new buffer with ``init(width:height:format:bytes:rowBytes:)``.
public struct PixelBuffer: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// How each pixel is stored.
    public let format: PixelFormat
    /// Bytes from the start of one row to the start of the next (at least `width × bytesPerPixel`).
    public let rowBytes: Int
    /// The samples, row by row (16-bit samples in the machine's byte order).
    public var bytes: [UInt8] { storage }
    private var storage: [UInt8]

    /// A zero-filled buffer with tightly packed rows (or `rowBytes` apart).
    public init(width: Int, height: Int, format: PixelFormat, rowBytes: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.format = format
        self.rowBytes = max(rowBytes ?? 0, self.width * format.bytesPerPixel)
        self.storage = [UInt8](repeating: 0, count: self.rowBytes * self.height)
    }

    /// Wraps existing samples.
    /// - Throws: ``GamutError`` `.invalidArgument` when `bytes` is too short for the size and row stride.
    public init(width: Int, height: Int, format: PixelFormat, bytes: [UInt8], rowBytes: Int? = nil) throws(GamutError) {
        let stride = rowBytes ?? width * format.bytesPerPixel
        guard width >= 0, height >= 0, stride >= width * format.bytesPerPixel else {
            throw GamutError(.invalidArgument, "row stride \(stride) is shorter than a row of \(width) \(format) pixels")
        }
        let needed = height == 0 ? 0 : stride * (height - 1) + width * format.bytesPerPixel
        guard bytes.count >= needed else {
            throw GamutError(.invalidArgument, "\(bytes.count) bytes hold fewer than \(width)×\(height) \(format) pixels (\(needed) bytes)")
        }
        self.width = width
        self.height = height
        self.format = format
        self.rowBytes = stride
        self.storage = bytes
    }

    /// Wraps 16-bit samples (machine byte order) in an `.uint16` buffer with tight rows.
    public init(width: Int, height: Int, layout: PixelFormat.Layout, samples: [UInt16]) throws(GamutError) {
        let bytes = samples.withUnsafeBytes { [UInt8]($0) }
        try self.init(width: width, height: height, format: PixelFormat(layout, .uint16), bytes: bytes)
    }

    /// Wraps 8-bit samples in an `.uint8` buffer with tight rows.
    public init(width: Int, height: Int, layout: PixelFormat.Layout, samples: [UInt8]) throws(GamutError) {
        try self.init(width: width, height: height, format: PixelFormat(layout, .uint8), bytes: samples)
    }

    /// Wraps double samples in a `.float64` buffer with tight rows.
    public init(width: Int, height: Int, layout: PixelFormat.Layout, samples: [Double]) throws(GamutError) {
        let bytes = samples.withUnsafeBytes { [UInt8]($0) }
        try self.init(width: width, height: height, format: PixelFormat(layout, .float64), bytes: bytes)
    }

    /// Wraps float samples in a `.float32` buffer with tight rows.
    public init(width: Int, height: Int, layout: PixelFormat.Layout, samples: [Float]) throws(GamutError) {
        let bytes = samples.withUnsafeBytes { [UInt8]($0) }
        try self.init(width: width, height: height, format: PixelFormat(layout, .float32), bytes: bytes)
    }

    /// The sample at (x, y, channel), scaled to 0…1 for integer formats (floats as stored). A position outside the
    /// buffer is a programming error, as an array index out of range is.
    public func value(x: Int, y: Int, channel: Int) -> Double {
        checkPosition(x: x, y: y, channel: channel)
        switch format.sample {
        case .uint8: return Double(integer(x: x, y: y, channel: channel)) / 255
        case .uint16: return Double(integer(x: x, y: y, channel: channel)) / 65535
        case .float32:
            let offset = y * rowBytes + (x * format.channelCount + channel) * 4
            return Double(storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Float.self) })
        case .float64:
            let offset = y * rowBytes + (x * format.channelCount + channel) * 8
            return storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Double.self) }
        }
    }

    /// The integer sample at (x, y, channel) for 8- and 16-bit formats (0 for floats).
    public func integer(x: Int, y: Int, channel: Int) -> Int {
        guard !format.sample.isFloat else { return 0 }
        checkPosition(x: x, y: y, channel: channel)
        let reader = SampleReader(format)
        return storage.withUnsafeBytes { reader.integer($0.baseAddress! + y * rowBytes, x, channel) }
    }

    private func checkPosition(x: Int, y: Int, channel: Int) {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height && channel >= 0 && channel < format.channelCount,
            "pixel (\(x), \(y)) channel \(channel) is outside a \(width)×\(height) \(format) buffer")
    }

    /// The buffer's samples as 16-bit integers (machine order), for `.uint16` buffers with tight rows.
    public var samples16: [UInt16] {
        guard format.sample == .uint16 else { return [] }
        return storage.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self).prefix(width * height * format.channelCount)) }
    }

    /// The buffer's samples as floats, for `.float32` buffers with tight rows.
    public var samplesFloat: [Float] {
        guard format.sample == .float32 else { return [] }
        return storage.withUnsafeBytes { Array($0.bindMemory(to: Float.self).prefix(width * height * format.channelCount)) }
    }

    /// Bytes a buffer of this size needs, with the last row not padded.
    var requiredByteCount: Int {
        height == 0 ? 0 : rowBytes * (height - 1) + width * format.bytesPerPixel
    }

    /// Calls `body` with the samples' memory: `rowBytes × (height − 1) + width × bytesPerPixel` bytes at least.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }

    /// Calls `body` with the samples' memory to write pixels in place (for example to let another library decode
    /// into the buffer). The memory's size is fixed: the buffer can't be shrunk or grown through it.
    public mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBytes(body)
    }
}
