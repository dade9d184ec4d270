import Foundation
import GamutKit
import Testing

/// Other implementations' command-line encoders and decoders (libwebp's `cwebp`/`dwebp`, libheif's `heif-enc`/
/// `heif-convert`), run at test time to make and read files GamutKit didn't write. Tests using them return early
/// where a tool is missing, unless GAMUTKIT_REQUIRE_IMAGEMAGICK=1 (CI) makes that a failure.
enum ExternalTool {
    static let required = ProcessInfo.processInfo.environment["GAMUTKIT_REQUIRE_IMAGEMAGICK"] == "1"

    /// The tool's path, searched in the usual folders (Debian's `webp` and `libheif-examples`, Homebrew's).
    static func path(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether every tool named is installed; records an issue (fails the test) for a missing one when tools are required.
    static func available(_ names: String...) -> Bool {
        let missing = names.filter { path($0) == nil }
        if !missing.isEmpty, required {
            Issue.record(
                "GAMUTKIT_REQUIRE_IMAGEMAGICK=1 but \(missing.joined(separator: ", ")) is not installed (scripts/install-dependencies.sh)")
        }
        return missing.isEmpty
    }

    /// Runs the tool and returns its standard output; a nonzero exit throws with its standard error.
    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path(name), "\(name) is not installed"))
        process.arguments = arguments
        // Standard error goes to a file, so a chatty tool can't block on a full pipe while its output is read.
        let errorPath = NSTemporaryDirectory() + "gamutkit-tool-" + UUID().uuidString
        #expect(FileManager.default.createFile(atPath: errorPath, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw Failure(tool: name, arguments: arguments, status: process.terminationStatus, stderr: stderr)
        }
        return [UInt8](output)
    }

    struct Failure: Error, CustomStringConvertible {
        var tool: String, arguments: [String], status: Int32, stderr: String
        var description: String { "\(tool) \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    /// Writes `bytes` to a new file in a fresh temporary folder and returns its path.
    static func write(_ bytes: [UInt8], _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

extension ExternalTool {
    /// A picture ImageMagick draws, `width` × `height` 8-bit RGB: a red-to-blue gradient with a green block in the
    /// stored top-left quarter, so every turn, mirror, palette and JPEG block has edges to keep. Written as `name` in
    /// `folder` (its extension chooses the format); returns the path.
    static func magickPicture(width: Int, height: Int, name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try run(
            "convert",
            [
                "-size", "\(width)x\(height)", "gradient:red-blue", "-fill", "#00ff00", "-draw",
                "rectangle 0,0 \(width / 4 - 1),\(height / 4 - 1)", "-depth", "8", "-type", "TrueColor", path,
            ])
        return path
    }
}

/// Test images for the formats decoded through other libraries: smooth Display P3 content (ramps across the cube,
/// so lossy codecs keep it close), a good part of it outside sRGB.
enum FormatFixtures {
    static let p3 = (name: "Display P3", profile: ColorProfile.displayP3.data)

    /// `width` × `height` RGBA samples at `depth` bits (values 0…2^depth − 1): red across, green down, blue
    /// diagonal, alpha 255 (or the maximum) except a translucent band on the right.
    static func ramp(width: Int, height: Int, depth: Int, alpha: Bool) -> [Int] {
        let maximum = Double((1 << depth) - 1)
        var samples: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = (Double(x) / Double(width - 1), Double(y) / Double(height - 1))
                let red = u, green = 1 - v, blue = (u * v).squareRoot() * 0.3
                samples += [red, green, blue].map { Int(($0 * maximum).rounded()) }
                if alpha { samples.append(x >= width - 8 ? Int((maximum * (0.25 + 0.5 * v)).rounded()) : Int(maximum)) }
            }
        }
        return samples
    }

    /// The samples of `pixels` as values, row by row.
    static func values(_ pixels: PixelBuffer) -> [Int] {
        var result: [Int] = []
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                for c in 0..<pixels.format.channelCount { result.append(pixels.integer(x: x, y: y, channel: c)) }
            }
        }
        return result
    }

    /// The RGBA samples of a PAM file (`dwebp -pam`).
    static func pam(_ bytes: [UInt8]) throws -> (width: Int, height: Int, samples: [Int]) {
        let marker = Array("ENDHDR\n".utf8)
        let end = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        func field(_ name: String) throws -> Int {
            let line = try #require(header.split(separator: "\n").first { $0.hasPrefix(name + " ") })
            return try #require(Int(line.dropFirst(name.count + 1)))
        }
        #expect(try field("DEPTH") == 4 && field("MAXVAL") == 255)
        return (try field("WIDTH"), try field("HEIGHT"), bytes[(end + marker.count)...].map(Int.init))
    }

    /// The largest difference between LittleCMS's float transform of `image`'s decoded samples to sRGB and
    /// GamutKit's conversion of the image to sRGB at the image's depth, in codes of that depth.
    static func conversionDifference(_ image: Image) throws -> Int {
        let converted = try image.converted(to: .sRGB)
        let scale = image.pixels.format.sample == .uint8 ? 255.0 : 65535.0
        let source = values(image.pixels), channels = image.pixels.format.channelCount
        let rgb = stride(from: 0, to: source.count, by: channels).flatMap { i in (0..<3).map { Double(source[i + $0]) / scale } }
        let reference = try ColorTransform(from: image.profile, format: .rgbFloat, to: .sRGB, format: .rgbFloat).convert(samples: rgb)
        let expected = reference.map { Int((min(max($0, 0), 1) * scale).rounded()) }
        let actual = values(converted.pixels)
        let actualRGB = stride(from: 0, to: actual.count, by: channels).flatMap { i in (0..<3).map { actual[i + $0] } }
        #expect(actualRGB.count == expected.count)
        return zip(actualRGB, expected).map { abs($0 - $1) }.max() ?? .max
    }
}

/// The error `decode` throws; records an issue (without printing the pixels) when it returns an image instead.
func decodingError(_ decode: () throws(GamutError) -> Image, sourceLocation: SourceLocation = #_sourceLocation) -> GamutError? {
    do {
        let image = try decode()
        Issue.record(
            "decoded a \(image.width)×\(image.height) \(image.pixels.format) image where an error was expected",
            sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
