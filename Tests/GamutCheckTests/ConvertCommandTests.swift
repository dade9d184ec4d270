import Foundation
import GamutKit
import Testing

@Suite("gamut-check convert")
struct ConvertCommandTests {
    @Test("Display P3 16-bit → sRGB 16-bit: exact pixels, sRGB embedded with cICP, metadata kept, input untouched")
    func convertExample() throws {
        let directory = CLI.temporaryDirectory()
        let before = try Data(contentsOf: URL(fileURLWithPath: CLI.example))
        let result = try CLI.run(["convert", CLI.example, "--to", "srgb", "-o", directory + "/out.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Display P3, 16-bit → \(directory)/out.png: sRGB IEC61966-2.1, 16-bit"))
        let output = try PNG.read(contentsOf: directory + "/out.png")
        #expect(output.profile === ColorProfile.sRGB)
        #expect(output.colorSource == .cicp(primaries: 1, transfer: 13))
        let source = try PNG.read(contentsOf: CLI.example)
        #expect(output.metadata == source.metadata && !source.metadata.texts.isEmpty)
        let expected = try source.converted(to: .sRGB)
        #expect(output.pixels == expected.pixels)
        #expect(try Data(contentsOf: URL(fileURLWithPath: CLI.example)) == before)
    }

    @Test("--depth 8, --output-dir with several inputs, a broken one reported and the rest converted (exit 2)")
    func outputDirectory() throws {
        let directory = CLI.temporaryDirectory()
        let inputs = CLI.temporaryDirectory()
        try FileManager.default.copyItem(atPath: CLI.example, toPath: inputs + "/a.png")
        try Data([137, 80, 78, 71, 1, 2, 3]).write(to: URL(fileURLWithPath: inputs + "/broken.png"))
        try FileManager.default.copyItem(atPath: CLI.example, toPath: inputs + "/c.png")
        let result = try CLI.run([
            "convert", inputs + "/a.png", inputs + "/broken.png", inputs + "/c.png",
            "--to", "display-p3", "--depth", "8", "--output-dir", directory,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.png", "c.png"])
        let converted = try PNG.read(contentsOf: directory + "/a.png")
        #expect(converted.pixels.format == .rgb8 && converted.fileBitDepth == 8)
    }

    @Test("Never overwrites an input unless --in-place; --in-place replaces it")
    func inPlace() throws {
        let directory = CLI.temporaryDirectory()
        let path = directory + "/asset.png"
        try FileManager.default.copyItem(atPath: CLI.example, toPath: path)
        let refused = try CLI.run(["convert", path, "--to", "srgb", "-o", directory + "/./asset.png"])
        #expect(refused.status == 2 && refused.stderr.contains("refusing to overwrite the input"))
        #expect(try PNG.read(contentsOf: path).profile === ColorProfile.displayP3)
        let replaced = try CLI.run(["convert", path, "--to", "srgb", "--in-place"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try PNG.read(contentsOf: path).profile === ColorProfile.sRGB)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["asset.png"])
    }

    @Test("Converting to a profile file (.icc), with an intent")
    func profileFile() throws {
        let directory = CLI.temporaryDirectory()
        try ColorProfile.adobeRGB.write(to: directory + "/adobe.icc")
        let result = try CLI.run([
            "convert", CLI.example, "--to", directory + "/adobe.icc", "--intent", "perceptual", "-o", directory + "/o.png",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try PNG.read(contentsOf: directory + "/o.png")
        #expect(output.profile.data == ColorProfile.adobeRGB.data)
        #expect(!PNGChunks.types(directory + "/o.png").contains("cICP"))
    }

    @Test(
        "Usage and input errors exit 2 with a message",
        arguments: [
            ["convert", "x.png"],
            ["convert", "x.png", "--to", "srgb"],
            ["convert", "x.png", "--to", "srgb", "-o", "a.png", "--in-place"],
            ["convert", "a.png", "b.png", "--to", "srgb", "-o", "c.png"],
            ["convert", "x.png", "--to", "srgb", "--depth", "12", "-o", "y.png"],
            ["convert", "x.png", "--to", "no-such-profile", "-o", "y.png"],
            ["convert", "x.png", "--to", "srgb", "--intent", "vivid", "-o", "y.png"],
            ["convert"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try CLI.run(arguments, in: CLI.temporaryDirectory())
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gamut-check: "))
    }

    @Test("An unwritable output is an error (exit 2), with no partial file")
    func unwritable() throws {
        let result = try CLI.run(["convert", CLI.example, "--to", "srgb", "-o", "/proc/out.png"])
        #expect(result.status == 2 && result.stderr.contains("/proc/out.png"))
    }

    @Test("--help documents the exit codes and exits 0")
    func help() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes:") && result.stdout.contains("2  usage error"))
    }

    @Test("Every command's --help breaks lines only where the text does, at the 80 columns it is printed in off a terminal")
    func helpParagraphs() throws {
        // A line of a discussion longer than the width is wrapped by ArgumentParser, and the text's own line break after
        // it leaves a short fragment ("input that") whose next word would have fitted: the sign of a broken paragraph.
        for command in [[], ["check"], ["convert"], ["fix"], ["merge"], ["profile", "show"], ["profile", "export"], ["rules"]] {
            let lines = try CLI.run(command + ["--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count > 5 && lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE: ") }, "\(command)")
            for (line, next) in zip(lines, lines.dropFirst()) {
                guard let first = line.first, first != " ", let last = line.last, !":.".contains(last),
                    let word = next.split(separator: " ").first, word.first?.isLowercase == true
                else { continue }
                #expect(line.count + 1 + word.count > 78, "\(command): \"\(line)\" is cut before \"\(word)\"")
            }
        }
    }
}

/// Chunk types of a PNG file (framing only).
enum PNGChunks {
    static func types(_ path: String) -> [String] {
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
