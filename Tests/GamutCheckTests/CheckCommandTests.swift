import Foundation
import GamutKit
import Testing

@Suite("gamut-check check")
struct CheckCommandTests {
    /// A folder with the example, an sRGB-only image in a subfolder, and a broken PNG.
    static func fixtureFolder() throws -> String {
        let folder = CLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/nested", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.example, toPath: folder + "/p3-assets.png")
        var samples = [UInt16]()
        for x in 0..<64 { samples += [UInt16(x * 1000), 30000, 20000] }
        let srgb = Image(pixels: try PixelBuffer(width: 64, height: 1, layout: .rgb, samples: samples), profile: .sRGB)
        try PNG.write(srgb, to: folder + "/nested/plain.png")
        try Data([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        return folder
    }

    @Test("The example: findings in text with a summary; exit 1 (errors at the default --fail-on error)")
    func example() throws {
        let result = try CLI.run([CLI.example])  // `check` is the default subcommand
        #expect(result.status == 1)
        #expect(result.stdout.contains("error   color-collapse"))
        // The clip keeps the hues: advice, counted and not shown.
        #expect(!result.stdout.contains("visible-clipping ["))
        #expect(result.stdout.contains("Not shown: 1 advisory finding (visible-clipping 1)"))
        // A gradient that visibly clips is an error, like a collapse (issue 13: severity follows the mission).
        #expect(result.stdout.contains("error   gradient-clipping"))
        #expect(result.stdout.contains("1 file checked against sRGB IEC61966-2.1: 2 errors, 0 warnings, 0 info (1 file with findings)\n"))
        #expect(!result.stdout.contains("\u{1B}["))  // not a terminal: no colors
    }

    @Test("--fail-on decides the exit code", arguments: [("error", Int32(1)), ("warning", 1), ("never", 0)])
    func failOn(level: String, status: Int32) throws {
        let result = try CLI.run(["check", CLI.example, "--fail-on", level])
        #expect(result.status == status)
    }

    @Test("An sRGB image passes; a folder is searched recursively; a broken file is an unreadable finding")
    func folder() throws {
        let folder = try Self.fixtureFolder()
        let clean = try CLI.run(["check", folder + "/nested/plain.png", "--fail-on", "warning"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "1 file checked against sRGB IEC61966-2.1: 0 errors, 0 warnings, 0 info (0 files with findings)\n")

        let all = try CLI.run(["check", folder, "--format", "json"])
        #expect(all.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(
            files.compactMap { $0["path"] as? String } == [folder + "/broken.png", folder + "/nested/plain.png", folder + "/p3-assets.png"])
        let broken = try #require((files[0]["findings"] as? [[String: Any]])?.first)
        #expect(broken["ruleId"] as? String == "unreadable" && broken["severity"] as? String == "error")
        #expect(files[0]["analysis"] == nil || files[0]["analysis"] is NSNull)
        let analysis = try #require(files[2]["analysis"] as? [String: Any])
        #expect(analysis["countedPixels"] as? Int == 512 * 192)
        #expect((analysis["outOfGamutPixels"] as? Int ?? 0) > 0)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: summary) == ["files": 3, "error": 3, "warning": 0, "info": 0, "notShown": ["visible-clipping": 1]])
    }

    @Test("SARIF 2.1.0: rules with help, one result per finding, levels mapped")
    func sarif() throws {
        let result = try CLI.run(["check", CLI.example, "--format", "sarif", "--fail-on", "never"])
        #expect(result.status == 0)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == Rules.all.map(\.id.rawValue))
        for (entry, rule) in zip(rules, Rules.all) {
            #expect((entry["help"] as? [String: Any])?["text"] as? String == rule.rationale + " Fix: " + rule.fixHint)
            // The declared thresholds, at the values the run used.
            let parameters = (entry["defaultConfiguration"] as? [String: Any])?["parameters"] as? [String: Double]
            #expect(parameters.map { Set($0.keys) } == Set(rule.thresholds), "\(rule.id)")
        }
        let collapse = (rules[0]["defaultConfiguration"] as? [String: Any])?["parameters"] as? [String: Double]
        #expect(collapse?["collapseSource"] == 1.0 && collapse?["collapseMinimumPixels"] == 16)
        // The color rules give the HIG's reason; the file-integrity ones (unreadable, catalog syntax, paths) their own.
        let higRules = [
            Rules.colorCollapse, Rules.visibleClipping, Rules.gradientClipping, Rules.outOfGamut, Rules.colorNeedsSRGBVariant,
            Rules.imageNeedsSRGBVariant, Rules.missingDarkVariant, Rules.missingHighContrastVariant, Rules.darkSameAsLight,
            Rules.systemColorDuplicate, Rules.p3Image8Bit, Rules.imageWithoutProfile, Rules.wideProfileFitsSRGB,
            Rules.unresolvedSystemColor,
        ]
        #expect(higRules.allSatisfy { $0.rationale.contains("HIG") })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results.compactMap { $0["level"] as? String }.sorted() == ["error", "error"])
        let uri =
            ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            .flatMap { $0["artifactLocation"] as? [String: Any] }?["uri"] as? String
        #expect(uri == CLI.example)
    }

    @Test("--output writes the report to a file; --clip-mask writes masks")
    func outputs() throws {
        let directory = CLI.temporaryDirectory()
        let result = try CLI.run([
            "check", CLI.example, "--output", directory + "/report.txt", "--clip-mask", directory, "--fail-on", "never",
        ])
        #expect(result.status == 0 && result.stdout.isEmpty)
        let report = try String(contentsOfFile: directory + "/report.txt", encoding: .utf8)
        #expect(report.contains("color-collapse") && report.contains("clip mask: "))
        let masks = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".clip.png") }
        #expect(masks.count == 1)
        let mask = try PNG.read(contentsOf: directory + "/" + masks[0])
        #expect(mask.width == 512 && mask.height == 192)
    }

