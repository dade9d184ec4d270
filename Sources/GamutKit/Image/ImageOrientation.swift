/// How an image's stored pixels are turned for display: the eight values of the EXIF and TIFF Orientation tag
/// (tag 274), named as Core Graphics names them (`CGImagePropertyOrientation` has the same raw values).
///
/// Decoders turn JPEG, TIFF and PNG pixels upright, as viewers show them, unless ``ImageFile/DecodingOptions/keepOrientation``
/// asks for them as stored; ``Image/orientation`` then says how to turn them, and the encoders write it back.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// As stored (row 0 at the top, column 0 on the left).
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Rotated 180°.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the main diagonal (row 0 on the left, column 0 at the top).
    case leftMirrored = 5
    /// To be rotated 90° clockwise for display (row 0 on the right, column 0 at the top): a portrait phone photo.
    case right = 6
    /// Mirrored along the other diagonal (row 0 on the right, column 0 at the bottom).
    case rightMirrored = 7
    /// To be rotated 90° counterclockwise for display (row 0 on the left, column 0 at the bottom).
    case left = 8

    /// Whether display swaps width and height.
    var swapsDimensions: Bool { rawValue >= 5 }

    /// The turn as a linear map: the stored pixel (0, 0) is shown at `origin`, and one step along a stored row or column
    /// moves the shown pixel by `alongX` or `alongY`.
    func displayMap(width: Int, height: Int) -> (origin: (x: Int, y: Int), alongX: (x: Int, y: Int), alongY: (x: Int, y: Int)) {
        switch self {
        case .up: ((0, 0), (1, 0), (0, 1))
        case .upMirrored: ((width - 1, 0), (-1, 0), (0, 1))
        case .down: ((width - 1, height - 1), (-1, 0), (0, -1))
        case .downMirrored: ((0, height - 1), (1, 0), (0, -1))
        case .leftMirrored: ((0, 0), (0, 1), (1, 0))
        case .right: ((height - 1, 0), (0, 1), (-1, 0))
        case .rightMirrored: ((height - 1, width - 1), (0, -1), (-1, 0))
        case .left: ((0, width - 1), (0, -1), (1, 0))
        }
    }

    /// A TIFF-structured EXIF block holding this orientation only (big-endian, one IFD of one entry), as JPEG's
    /// APP1 (after its `Exif\0\0` signature) and PNG's `eXIf` chunk carry it.
    var exifBlock: [UInt8] {
        [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // "MM", 42, IFD0 at offset 8
            + [0, 1]  // one entry
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(rawValue), 0, 0]  // Orientation, SHORT, count 1, value
            + [0, 0, 0, 0]  // no next IFD
    }

    /// The orientation of a tag's value, up for a missing or unknown one.
    init(tag: Int?) { self = tag.flatMap(ImageOrientation.init(rawValue:)) ?? .up }
}

extension Image {
    /// A decoder's image with the orientation tag's value: upright, or as stored with `orientation` kept when `keep`.
    func oriented(_ orientation: ImageOrientation, keep: Bool) -> Image {
        var result = self
        result.orientation = orientation
        return keep ? result : result.applyingOrientation()
    }

    /// The image turned upright: its pixels as ``orientation`` says they are shown, and ``orientation`` `.up`.
    public func applyingOrientation() -> Image {
        guard orientation != .up else { return self }
        var result = self
        result.pixels = pixels.oriented(orientation)
        if orientation.swapsDimensions, let density = metadata.physicalDimensions {
            // A pixel's width becomes its height: pHYs's densities swap with the axes.
            result.metadata.physicalDimensions = .init(
                pixelsPerUnitX: density.pixelsPerUnitY, pixelsPerUnitY: density.pixelsPerUnitX, unitIsMetre: density.unitIsMetre)
        }
        result.orientation = .up
        return result
    }
}

extension PixelBuffer {
    /// The pixels as `orientation` shows them.
    func oriented(_ orientation: ImageOrientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let (width, height) = orientation.swapsDimensions ? (self.height, self.width) : (self.width, self.height)
        var result = PixelBuffer(width: width, height: height, format: format)
        let size = format.bytesPerPixel
        // The turn decided once: byte steps in the target for a step along a stored row and down a stored column.
        let map = orientation.displayMap(width: self.width, height: self.height)
        let targetRow = result.rowBytes
        let start = map.origin.y * targetRow + map.origin.x * size
        let stepX = map.alongX.y * targetRow + map.alongX.x * size, stepY = map.alongY.y * targetRow + map.alongY.x * size
        withUnsafeBytes { source in
            result.withUnsafeMutableBytes { target in
                for y in 0..<self.height {
                    let row = source.baseAddress! + y * rowBytes
                    var to = target.baseAddress! + start + y * stepY
                    for x in 0..<self.width {
                        to.copyMemory(from: row + x * size, byteCount: size)
                        to += stepX
                    }
                }
            }
        }
        return result
    }
}
