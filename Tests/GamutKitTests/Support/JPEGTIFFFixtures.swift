import Foundation
@testable import GamutKit
import Testing

/// Files for the JPEG and TIFF tests, and readers for what other tools (djpeg, ImageMagick) print.
enum JPEGTIFFFixtures {
    static let (width, height) = (96, 64)

    /// The 8-bit Display P3 ramp (RGB), as ``FormatFixtures/ramp(width:height:depth:alpha:)`` makes it.
    static let ramp8 = FormatFixtures.ramp(width: width, height: height, depth: 8, alpha: false)

    /// A binary PPM (P6, 8-bit) or PGM (P5) of `samples`, the input cjpeg reads.
    static func pnm(_ samples: [Int], width: Int = width, height: Int = height, channels: Int = 3) -> [UInt8] {
        Array("\(channels == 3 ? "P6" : "P5")\n\(width) \(height)\n255\n".utf8) + samples.map { UInt8($0) }
    }

    /// The samples of a binary PPM/PGM with maxval 255 (what `djpeg -pnm` writes).
    static func readPNM(_ bytes: [UInt8]) throws -> (width: Int, height: Int, channels: Int, samples: [Int]) {
        // Header: magic, width, height, maxval, separated by whitespace, then one whitespace byte.
        var fields: [String] = [], current = "", offset = 0
        while fields.count < 4, offset < bytes.count {
            let c = bytes[offset]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(c)))
            }
            offset += 1
        }
        #expect(fields.count == 4 && fields[3] == "255")
        let channels = fields[0] == "P6" ? 3 : 1
        return (try #require(Int(fields[1])), try #require(Int(fields[2])), channels, bytes[offset...].map(Int.init))
    }

    /// Display P3's profile padded with zeros to `size` bytes (its header's size field updated): a valid profile
    /// too big for one APP2 segment.
    static func paddedP3(size: Int) -> [UInt8] {
        var bytes = ColorProfile.displayP3.data
        bytes += [UInt8](repeating: 0, count: size - bytes.count)
        for i in 0..<4 { bytes[i] = UInt8(truncatingIfNeeded: size >> (24 - 8 * i)) }
        for i in 84..<100 { bytes[i] = 0 }  // no profile ID: it would no longer match
        return bytes
    }

    // MARK: JPEG structure

    /// A JPEG's segments before the first scan: (marker, payload without the length), and everything from SOS on.
    static func segments(_ jpeg: [UInt8]) throws -> (segments: [(marker: UInt8, payload: [UInt8])], rest: [UInt8]) {
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        var offset = 2, result: [(UInt8, [UInt8])] = []
        while offset + 4 <= jpeg.count {
            try #require(jpeg[offset] == 0xFF)
            let marker = jpeg[offset + 1]
            if marker == 0xDA { return (result, Array(jpeg[offset...])) }
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            result.append((marker, Array(jpeg[offset + 4..<offset + 2 + length])))
            offset += 2 + length
        }
        Issue.record("no SOS marker")
        return (result, [])
    }

    /// The JPEG made of these segments and the scan data.
    static func jpeg(_ segments: [(marker: UInt8, payload: [UInt8])], rest: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for (marker, payload) in segments {
            bytes += [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return bytes + rest
    }

    /// The APP2 ICC_PROFILE segments' indices.
    static func iccSegments(_ segments: [(marker: UInt8, payload: [UInt8])]) -> [Int] {
        segments.indices.filter { segments[$0].marker == 0xE2 && segments[$0].payload.starts(with: JPEGMarkers.iccSignature) }
    }

    /// An EXIF APP1 payload whose first directory holds only the orientation tag.
    static func exif(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let tiff =
            (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
            + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
        return JPEGMarkers.exifSignature + tiff
    }

    // MARK: ImageMagick

    /// ImageMagick's decoding of `path` as raw big-endian samples of `map` ("rgb", "rgba", "gray", "cmyk") at `depth`.
    static func magickSamples(_ path: String, map: String, depth: Int) throws -> [Int] {
        let bytes = try ExternalTool.run("convert", [path, "-depth", "\(depth)", "-endian", "MSB", "\(map):-"])
        guard depth == 16 else { return bytes.map(Int.init) }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
    }

    /// The ICC profile ImageMagick finds in `path`.
    static func magickProfile(_ path: String) throws -> [UInt8] {
        try ExternalTool.run("convert", [path, "icc:-"])
    }
}

/// Just enough TIFF structure for the bad-input tests: the first directory's entries, patched in place.
enum TIFFPatch {
    struct Entry { var offset: Int, tag: Int, type: Int, count: Int, value: Int }

    static func u16(_ b: [UInt8], _ at: Int, _ little: Bool) -> Int {
        little ? Int(b[at]) | Int(b[at + 1]) << 8 : Int(b[at]) << 8 | Int(b[at + 1])
    }

    static func u32(_ b: [UInt8], _ at: Int, _ little: Bool) -> Int {
        little ? u16(b, at, true) | u16(b, at + 2, true) << 16 : u16(b, at, false) << 16 | u16(b, at + 2, false)
    }

    static func put32(_ b: inout [UInt8], _ at: Int, _ value: Int, _ little: Bool) {
        for i in 0..<4 { b[at + (little ? i : 3 - i)] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    static func put16(_ b: inout [UInt8], _ at: Int, _ value: Int, _ little: Bool) {
        for i in 0..<2 { b[at + (little ? i : 1 - i)] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    /// The first directory's entries (classic TIFF).
    static func entries(_ b: [UInt8]) -> (little: Bool, entries: [Entry]) {
        let little = b[0] == 0x49
        let directory = u32(b, 4, little)
        let count = u16(b, directory, little)
        return (
            little,
            (0..<count).map { i in
                let at = directory + 2 + 12 * i
                let type = u16(b, at + 2, little)
                return Entry(
                    offset: at, tag: u16(b, at, little), type: type, count: u32(b, at + 4, little),
                    value: type == 3 ? u16(b, at + 8, little) : u32(b, at + 8, little))
            }
        )
    }

    /// Sets a SHORT or LONG tag of the first directory to `value`, as a LONG.
    static func setLong(_ b: [UInt8], tag: Int, to value: Int) throws -> [UInt8] {
        var bytes = b
        let (little, entries) = entries(b)
        let entry = try #require(entries.first { $0.tag == tag })
        put16(&bytes, entry.offset + 2, 4, little)
        put32(&bytes, entry.offset + 8, value, little)
        return bytes
    }
}

extension JPEGTIFFFixtures {
    /// nil when the sample lists are equal, else where they first differ (a short message instead of two long arrays).
    static func difference(_ a: [Int], _ b: [Int]) -> String? {
        guard a != b else { return nil }
        guard a.count == b.count else { return "\(a.count) samples, \(b.count) expected" }
        let i = a.indices.first { a[$0] != b[$0] }!
        return "sample \(i) is \(a[i]), \(b[i]) expected (\(zip(a, b).filter { $0 != $1 }.count) differ)"
    }
}