    @Test("Thresholds change the result: a high collapse threshold removes the collapse finding, a long gradient minimum the gradient's")
    func thresholds() throws {
        // Without gradients, the red ramp's flat band is reported as a collapse (ΔE00 7.3 on P3): a source threshold of 10 drops both.
        let result = try CLI.run(["check", CLI.example, "--collapse-source", "10", "--gradient-min-length", "1000", "--fail-on", "error"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("color-collapse") && !result.stdout.contains("gradient-clipping"))
        // The gradient alone still fails the build: a gradient that visibly clips is an error.
        let gradientOnly = try CLI.run(["check", CLI.example, "--collapse-source", "10", "--fail-on", "error"])
        #expect(
            gradientOnly.status == 1 && !gradientOnly.stdout.contains("color-collapse")
                && gradientOnly.stdout.contains("error   gradient-clipping"))
    }

    @Test(
        "Usage errors exit 2",
        arguments: [
            ["check"], ["check", "x.png", "--format", "xml"], ["check", "x.png", "--clip-mask", "/nonexistent"],
            ["check", "x.png", "--fail-on", "sometimes"], ["check", "x.png", "--display-depth", "0"],
            ["check", "x.png", "--display-depth", "10"],
            ["check", "x.png", "--target", "gray-gamma-22"],
        ])
    func usage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("gamut-check: "))
    }

    @Test("A path that doesn't exist is an unreadable finding (exit 1), the others are still checked")
    func missingPath() throws {
        let result = try CLI.run(["check", "/nonexistent/a.png", CLI.example, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"unreadable\"") && result.stdout.contains("No such file or directory"))
        #expect(result.stdout.contains("\"color-collapse\""))
    }

    @Test("A decompression bomb is an unreadable finding, refused with bounded memory")
    func decompressionBomb() throws {
        let folder = CLI.temporaryDirectory()
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return be32(UInt32(data.count)) + body + be32(~crc)
        }
        // Claims 16384 × 16384 16-bit RGBA: over the default pixel budget, and 2 GiB once decoded.
        let bomb: [UInt8] =
            [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", be32(16_384) + be32(16_384) + [16, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 3, 0, 0, 0, 0, 1]) + chunk("IEND", [])
        for i in 0..<4 { try Data(bomb).write(to: URL(fileURLWithPath: folder + "/bomb\(i).png")) }
        // Four at once: each refused from its header by the pixel budget, exit 2, the size and the option named.
        let result = try CLI.run(["check", folder, "--format", "json"])
        #expect(result.status == 2)
        #expect(result.stdout.components(separatedBy: "exceeds the pixel budget").count == 5)
        #expect(result.stderr.contains("bomb0.png: image of 16384×16384 pixels (268 megapixels) exceeds the pixel budget"))
        #expect(result.stderr.contains("raise it with --max-pixels"))
        // With the budget raised, the decoded-size limit refuses it (also exit 2: a limit, not a finding).
        let raised = try CLI.run(["check", folder + "/bomb0.png", "--format", "json", "--max-pixels", "300000000"])
        #expect(raised.status == 2)
        #expect(raised.stdout.contains("decodes to 2048 MiB"))
        // The four refused together, in bounded memory (not under AddressSanitizer, whose shadow memory and quarantine
        // make every process's peak far larger).
        guard ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil else { return }
        let peakBytes = try CLI.peakMemory(["check", folder, "--format", "json"])
        #expect(peakBytes < 256 << 20, "peak \(peakBytes >> 20) MiB")
    }
}

extension CheckCommandTests {
    @Test("--advisory: advice is shown at info and marked \"advisory\": true in JSON; real findings carry no mark")
    func advisoryInJSON() throws {
        let json = try CLI.run([CLI.example, "--advisory", "--format", "json", "--fail-on", "never"]).stdout
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = ((root["files"] as? [[String: Any]]) ?? []).flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
        let advice = findings.filter { $0["advisory"] as? Bool == true }
        #expect(advice.map { $0["ruleId"] as? String } == ["visible-clipping"] && advice.first?["severity"] as? String == "info")
        #expect(
            findings.filter { $0["advisory"] == nil }.compactMap { $0["ruleId"] as? String }.sorted() == [
                "color-collapse", "gradient-clipping",
            ])
    }
}
