import Foundation
import Numerics
import Testing
@testable import GamutKit

@Suite("Auditing asset catalogs")
struct CatalogAuditTests {
    typealias F = CatalogFixtures

    static func p3(_ r: String, _ g: String, _ b: String) -> String {
        F.color("display-p3", [("red", "\"\(r)\""), ("green", "\"\(g)\""), ("blue", "\"\(b)\""), ("alpha", "\"1.000\"")])
    }

    static func srgb(_ r: String, _ g: String, _ b: String) -> String {
        F.color("srgb", [("red", "\"\(r)\""), ("green", "\"\(g)\""), ("blue", "\"\(b)\""), ("alpha", "\"1.000\"")])
    }

    /// A colorset with dark and high-contrast entries besides the given ones, so only the rule under test fires.
    static func complete(_ entries: [(color: String, extra: String)]) -> String {
        F.colorset(entries + [(srgb("0.100", "0.100", "0.100"), F.dark), (srgb("0.050", "0.050", "0.050"), F.highContrast)])
    }

    static func findings(_ files: [String: String], policy: GamutPolicy? = nil) throws -> [Finding] {
        try CatalogAuditor.audit([F.catalog(files)], policy: policy).report.findings
    }

    @Test("A P3 green with no sRGB variant: its linear sRGB channels (CSS Color 4 matrices) and clipping ΔE00")
    func wideColorWithoutVariant() throws {
        let findings = try Self.findings(["Green.colorset/Contents.json": Self.complete([(Self.p3("0.000", "1.000", "0.000"), "")])])
        let finding = try #require(findings.first { $0.ruleID == Rules.colorNeedsSRGBVariant.id })
        let exact = ExactReference.linearSRGB(fromP3: [0, 65535, 0], maxIn: 65535)
        #expect(finding.values["targetRed"]!.isApproximatelyEqual(to: exact[0], absoluteTolerance: 1e-4))
        #expect(finding.values["targetGreen"]!.isApproximatelyEqual(to: exact[1], absoluteTolerance: 1e-4))
        #expect(finding.values["targetBlue"]!.isApproximatelyEqual(to: exact[2], absoluteTolerance: 1e-4))
        // Shown as #00FF00; CIEDE2000 between P3 green and sRGB green.
        let p3Green = Lab(xyzD50: try DisplaySimulation(source: .displayP3).sourceXYZ([0, 1, 0]))
        let srgbGreen = Lab(xyzD50: try DisplaySimulation(source: .sRGB).sourceXYZ([0, 1, 0]))
        #expect(finding.values["deltaE"]!.isApproximatelyEqual(to: CIEDE2000.referenceDifference(p3Green, srgbGreen), absoluteTolerance: 1e-6))
        #expect(finding.message.contains("#00FF00"))
        #expect(finding.location.line == 3 && finding.location.keyPath == "colors[0]" && finding.location.asset == "Green")
        #expect(findings.map(\.ruleID) == [Rules.colorNeedsSRGBVariant.id])
    }

