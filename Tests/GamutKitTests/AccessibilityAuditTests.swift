import Foundation
import Testing
@testable import GamutKit

/// Contrast pairs and distinct groups declared in a policy, checked on small catalogs.
@Suite("Auditing contrast and color-vision deficiency")
struct AccessibilityAuditTests {
    typealias F = CatalogFixtures

    static func gray(_ v: String, _ space: String = "srgb") -> String {
        F.color(space, [("red", "\"\(v)\""), ("green", "\"\(v)\""), ("blue", "\"\(v)\""), ("alpha", "\"1.000\"")])
    }

    static func hex(_ r: String, _ g: String, _ b: String) -> String {
        F.color("srgb", [("red", "\"\(r)\""), ("green", "\"\(g)\""), ("blue", "\"\(b)\""), ("alpha", "\"1.000\"")])
    }

    static func audit(_ files: [String: String], policy: String) throws -> [Finding] {
        var files = files
        files[GamutPolicy.fileName] = policy
        return try CatalogAuditor.audit([F.catalog(files)]).report.findings
    }

    static let background = F.colorset([(Self.hex("0xFF", "0xFF", "0xFF"), ""), (Self.hex("0x00", "0x00", "0x00"), F.dark)])

    @Test("4.478:1 fails 4.5:1 in the light appearance only; the high-contrast variant and dark pass; fallbacks as on devices")
    func contrastVariants() throws {
        let text = F.colorset([
            (Self.hex("0x77", "0x77", "0x77"), ""), (Self.hex("0x8A", "0x8A", "0x8A"), F.dark),
            (Self.hex("0x33", "0x33", "0x33"), F.highContrast),
        ])
        let findings = try Self.audit(
            ["Text.colorset/Contents.json": text, "Background.colorset/Contents.json": Self.background],
            policy: #"{"contrast": [{"foreground": "Text", "background": "Background", "textSize": 17, "label": "body"}]}"#)
        let contrast = findings.filter { $0.ruleID == RuleID.contrastInsufficient }
        try #require(contrast.count == 1, "\(findings.map(\.message))")
        let f = contrast[0]
        #expect(
            f.message.contains(
                "Text on Background (body): below 4.5:1 for text 17 pt in light on sRGB and Display P3 displays (4.48:1, short by 0.02)"),
            "\(f.message)")
        #expect(!f.message.contains("dark") && !f.message.contains("high contrast"))
        #expect(abs(f.values["ratio"]! - 4.478) < 0.001 && f.values["required"] == 4.5)
        #expect(f.location.asset == "Text" && f.location.keyPath == "colors[0]")
        #expect(f.swatches.count == 8 && f.swatches.allSatisfy { $0.kind == .contrast })
        #expect(f.swatches[0].colors == ["#777777", "#FFFFFF"])

        // 18 pt text needs 3:1 only; bold too.
        for extra in [#""textSize": 18"#, #""bold": true"#] {
            let large = try Self.audit(
                ["Text.colorset/Contents.json": text, "Background.colorset/Contents.json": Self.background],
                policy: #"{"contrast": [{"foreground": "Text", "background": "Background", "# + extra + "}]}")
            #expect(!large.contains { $0.ruleID == RuleID.contrastInsufficient || $0.ruleID == RuleID.contrastBelowEnhanced })
        }
    }

    @Test("A P3 slot that fails while its sRGB slot passes is reported for P3 displays only")
    func contrastPerDisplay() throws {
        let text = F.colorset([
            (Self.gray("0.467", "display-p3"), #""display-gamut" : "display-P3""#), (Self.gray("0.300"), #""display-gamut" : "sRGB""#),
            (Self.gray("0.200"), F.dark + #", "display-gamut" : "sRGB""#),
            (Self.gray("0.200", "display-p3"), F.dark + #", "display-gamut" : "display-P3""#),
        ])
        let background = F.colorset([(Self.gray("1.000"), "")])
        let findings = try Self.audit(
            ["Text.colorset/Contents.json": text, "Background.colorset/Contents.json": background],
            policy: #"{"contrast": [{"foreground": "Text", "background": "Background"}]}"#)
        let f = try #require(findings.first { $0.ruleID == RuleID.contrastInsufficient })
        #expect(f.message.contains("light on Display P3 displays") && !f.message.contains("sRGB and"), "\(f.message)")
        #expect(f.swatches.contains { $0.colors[0].hasPrefix("color(display-p3") })
    }

    @Test("Meets 4.5:1 but not 7:1 for small text: an info finding; a translucent foreground is composited first")
    func enhancedAndAlpha() throws {
        let text = F.colorset([(Self.hex("0x66", "0x66", "0x66"), ""), (Self.hex("0xB0", "0xB0", "0xB0"), F.dark)])
        var findings = try Self.audit(
            ["Text.colorset/Contents.json": text, "Background.colorset/Contents.json": Self.background],
            policy: #"{"contrast": [{"foreground": "Text", "background": "Background"}]}"#)
        let f = try #require(findings.first { $0.ruleID == RuleID.contrastBelowEnhanced })
        #expect(abs(f.values["ratio"]! - 5.74) < 0.01 && f.severity == .info)
        // Black at 50% over white is gray 0.5 (3.98:1): fails.
        let translucent = F.colorset([
            (F.color("srgb", [("red", "\"0.000\""), ("green", "\"0.000\""), ("blue", "\"0.000\""), ("alpha", "\"0.500\"")]), "")
        ])
        findings = try Self.audit(
            ["Text.colorset/Contents.json": translucent, "Background.colorset/Contents.json": F.colorset([(Self.gray("1.000"), "")])],
            policy: #"{"contrast": [{"foreground": "Text", "background": "Background"}]}"#)
        let failing = try #require(findings.first { $0.ruleID == RuleID.contrastInsufficient })
        let expected = Contrast.ratio(Contrast.relativeLuminance(sRGB: [0.5, 0.5, 0.5]), 1)
        #expect(abs(failing.values["ratio"]! - expected) < 1e-9)
    }

    @Test("Distinct groups: a red/green pair confused under deuteranopia, a blue/orange pair that stays apart, unknown names")
    func distinctGroups() throws {
        let files = [
            "Status/Error.colorset/Contents.json": F.colorset([(Self.hex("0xC8", "0x5A", "0x3C"), "")]),
            "Status/Success.colorset/Contents.json": F.colorset([(Self.hex("0x6E", "0x8C", "0x3C"), "")]),
            "Chart/Blue.colorset/Contents.json": F.colorset([(Self.hex("0x1F", "0x5F", "0xD8"), "")]),
            "Chart/Orange.colorset/Contents.json": F.colorset([(Self.hex("0xF0", "0x90", "0x20"), "")]),
        ]
        let findings = try Self.audit(
            files,
            policy: """
                {"distinct": [{"name": "status", "colors": ["Error", "Success"]},
                              {"name": "chart", "colors": ["Blue", "Orange", "Missing"]}],
                 "colorVision": {"severities": [1, 0.6]}}
                """)
        let confusable = findings.filter { $0.ruleID == RuleID.cvdConfusable }
        try #require(confusable.count == 1, "\(findings.map(\.message))")
        let c = confusable[0]
        #expect(
            c.message.contains("Error and Success (status)")
                && (c.message.contains("with deuteranopia") || c.message.contains("with protanopia")), "\(c.message)")
        #expect(c.values["deltaE"]! < 8 && c.values["normalDeltaE"]! > 20)
        // The same figure, computed here from the library's pieces.
        let srgb = try DisplaySimulation(source: .sRGB)
        let a = [0xC8, 0x5A, 0x3C].map { TransferFunction.sRGB.linearize(Double($0) / 255) },
            b = [0x6E, 0x8C, 0x3C].map { TransferFunction.sRGB.linearize(Double($0) / 255) }
        let worst = ColorVisionSimulation.all(severities: [1, 0.6]).map { s in
            CIEDE2000.difference(
                Lab(xyzD50: srgb.sourceXYZ(s.simulate(linearSRGB: a).map { TransferFunction.sRGB.encode($0) })),
                Lab(xyzD50: srgb.sourceXYZ(s.simulate(linearSRGB: b).map { TransferFunction.sRGB.encode($0) })))
        }.min()!
        #expect(abs(c.values["deltaE"]! - worst) < 0.05)
        let hues = findings.filter { $0.ruleID == RuleID.cvdHuePair }.map(\.message)
        #expect(hues.count == 2 && hues.contains { $0.contains("red/green") } && hues.contains { $0.contains("blue/orange") }, "\(hues)")
        let unknown = try #require(findings.first { $0.ruleID == RuleID.policyUnknownColor })
        #expect(unknown.location.asset == "Missing" && unknown.location.file.hasSuffix(".gamut-check.json") && unknown.location.line == 2)
    }

    @Test("Policy errors in contrast, distinct and colorVision name the line")
    func policyErrors() {
        let cases: [(String, String)] = [
            (#"{"contrast": [{"foreground": "A"}]}"#, "needs \"foreground\" and \"background\""),
            (#"{"contrast": [{"foreground": "A", "background": "B", "textSize": -1}]}"#, "textSize"),
            (#"{"contrast": [{"foreground": "A", "background": "B", "weight": 700}]}"#, "unknown key \"weight\""),
            (#"{"distinct": [{"name": "x", "colors": ["A"]}]}"#, "at least two"),
            (#"{"colorVision": {"severities": [0]}}"#, "severities"),
            (#"{"thresholds": {"cvdSeparation": 0}}"#, "out of range"),
        ]
        for (json, expected) in cases {
            #expect {
                try GamutPolicy.parse(Array(json.utf8), path: "p.json")
            } throws: { error in
                "\(error)".contains(expected) && "\(error)".contains("p.json")
            }
        }
    }
}
