/// A rectangle of pixels in one ``PixelFormat``, rows `rowBytes` apart.
public struct PixelBuffer: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// How each pixel is stored.
    public let format: PixelFormat
    /// Bytes from the start of one row to the start of the next (at least `width × bytesPerPixel`).
    public let rowBytes: Int
    /// The samples, row by row.
    public var bytes: [UInt8]

    /// A zero-filled buffer with tightly packed rows (or `rowBytes` apart).
    public init(width: Int, height: Int, format: PixelFormat, rowBytes: Int? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.format = format
        self.rowBytes = max(rowBytes ?? 0, self.width * format.bytesPerPixel)
        self.bytes = [UInt8](repeating: 0, count: self.rowBytes * self.height)
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
        self.bytes = bytes
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

    /// Wraps float samples in a `.float32` buffer with tight rows.
    public init(width: Int, height: Int, layout: PixelFormat.Layout, samples: [Float]) throws(GamutError) {
        let bytes = samples.withUnsafeBytes { [UInt8]($0) }
        try self.init(width: width, height: height, format: PixelFormat(layout, .float32), bytes: bytes)
    }

    /// The sample at (x, y, channel), scaled to 0…1 for integer formats (floats as stored).
    public func value(x: Int, y: Int, channel: Int) -> Double {
        let offset = y * rowBytes + (x * format.channelCount + channel) * format.bytesPerSample
        switch format.sample {
        case .uint8: return Double(bytes[offset]) / 255
        case .uint16: return Double(integer(x: x, y: y, channel: channel)) / 65535
        case .uint16BigEndian: return Double(UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])) / 65535
        case .float32:
            return Double(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Float.self) })
        }
    }

    /// The integer sample at (x, y, channel) for 8- and 16-bit formats (0 for float).
    public func integer(x: Int, y: Int, channel: Int) -> Int {
        let offset = y * rowBytes + (x * format.channelCount + channel) * format.bytesPerSample
        switch format.sample {
        case .uint8: return Int(bytes[offset])
        case .uint16:
            return Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt16.self) })
        case .uint16BigEndian: return Int(UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
        case .float32: return 0
        }
    }

    /// The buffer's samples as 16-bit integers (machine order), for `.uint16` buffers with tight rows.
    public var samples16: [UInt16] {
        guard format.sample == .uint16 else { return [] }
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self).prefix(width * height * format.channelCount)) }
    }

    /// The buffer's samples as floats, for `.float32` buffers with tight rows.
    public var samplesFloat: [Float] {
        guard format.sample == .float32 else { return [] }
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self).prefix(width * height * format.channelCount)) }
    }

    /// Bytes a buffer of this size needs, with the last row not padded.
    var requiredByteCount: Int {
        height == 0 ? 0 : rowBytes * (height - 1) + width * format.bytesPerPixel
    }
}
