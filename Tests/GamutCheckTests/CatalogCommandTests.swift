import Foundation
import GamutKit
import Testing

@Suite("gamut-check on asset catalogs")
struct CatalogCommandTests {
    static let demo = CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path

    @Test("The demo catalog: findings per Contents.json with lines and key paths; exit 1")
    func text() throws {
        let result = try CLI.run([Self.demo])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("Broken.colorset/Contents.json\n  error   catalog-syntax [line 6]: invalid JSON at line 6, column 40"))
        #expect(result.stdout.contains("warning ambiguous-component [line 10, colors[0].color.components.red]"))
        #expect(result.stdout.contains("Hero.imageset/hero.png\n  error   color-collapse"))
        #expect(result.stdout.range(of: #"\d+ files checked against sRGB IEC61966-2.1: \d+ errors"#, options: .regularExpression) != nil)
        #expect(try CLI.run([Self.demo, "--fail-on", "never"]).status == 0)
    }

    @Test("--cache: a rerun prints the same report from the kept analyses; a cache path that is a file is a usage error")
    func cache() throws {
        let folder = CLI.temporaryDirectory() + "/analyses"
        let plain = try CLI.run(["check", Self.demo, "--format", "json"])
        let cold = try CLI.run(["check", Self.demo, "--format", "json", "--cache", folder])
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(entries.count >= 5)
        #expect(FileManager.default.fileExists(atPath: folder + "/.gamutkit-swept"))  // swept at the end of the run
        let warm = try CLI.run(["check", Self.demo, "--format", "json", "--cache", folder])
        #expect(plain.status == 1 && cold.status == 1 && warm.status == 1)
        #expect(cold.stdout == plain.stdout && warm.stdout == plain.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted() == entries.sorted())
        // Image files given alone, beside the catalog.
        let image = CLI.repositoryRoot.appendingPathComponent("Examples/p3-assets.png").path
        let both = try CLI.run(["check", Self.demo, image, "--format", "json"])
        for _ in 0..<2 { #expect(try CLI.run(["check", Self.demo, image, "--format", "json", "--cache", folder]).stdout == both.stdout) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.count == entries.count + 1)
        // Keys are the same from one process to the next for a target LittleCMS makes at run time too.
        let linear = folder + "-linear"
        for _ in 0..<2 { _ = try CLI.run(["check", Self.demo, "--format", "json", "--target", "linear-srgb", "--cache", linear]) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: linear).filter { $0.hasSuffix(".json") }.count == entries.count)
        // The HTML report draws its pictures from the pixels, with or without a cache.
        let html = try CLI.run(["check", Self.demo, "--format", "html"]).stdout
        #expect(html.contains("data:image/png;base64,"))
        #expect(try CLI.run(["check", Self.demo, "--format", "html", "--cache", folder]).stdout == html)
        let file = folder + "/" + entries[0]
        let refused = try CLI.run(["check", Self.demo, "--cache", file])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(file) && refused.stderr.contains("not a folder"), "\(refused.stderr)")
    }

    @Test("--format xcode prints path:line: level: message lines Xcode reads")
    func xcode() throws {
        let result = try CLI.run(["check", Self.demo, "--format", "xcode", "--fail-on", "never"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 20)
        for line in lines {
            #expect(
                line.range(of: #"^/.+:\d+: (error|warning|note): .+ \[[a-z0-9-]+\] Fix: "#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(lines.contains { $0.contains("/Examples/Demo.xcassets/Mixed.colorset/Contents.json:10: warning: red is \"1\"") })
    }

    @Test("JSON and SARIF carry the line, key path and asset")
    func machineFormats() throws {
        let json = try CLI.run([Self.demo, "--format", "json", "--fail-on", "never"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let findings = files.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        let ambiguous = try #require(findings.first { $0["ruleId"] as? String == "ambiguous-component" })
        let location = try #require(ambiguous["location"] as? [String: Any])
        #expect(location["line"] as? Int == 10)
        #expect(location["keyPath"] as? String == "colors[0].color.components.red")
        #expect(location["asset"] as? String == "Mixed")

        let sarif = try CLI.run([Self.demo, "--format", "sarif", "--fail-on", "never"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let lines = results.compactMap { result -> Int? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Any])?["startLine"] as? Int
        }
        #expect(lines.count > 20)
    }

    @Test("--config applies a policy; a broken policy is a usage error naming file and line")
    func config() throws {
        let folder = CLI.temporaryDirectory()
        let quiet = folder + "/quiet.json"
        let allOff = Dictionary(uniqueKeysWithValues: Rules.all.map { ($0.id.rawValue, "off") })
        try JSONSerialization.data(withJSONObject: ["severity": allOff]).write(to: URL(fileURLWithPath: quiet))
        let silent = try CLI.run([Self.demo, "--config", quiet, "--fail-on", "warning"])
        #expect(silent.status == 0)
        #expect(silent.stdout.contains("0 errors, 0 warnings, 0 info"))

        let broken = folder + "/broken.json"
        try Data("{\n  \"thresholds\": {\n    \"visibleClip\": \"high\"\n  }\n}\n".utf8).write(to: URL(fileURLWithPath: broken))
        let failed = try CLI.run([Self.demo, "--config", broken])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("broken.json: line 3: threshold \"visibleClip\" must be a number"))
    }

    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/GamutKitTests/Fixtures/XcodeCatalogs").path

    @Test("Advisory rules are off by default and one summary line counts them; --advisory or the policy shows them")
    func advisory() throws {
        // A copy: where the fixture lies, under Tests, the catalog doesn't ship and everything in it is advice.
        let shop = CLI.temporaryDirectory() + "/Shop.xcassets"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/Shop.xcassets", toPath: shop)
        let quiet = try CLI.run([shop])
        // The P3 color and the P3 image clip keeping their hues: advice, like the rest.
        #expect(quiet.status == 0)
        let lines = quiet.stdout.split(separator: "\n").map(String.init)
        // The WebP named .png is read by its content and reported once, at info; a build without the WebP trait also
        // says, at info, that it was not checked (and so finds no missing profile in it).
        let webp = ImageFormat.webp.isBuilt
        #expect(
            lines.suffix(2).first
                == "27 files checked against sRGB IEC61966-2.1: 0 errors, 0 warnings, \(webp ? 1 : 2) info (1 file with findings)")
        #expect(webp != quiet.stdout.contains("info    format-not-built"))
        #expect(quiet.stdout.contains("info    file-format-mismatch") && quiet.stdout.contains("sticker.png is a WebP image named .png"))
        #expect(
            lines.last
                == (webp
                    ? "Not shown: 12 advisory findings (missing-high-contrast-variant 4, image-without-profile 3, not-checked 3, "
                    : "Not shown: 11 advisory findings (missing-high-contrast-variant 4, not-checked 3, image-without-profile 2, ")
                    + "color-needs-srgb-variant 1, image-needs-srgb-variant 1); --advisory or \"advisory\": true in the policy shows them",
            "\(lines.last ?? "")")
        let json = try CLI.run([shop, "--format", "json", "--fail-on", "never"])
        let summary = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(
            summary["notShown"] as? [String: Int] == [
                "missing-high-contrast-variant": 4, "not-checked": 3, "image-without-profile": webp ? 3 : 2, "color-needs-srgb-variant": 1,
                "image-needs-srgb-variant": 1,
            ])

        let shown = try CLI.run([shop, "--advisory", "--fail-on", "warning"])
        #expect(shown.status == 0 && !shown.stdout.contains("Not shown"))
        #expect(shown.stdout.contains("0 errors, 0 warnings, 13 info"))
        #expect(shown.stdout.contains("info    not-checked") && shown.stdout.contains("this is a PDF document"))

        let policy = CLI.temporaryDirectory() + "/advisory.json"
        try Data(#"{ "advisory": true, "severity": { "image-without-profile": "off" } }"#.utf8).write(to: URL(fileURLWithPath: policy))
        let configured = try CLI.run([shop, "--config", policy, "--fail-on", "never"])
        #expect(
            configured.stdout.contains("0 errors, 0 warnings, \(webp ? 10 : 11) info")
                && !configured.stdout.contains("image-without-profile"))
    }

    @Test("Catalogs and PNG files in one run")
    func mixed() throws {
        let result = try CLI.run([Self.demo, CLI.example, "--fail-on", "never", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let paths = try #require((document["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String })
        #expect(paths.contains(CLI.example))
        #expect(paths.contains { $0.hasSuffix("Demo.xcassets/Brand/Accent.colorset/Contents.json") })
    }
}