    @Test("With an sRGB variant there is no wide-color finding; a P3 color inside sRGB needs none")
    func variantsSatisfy() throws {
        let findings = try Self.findings([
            "Paired.colorset/Contents.json": Self.complete([
                (Self.p3("0.000", "1.000", "0.000"), #""display-gamut" : "display-P3""#), (Self.srgb("0.000", "0.950", "0.000"), #""display-gamut" : "sRGB""#),
            ]),
            "Inside.colorset/Contents.json": Self.complete([(Self.p3("0.400", "0.500", "0.600"), "")]),
        ])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test("sRGB slot out of sRGB, and unpaired slots")
    func slots() throws {
        let findings = try Self.findings([
            "Mixup.colorset/Contents.json": Self.complete([
                (Self.p3("0.200", "0.300", "0.400"), #""display-gamut" : "display-P3""#), (Self.p3("1.000", "0.000", "0.000"), #""display-gamut" : "sRGB""#),
            ]),
            "Lonely.colorset/Contents.json": Self.complete([(Self.srgb("0.200", "0.300", "0.400"), #""display-gamut" : "sRGB""#)]),
        ])
        #expect(findings.map(\.ruleID).sorted() == [Rules.srgbSlotOutOfGamut.id, Rules.unpairedDisplayGamut.id])
        #expect(findings.first { $0.ruleID == Rules.srgbSlotOutOfGamut.id }?.location.keyPath == "colors[1]")
        #expect(findings.first { $0.ruleID == Rules.unpairedDisplayGamut.id }?.location.asset == "Lonely")
    }

    @Test("Two P3 greens ΔE00 ≈ 1.5 apart collapse on sRGB, unless one has an sRGB variant that keeps them apart")
    func catalogCollapse() throws {
        let a = Self.complete([(Self.p3("0.000", "1.000", "0.000"), "")])
        let b = Self.complete([(Self.p3("0.180", "0.980", "0.120"), "")])
        let collapsing = try Self.findings(["A.colorset/Contents.json": a, "B.colorset/Contents.json": b])
            .filter { $0.ruleID == Rules.colorCollapse.id }
        #expect(collapsing.count == 1)
        let finding = try #require(collapsing.first)
        #expect(finding.values["sourceDeltaE"]! >= 1 && finding.values["shownDeltaE"]! < 1)
        #expect(finding.message.contains("A ") && finding.message.contains("B "))

        let separated = Self.complete([
            (Self.p3("0.180", "0.980", "0.120"), #""display-gamut" : "display-P3""#), (Self.srgb("0.300", "0.800", "0.250"), #""display-gamut" : "sRGB""#),
        ])
        let none = try Self.findings(["A.colorset/Contents.json": a, "B.colorset/Contents.json": separated])
        #expect(!none.contains { $0.ruleID == Rules.colorCollapse.id })
    }

    @Test("Appearance coverage: no dark, no high contrast, dark equal to light")
    func appearances() throws {
        let findings = try Self.findings([
            "Plain.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            "Same.colorset/Contents.json": F.colorset([
                (Self.srgb("0.300", "0.400", "0.500"), ""), (Self.srgb("0.302", "0.400", "0.500"), F.dark),
                (Self.srgb("0.100", "0.200", "0.300"), F.highContrast),
            ]),
        ])
        let plain = findings.filter { $0.location.asset == "Plain" }.map(\.ruleID)
        #expect(plain == [Rules.missingDarkVariant.id, Rules.missingHighContrastVariant.id])
        let same = findings.filter { $0.location.asset == "Same" }
        #expect(same.map(\.ruleID) == [Rules.darkSameAsLight.id])
        #expect(same.first?.location.keyPath == "colors[1]")
    }

    @Test("A custom color equal to a published system color, current or legacy, for its appearance")
    func systemDuplicates() throws {
        let findings = try Self.findings([
            // Current Blue, light: 0, 136, 255 (8-bit integers, Xcode's 0–255 style).
            "Blue.colorset/Contents.json": Self.complete([(Self.srgb("0", "136", "255"), "")]),
            // Legacy iOS Blue, dark: 10, 132, 255.
            "OldBlueDark.colorset/Contents.json": F.colorset([
                (Self.srgb("0.300", "0.300", "0.300"), ""), (Self.srgb("10", "132", "255"), F.dark), (Self.srgb("0.1", "0.1", "0.1"), F.highContrast),
            ]),
            "NotBlue.colorset/Contents.json": Self.complete([(Self.srgb("0", "100", "255"), "")]),
        ]).filter { $0.ruleID == Rules.systemColorDuplicate.id }
        #expect(findings.compactMap(\.location.asset).sorted() == ["Blue", "OldBlueDark"])
        #expect(findings.first { $0.location.asset == "Blue" }?.message.contains("current table") == true)
        #expect(findings.first { $0.location.asset == "OldBlueDark" }?.message.contains("iOS table") == true)
    }

    @Test("A policy sets severities, switches rules off and suppresses by asset glob")
    func policyApplied() throws {
        let files = [
            "Legacy/Contents.json": #"{"properties":{"provides-namespace":true}}"#,
            "Legacy/Old.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            "New.colorset/Contents.json": F.colorset([(Self.srgb("0.600", "0.400", "0.500"), "")]),
        ]
        let policy = try GamutPolicy.parse(Array("""
            {
              "severity": { "missing-dark-variant": "error", "missing-high-contrast-variant": "off" },
              "suppress": [ { "rule": "*", "assets": ["Legacy/*"], "reason": "sunset in 2027" } ],
              "thresholds": { "sameColor": 2.0, "visibleClip": 1.5 },
              "target": "srgb"
            }
            """.utf8), path: "policy.json")
        #expect(policy.settings.sameColor == 2 && policy.settings.visibleClip == 1.5)
        let findings = try Self.findings(files, policy: policy)
        #expect(findings.map(\.ruleID) == [Rules.missingDarkVariant.id])
        #expect(findings.first?.severity == .error && findings.first?.location.asset == "New")
        // Without the policy, both sets get both findings.
        #expect(try Self.findings(files).count == 4)
    }

    @Test("A catalog's own .gamut-check.json is used")
    func catalogPolicyFile() throws {
        let root = try F.catalog([
            "Plain.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            ".gamut-check.json": #"{"severity": {"missing-dark-variant": "off", "missing-high-contrast-variant": "off"}}"#,
        ])
        #expect(try CatalogAuditor.audit([root]).report.findings.isEmpty)
    }

    @Test("Policy errors name the file and line", arguments: [
        ("{\n \"colour\": 1\n}", "line 2: unknown key \"colour\""),
        ("{\n \"severity\": {\n  \"no-such-rule\": \"error\"\n }\n}", "line 3: unknown rule"),
        ("{\"severity\": {\"missing-dark-variant\": \"fatal\"}}", "must be error, warning, info or off"),
        ("{\"thresholds\": {\"visibleClip\": -1}}", "out of range"),
        ("{\"thresholds\": {\"visibleclip\": 1}}", "unknown threshold"),
        ("{\"target\": \"gray-gamma-22\"}", "target must be one of"),
        ("{\"suppress\": [{\"rule\": \"color-collapse\"}]}", "needs \"assets\""),
        ("{\"suppress\": [{\"rule\": \"x\", \"assets\": [\"a\"]}]}", "needs \"rule\""),
        ("{\"target\": ", "invalid JSON"),
    ])
    func policyErrors(text: String, expected: String) throws {
        do {
            _ = try GamutPolicy.parse(Array(text.utf8), path: "team.gamut-check.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .invalidPolicy && error.path == "team.gamut-check.json")
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("Images: the demo catalog's paired hero has no findings; the unpaired one does")
    func images() throws {
        let audit = try CatalogAuditor.audit([ExampleCatalogTests.catalog])
        let paired = audit.report.findings.filter { $0.location.asset == "HeroPaired" }
        #expect(paired.isEmpty, "\(paired.map(\.message))")
        let hero = audit.report.findings.filter { $0.location.asset == "Hero" }.map(\.ruleID)
        #expect(Set(hero) == [Rules.imageNeedsSRGBVariant.id, Rules.colorCollapse.id, Rules.gradientClipping.id])
        #expect(audit.report.files.first { $0.path.hasSuffix("Hero.imageset/hero.png") }?.analysis?.width == 128)
        let banner = audit.report.findings.filter { $0.location.asset == "Banner" }.map(\.ruleID)
        #expect(banner.contains(Rules.p3Image8Bit.id))
    }
}

@Suite("Catalog test harness")
struct CatalogTestHarnessTests {
    @Test("The harness fails on the demo catalog with Xcode-style lines naming files and lines")
    func failsOnDemo() throws {
        let catalogs = CatalogTestHarness.catalogs(under: "../../Examples", relativeTo: #filePath, levelsUp: 1)
        #expect(catalogs == [ExampleCatalogTests.catalog])
        do {
            try CatalogTestHarness.verify(catalogs, failOn: .error)
            Issue.record("the demo catalog passed")
        } catch let failure as CatalogAuditFailure {
            let lines = failure.description.split(separator: "\n").dropFirst()
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("/") && $0.contains(": error: ") })
            #expect(failure.description.contains("Broken.colorset/Contents.json:6: error: invalid JSON"))
            #expect(failure.findings.allSatisfy { $0.severity == .error })
        }
    }

    @Test("A clean catalog passes and returns its audit; no catalog at all fails")
    func passes() throws {
        let root = try CatalogFixtures.catalog(["Teal.colorset/Contents.json": CatalogFixtures.colorset([
            (CatalogAuditTests.srgb("0x1A", "0x6E", "0x70"), ""), (CatalogAuditTests.srgb("0x4F", "0xB8", "0xBA"), CatalogFixtures.dark),
            (CatalogAuditTests.srgb("0x0B", "0x4A", "0x4C"), CatalogFixtures.highContrast),
        ])])
        let audit = try CatalogTestHarness.verify([root], failOn: .info)
        #expect(audit.catalogs.first?.assets.map(\.name) == ["Teal"])
        #expect(throws: CatalogAuditFailure.self) { try CatalogTestHarness.verify([]) }
    }
}
