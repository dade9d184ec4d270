import Foundation
import GamutKit
import Testing

@Suite("gamut-check fix and convert --gamut-map")
struct FixCommandTests {
    static let demo = CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path

    @Test("fix: a dry run prints the diff and writes nothing; --write applies it and check no longer reports the fixed sets")
    func fixCatalog() throws {
        let folder = CLI.temporaryDirectory() + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: Self.demo, toPath: folder)
        let accent = folder + "/Brand/Accent.colorset/Contents.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: accent))
        // --advisory: Brand/Accent's clip keeps its hue, so only the advice asks for its variant.
        #expect(!(try CLI.run(["fix", folder]).stdout.contains("Brand/Accent.colorset")))
        let dry = try CLI.run(["fix", folder, "--advisory"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("+++ b/Demo.xcassets/Brand/Accent.colorset/Contents.json"))
        #expect(dry.stdout.contains("+      \"display-gamut\" : \"display-P3\","))
        #expect(dry.stdout.contains("new file: Demo.xcassets/Hero.imageset/hero-sRGB.png"))
        #expect(dry.stdout.contains("dry run"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: accent)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Hero.imageset/hero-sRGB.png"))

        let written = try CLI.run(["fix", folder, "--write", "--advisory"])
        #expect(written.status == 0 && written.stdout.contains("wrote"), "\(written.stderr)")
        let check = try CLI.run(["check", folder, "--format", "json", "--fail-on", "never"])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let files = try #require(rules["files"] as? [[String: Any]])
        let findings = files.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        let accentFindings = findings.filter { (($0["location"] as? [String: Any])?["asset"] as? String) == "Brand/Accent" }
        #expect(!accentFindings.contains { ["color-needs-srgb-variant", "color-collapse"].contains($0["ruleId"] as? String ?? "") })
        #expect(try CLI.run(["fix", folder]).stdout.contains("Brand/Accent") == false)
    }

    @Test("fix --cache: the same plan from kept analyses, and --write writes the same files")
    func fixWithCache() throws {
        let root = CLI.temporaryDirectory()
        let (plain, cached, analyses) = (root + "/a/Demo.xcassets", root + "/b/Demo.xcassets", root + "/analyses")
        for folder in [plain, cached] {
            try FileManager.default.createDirectory(
                atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.demo, toPath: folder)
        }
        // The dry runs on one folder (the last line names it).
        let dry = try CLI.run(["fix", cached])
        let cold = try CLI.run(["fix", cached, "--cache", analyses])
        #expect(try FileManager.default.contentsOfDirectory(atPath: analyses).filter { $0.hasSuffix(".json") }.count >= 5)
        let warm = try CLI.run(["fix", cached, "--cache", analyses])
        #expect(dry.status == 0 && cold.status == 0 && warm.status == 0)
        #expect(cold.stdout == dry.stdout && warm.stdout == dry.stdout)
        #expect(dry.stdout.contains("new file: Demo.xcassets/Hero.imageset/hero-sRGB.png"))
        #expect(try CLI.run(["fix", plain, "--write"]).status == 0)
        #expect(try CLI.run(["fix", cached, "--write", "--cache", analyses]).status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: plain).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: cached).sorted() == files)
        for file in files {
            #expect(
                FileManager.default.contents(atPath: plain + "/" + file) == FileManager.default.contents(atPath: cached + "/" + file),
                "\(file)")
        }
    }

    @Test("fix refuses a folder that is not a catalog (exit 2)")
    func notACatalog() throws {
        let result = try CLI.run(["fix", CLI.temporaryDirectory()])
        #expect(result.status == 2 && result.stderr.contains("not an .xcassets folder"))
    }

    @Test("convert --gamut-map css and preserve-separation write sRGB files inside the gamut; a gray target is refused")
    func convertGamutMap() throws {
        let directory = CLI.temporaryDirectory()
        for mapping in ["css", "preserve-separation"] {
            let output = directory + "/\(mapping).png"
            let result = try CLI.run(["convert", CLI.example, "--to", "srgb", "--gamut-map", mapping, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNG.read(contentsOf: output)
            #expect(image.profile === ColorProfile.sRGB)
            let clipped = try PNG.read(contentsOf: CLI.example).converted(to: .sRGB)
            #expect(image.pixels != clipped.pixels, "\(mapping) should differ from clipping")
        }
        let gray = try CLI.run(["convert", CLI.example, "--to", "gray-gamma-22", "--gamut-map", "css", "-o", directory + "/gray.png"])
        #expect(gray.status == 2 && gray.stderr.contains("gamut mapping needs"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/gray.png"))
    }
}
