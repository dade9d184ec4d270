/// How pixels are laid out in memory: which channels, in what order, and how each sample is stored.
public struct PixelFormat: Hashable, Sendable, CustomStringConvertible {
    /// The channels of a pixel, in memory order. Alpha, when present, comes last and is not color-managed.
    public enum Layout: String, Sendable, CaseIterable {
        /// One gray channel.
        case gray
        /// Gray, then alpha.
        case grayAlpha
        /// Red, green, blue.
        case rgb
        /// Red, green, blue, then alpha.
        case rgba
        /// Cyan, magenta, yellow, black.
        case cmyk
    }

    /// How one sample is stored.
    public enum Sample: String, Sendable, CaseIterable {
        /// 8-bit unsigned, 0…255.
        case uint8
        /// 16-bit unsigned in the machine's byte order, 0…65535. (Files that store samples big-endian, as PNG
        /// does, are converted at their decoder and encoder; buffers never hold another byte order.)
        case uint16
        /// 32-bit float, 1.0 = full scale; values outside 0…1 are kept (unbounded).
        case float32
        /// 64-bit float, 1.0 = full scale, unbounded: for pipelines that keep double precision end to end.
        case float64

        /// Whether samples are floating point (unbounded) rather than integer codes.
        public var isFloat: Bool { self == .float32 || self == .float64 }
    }

    /// The channels.
    public var layout: Layout
    /// The sample storage.
    public var sample: Sample

    /// Creates a pixel format.
    public init(_ layout: Layout, _ sample: Sample) {
        self.layout = layout
        self.sample = sample
    }

    /// Gray, 8-bit.
    public static let gray8 = PixelFormat(.gray, .uint8)
    /// Gray, 16-bit, machine byte order.
    public static let gray16 = PixelFormat(.gray, .uint16)
    /// Gray + alpha, 8-bit.
    public static let grayAlpha8 = PixelFormat(.grayAlpha, .uint8)
    /// Gray + alpha, 16-bit, machine byte order.
    public static let grayAlpha16 = PixelFormat(.grayAlpha, .uint16)
    /// RGB, 8-bit.
    public static let rgb8 = PixelFormat(.rgb, .uint8)
    /// RGBA, 8-bit.
    public static let rgba8 = PixelFormat(.rgba, .uint8)
    /// RGB, 16-bit, machine byte order.
    public static let rgb16 = PixelFormat(.rgb, .uint16)
    /// RGBA, 16-bit, machine byte order.
    public static let rgba16 = PixelFormat(.rgba, .uint16)
    /// Gray, 32-bit float, unbounded.
    public static let grayFloat = PixelFormat(.gray, .float32)
    /// RGB, 32-bit float, unbounded.
    public static let rgbFloat = PixelFormat(.rgb, .float32)
    /// RGBA, 32-bit float, unbounded.
    public static let rgbaFloat = PixelFormat(.rgba, .float32)
    /// RGB, 64-bit float, unbounded.
    public static let rgbDouble = PixelFormat(.rgb, .float64)
    /// CMYK, 8-bit.
    public static let cmyk8 = PixelFormat(.cmyk, .uint8)
    /// CMYK, 16-bit, machine byte order.
    public static let cmyk16 = PixelFormat(.cmyk, .uint16)

    /// Samples per pixel, alpha included.
    public var channelCount: Int { colorChannelCount + (hasAlpha ? 1 : 0) }

    /// Color samples per pixel (alpha excluded).
    public var colorChannelCount: Int {
        switch layout {
        case .gray, .grayAlpha: 1
        case .rgb, .rgba: 3
        case .cmyk: 4
        }
    }

    /// Whether the last sample is alpha.
    public var hasAlpha: Bool { layout == .grayAlpha || layout == .rgba }

    /// Bytes per sample.
    public var bytesPerSample: Int {
        switch sample {
        case .uint8: 1
        case .uint16: 2
        case .float32: 4
        case .float64: 8
        }
    }

    /// Bytes per pixel.
    public var bytesPerPixel: Int { channelCount * bytesPerSample }

    /// The same layout with another sample storage.
    public func with(_ sample: Sample) -> PixelFormat { PixelFormat(layout, sample) }

    /// The same sample storage with another layout.
    public func with(_ layout: Layout) -> PixelFormat { PixelFormat(layout, sample) }

    public var description: String { "\(layout)-\(sample)" }
}
