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

    static func findings(_ files: [String: String], policy: GamutPolicy? = nil, advisory: Bool? = nil) throws -> [Finding] {
        try CatalogAuditor.audit([F.catalog(files)], policy: policy, showAdvisory: advisory).report.findings
    }

    @Test("A P3 green with no sRGB variant: its linear sRGB channels (CSS Color 4 matrices) and clipping ΔE00; advice, hue kept")
    func wideColorWithoutVariant() throws {
        let green = ["Green.colorset/Contents.json": Self.complete([(Self.p3("0.000", "1.000", "0.000"), "")])]
        // Clipping P3 green to sRGB green loses chroma and keeps the hue (ΔH 0.018 in OKLab): advice, not shown by default.
        #expect(try Self.findings(green).isEmpty)
        let findings = try Self.findings(green, advisory: true)
        let finding = try #require(findings.first { $0.ruleID == RuleID.colorNeedsSRGBVariant })
        #expect(finding.isAdvisory && finding.severity == .info)
        #expect(finding.values["hueShift"]!.isApproximatelyEqual(to: 0.018, absoluteTolerance: 0.001), "\(finding.values)")
        let exact = ExactReference.linearSRGB(fromP3: [0, 65535, 0], maxIn: 65535)
        #expect(finding.values["targetRed"]!.isApproximatelyEqual(to: exact[0], absoluteTolerance: 1e-4))
        #expect(finding.values["targetGreen"]!.isApproximatelyEqual(to: exact[1], absoluteTolerance: 1e-4))
        #expect(finding.values["targetBlue"]!.isApproximatelyEqual(to: exact[2], absoluteTolerance: 1e-4))
        // Shown as #00FF00; CIEDE2000 between P3 green and sRGB green.
        let p3Green = Lab(xyzD50: try DisplaySimulation(source: .displayP3).sourceXYZ([0, 1, 0]))
        let srgbGreen = Lab(xyzD50: try DisplaySimulation(source: .sRGB).sourceXYZ([0, 1, 0]))
        #expect(
            finding.values["deltaE"]!.isApproximatelyEqual(to: CIEDE2000.referenceDifference(p3Green, srgbGreen), absoluteTolerance: 1e-6))
        #expect(finding.message.contains("#00FF00"))
        #expect(finding.location.line == 3 && finding.location.keyPath == "colors[0]" && finding.location.asset == "Green")
        #expect(findings.map(\.ruleID) == [RuleID.colorNeedsSRGBVariant])
    }

    @Test("A P3 green whose clip turns it toward yellow-green (ΔH ≥ 0.02 in OKLab) is a warning")
    func hueTurnIsAWarning() throws {
        // color(display-p3 0 0.8 0.2) clips to about #00D000: OKLCh hue 147.9° → 142.5°, ΔH 0.026 (worked out
        // independently from the CSS Color 4 matrices and Ottosson's OKLab).
        let findings = try Self.findings(["Leaf.colorset/Contents.json": Self.complete([(Self.p3("0.000", "0.800", "0.200"), "")])])
        let finding = try #require(findings.first { $0.ruleID == RuleID.colorNeedsSRGBVariant })
        #expect(!finding.isAdvisory && finding.severity == .warning)
        #expect((0.022...0.03).contains(finding.values["hueShift"]!), "\(finding.values)")
        #expect(finding.message.contains("hue turns"))
    }

    @Test("With an sRGB variant there is no wide-color finding; a P3 color inside sRGB needs none")
    func variantsSatisfy() throws {
        let findings = try Self.findings([
            "Paired.colorset/Contents.json": Self.complete([
                (Self.p3("0.000", "1.000", "0.000"), #""display-gamut" : "display-P3""#),
                (Self.srgb("0.000", "0.950", "0.000"), #""display-gamut" : "sRGB""#),
            ]),
            "Inside.colorset/Contents.json": Self.complete([(Self.p3("0.400", "0.500", "0.600"), "")]),
        ])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test("sRGB slot out of sRGB, and unpaired slots")
    func slots() throws {
        let findings = try Self.findings([
            "Mixup.colorset/Contents.json": Self.complete([
                (Self.p3("0.200", "0.300", "0.400"), #""display-gamut" : "display-P3""#),
                (Self.p3("1.000", "0.000", "0.000"), #""display-gamut" : "sRGB""#),
            ]),
            "Lonely.colorset/Contents.json": Self.complete([(Self.srgb("0.200", "0.300", "0.400"), #""display-gamut" : "sRGB""#)]),
        ])
        #expect(findings.map(\.ruleID).sorted() == [RuleID.srgbSlotOutOfGamut, RuleID.unpairedDisplayGamut])
        #expect(findings.first { $0.ruleID == RuleID.srgbSlotOutOfGamut }?.location.keyPath == "colors[1]")
        #expect(findings.first { $0.ruleID == RuleID.unpairedDisplayGamut }?.location.asset == "Lonely")
    }

    @Test("Two P3 greens ΔE00 ≈ 1.5 apart collapse on sRGB, unless one has an sRGB variant that keeps them apart")
    func catalogCollapse() throws {
        let a = Self.complete([(Self.p3("0.000", "1.000", "0.000"), "")])
        let b = Self.complete([(Self.p3("0.180", "0.980", "0.120"), "")])
        let collapsing = try Self.findings(["A.colorset/Contents.json": a, "B.colorset/Contents.json": b])
            .filter { $0.ruleID == RuleID.colorCollapse }
        #expect(collapsing.count == 1)
        let finding = try #require(collapsing.first)
        #expect(finding.values["sourceDeltaE"]! >= 1 && finding.values["shownDeltaE"]! < 1)
        #expect(finding.message.contains("A ") && finding.message.contains("B "))

        let separated = Self.complete([
            (Self.p3("0.180", "0.980", "0.120"), #""display-gamut" : "display-P3""#),
            (Self.srgb("0.300", "0.800", "0.250"), #""display-gamut" : "sRGB""#),
        ])
        let none = try Self.findings(["A.colorset/Contents.json": a, "B.colorset/Contents.json": separated])
        #expect(!none.contains { $0.ruleID == RuleID.colorCollapse })
    }

    @Test("Colors of two idioms are never on one screen: a Mac-only and an iPhone-only set don't collapse; two iPhone ones do")
    func collapseWithinAnIdiom() throws {
        func set(_ idiom: String, _ color: String) -> String {
            "{\"colors\":[{\"color\":\(color),\"idiom\":\"\(idiom)\"}],\"info\":{\"author\":\"xcode\",\"version\":1}}"
        }
        // Display P3 red and an sRGB red a step away: shown as #FF0B0C and #FF0100, ΔE00 0.99 (found by a review of fix).
        let red = Self.p3("1.000", "0.000", "0.000"), nearRed = Self.srgb("1.000", "0.002", "0.000")
        func collapses(_ first: String, _ second: String) throws -> Int {
            try Self.findings(["A.colorset/Contents.json": set(first, red), "B.colorset/Contents.json": set(second, nearRed)])
                .filter { $0.ruleID == RuleID.colorCollapse }.count
        }
        #expect(try collapses("mac", "iphone") == 0)
        #expect(try collapses("iphone", "iphone") == 1)
        #expect(try collapses("universal", "iphone") == 1)
    }

    @Test("Appearance coverage: no dark (in an app with dark variants), no high contrast (advisory), dark equal to light")
    func appearances() throws {
        let files = [
            "Plain.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            "Same.colorset/Contents.json": F.colorset([
                (Self.srgb("0.300", "0.400", "0.500"), ""), (Self.srgb("0.302", "0.400", "0.500"), F.dark),
                (Self.srgb("0.100", "0.200", "0.300"), F.highContrast),
            ]),
        ]
        let root = try F.catalog(files)
        let audit = try CatalogAuditor.audit([root])
        let findings = audit.report.findings
        // All three are advice: counted, and shown when asked for.
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(
            audit.report.notShown == [RuleID.missingHighContrastVariant: 1, RuleID.missingDarkVariant: 1, RuleID.darkSameAsLight: 1])
        let shown = try CatalogAuditor.audit([root], showAdvisory: true).report.findings
        #expect(
            shown.filter { $0.location.asset == "Plain" }.map(\.ruleID) == [RuleID.missingDarkVariant, RuleID.missingHighContrastVariant])
        let same = shown.filter { $0.location.asset == "Same" }
        #expect(same.map(\.ruleID) == [RuleID.darkSameAsLight])
        #expect(same.first?.location.keyPath == "colors[1]")
        // A color whose role the policy declares (here, text in a contrast pair) is a warning without a dark variant.
        var policy = GamutPolicy()
        policy.contrastPairs = [.init(foreground: "Plain", background: "Same")]
        let declared = try CatalogAuditor.audit([root], policy: policy).report.findings.filter { $0.ruleID == RuleID.missingDarkVariant }
        #expect(declared.map { "\($0.location.asset ?? "") \($0.severity)" } == ["Plain warning"])
        #expect(
            try CatalogAuditor.audit([root], policy: GamutPolicy.parse(Array(#"{"advisory": true}"#.utf8), path: "p")).report.notShown
                .isEmpty)
    }

    @Test("Missing dark only where the app has dark variants elsewhere in the run; never in watchOS catalogs; a system dark counts")
    func missingDarkInContext() throws {
        let plain = F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")])
        let lightOnly = try F.catalog(["Plain.colorset/Contents.json": plain])
        let themed = try F.catalog([
            "Themed.colorset/Contents.json": F.colorset([
                (Self.srgb("0.900", "0.900", "0.900"), ""), (Self.srgb("0.100", "0.100", "0.100"), F.dark),
            ])
        ])
        let systemDark = try F.catalog([
            "Card.colorset/Contents.json": F.colorset([
                (Self.srgb("0.950", "0.940", "0.900"), ""),
                (#"{ "platform" : "ios", "reference" : "secondarySystemBackgroundColor" }"#, F.dark),
            ])
        ])
        let watchIcon =
            #"{"images":[{"filename":"i.png","idiom":"universal","platform":"watchos","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        let watch = try F.catalog(
            ["Plain.colorset/Contents.json": plain, "AppIcon.appiconset/Contents.json": watchIcon],
            binary: ["AppIcon.appiconset/i.png": try PNG.encode(ExampleCatalog.swatchImage(.sRGB, [0.2, 0.4, 0.6]))])
        func missing(_ paths: [String]) throws -> [String] {
            try CatalogAuditor.audit(paths, showAdvisory: true).report.findings.filter { $0.ruleID == RuleID.missingDarkVariant }
                .map(\.location.file)
        }
        // An app without Dark Mode: nothing. The same catalog beside one with dark variants: reported.
        #expect(try missing([lightOnly]).isEmpty)
        #expect(try missing([lightOnly, themed]) == [lightOnly + "/Plain.colorset/Contents.json"])
        // A dark entry naming a system color is a dark variant, and makes the app one with dark variants.
        #expect(try missing([systemDark, lightOnly]) == [lightOnly + "/Plain.colorset/Contents.json"])
        // watchOS is always dark: its catalog is never asked for dark variants.
        #expect(try missing([watch, themed]).isEmpty)
        #expect(CatalogPlatform.infer(try CatalogReader.read(watch)) == [.watchOS])
    }

    /// An iOS app icon (Xcode 14's single size), so that the catalog is an iOS one.
    static let iOSIcon = #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
    /// A macOS app icon.
    static let macIcon = #"{"images":[{"idiom":"mac","scale":"1x","size":"16x16"}],"info":{"author":"xcode","version":1}}"#

    @Test("A custom color equal to a published system color in light and dark, in a table of the platform it targets")
    func systemDuplicates() throws {
        func duplicates(_ files: [String: String]) throws -> [String: String] {
            let found = try Self.findings(files, advisory: true).filter { $0.ruleID == RuleID.systemColorDuplicate }
            return Dictionary(uniqueKeysWithValues: found.map { ($0.location.asset ?? "", $0.message) })
        }
        let ios = try duplicates([
            "AppIcon.appiconset/Contents.json": Self.iOSIcon,
            // Current Blue, light 0, 136, 255 and dark 0, 145, 255 (8-bit integers, Xcode's 0–255 style).
            "Blue.colorset/Contents.json": F.colorset([(Self.srgb("0", "136", "255"), ""), (Self.srgb("0", "145", "255"), F.dark)]),
            // Legacy iOS Blue: 0, 122, 255 and 10, 132, 255.
            "OldBlue.colorset/Contents.json": F.colorset([(Self.srgb("0", "122", "255"), ""), (Self.srgb("10", "132", "255"), F.dark)]),
            // Legacy iOS Blue in light, the system color itself in dark.
            "HalfBlue.colorset/Contents.json": F.colorset([
                (Self.srgb("0", "122", "255"), ""), (#"{ "platform" : "ios", "reference" : "systemBlueColor" }"#, F.dark),
            ]),
            // One appearance only matches: a brand color whose dark happens to be iOS blue's dark.
            "Brand.colorset/Contents.json": F.colorset([
                (Self.srgb("0.300", "0.300", "0.300"), ""), (Self.srgb("10", "132", "255"), F.dark),
            ]),
            // Used in light and dark alike: only a system color that looks the same in both (Gray) can match.
            "AnyBlue.colorset/Contents.json": F.colorset([(Self.srgb("0", "122", "255"), "")]),
            "AnyGray.colorset/Contents.json": F.colorset([(Self.srgb("142", "142", "147"), "")]),
            // macOS Teal (89, 173, 196 / 106, 196, 220): not an iOS value, except on the mac idiom.
            "MacTeal.colorset/Contents.json": F.colorset([(Self.srgb("89", "173", "196"), ""), (Self.srgb("106", "196", "220"), F.dark)]),
            "MacTealOnMac.colorset/Contents.json": F.colorset([
                (Self.srgb("89", "173", "196"), #""idiom" : "mac""#), (Self.srgb("106", "196", "220"), F.dark + #", "idiom" : "mac""#),
            ]),
        ])
        #expect(ios.keys.sorted() == ["AnyGray", "Blue", "HalfBlue", "MacTealOnMac", "OldBlue"], "\(ios)")
        #expect(ios["Blue"]?.contains("current table") == true && ios["OldBlue"]?.contains("iOS table") == true)
        #expect(ios["MacTealOnMac"]?.contains("macOS table") == true && ios["MacTealOnMac"]?.hasSuffix("on mac") == true)
        #expect(ios["AnyGray"]?.contains("in light and dark alike") == true)
        // A Mac catalog: macOS values are duplicates, iOS-only values are not.
        let mac = try duplicates([
            "AppIcon.appiconset/Contents.json": Self.macIcon,
            "MacTeal.colorset/Contents.json": F.colorset([(Self.srgb("89", "173", "196"), ""), (Self.srgb("106", "196", "220"), F.dark)]),
            "IOSTeal.colorset/Contents.json": F.colorset([(Self.srgb("48", "176", "199"), ""), (Self.srgb("64", "200", "224"), F.dark)]),
        ])
        #expect(mac.keys.sorted() == ["MacTeal"], "\(mac)")
    }

    @Test("A policy sets severities, switches rules off and suppresses by asset glob")
    func policyApplied() throws {
        let files = [
            "Legacy/Contents.json": #"{"properties":{"provides-namespace":true}}"#,
            "Legacy/Old.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            "New.colorset/Contents.json": F.colorset([(Self.srgb("0.600", "0.400", "0.500"), "")]),
            // Dark variants elsewhere: the app supports Dark Mode. This one's dark equals its light.
            "Themed.colorset/Contents.json": F.colorset([
                (Self.srgb("0.200", "0.200", "0.200"), ""), (Self.srgb("0.200", "0.200", "0.200"), F.dark),
            ]),
        ]
        let policy = try GamutPolicy.parse(
            Array(
                """
                {
                  "severity": { "missing-dark-variant": "error", "dark-same-as-light": "off" },
                  "suppress": [ { "rule": "*", "assets": ["Legacy/*"], "reason": "sunset in 2027" } ],
                  "thresholds": { "sameColor": 2.0, "visibleClip": 1.5 },
                  "target": "srgb"
                }
                """.utf8), path: "policy.json")
        #expect(policy.settings.sameColor == 2 && policy.settings.visibleClip == 1.5)
        let findings = try Self.findings(files, policy: policy)
        #expect(findings.map(\.ruleID) == [RuleID.missingDarkVariant])
        #expect(findings.first?.severity == .error && findings.first?.location.asset == "New")
        // Without the policy: both sets miss dark, Themed's dark equals its light, nothing has increased contrast: advice.
        #expect(try Self.findings(files).isEmpty)
        #expect(
            try Self.findings(files, advisory: true).map { "\($0.location.asset ?? "") \($0.ruleID) \($0.severity)" }.sorted().prefix(3)
                == [
                    "Legacy/Old missing-dark-variant info", "Legacy/Old missing-high-contrast-variant info",
                    "New missing-dark-variant info",
                ])
        // A severity for an advisory rule turns it on.
        let highContrast = try GamutPolicy.parse(Array(#"{"severity": {"missing-high-contrast-variant": "warning"}}"#.utf8), path: "p")
        #expect(try Self.findings(files, policy: highContrast).filter { $0.ruleID == RuleID.missingHighContrastVariant }.count == 3)
    }

    @Test("A catalog's own .gamut-check.json is used")
    func catalogPolicyFile() throws {
        let root = try F.catalog([
            "Plain.colorset/Contents.json": F.colorset([(Self.srgb("0.300", "0.400", "0.500"), "")]),
            ".gamut-check.json": #"{"severity": {"missing-dark-variant": "off", "missing-high-contrast-variant": "off"}}"#,
        ])
        #expect(try CatalogAuditor.audit([root]).report.findings.isEmpty)
    }

    @Test(
        "Policy errors name the file and line",
        arguments: [
            ("{\n \"colour\": 1\n}", "line 2: unknown key \"colour\""),
            ("{\n \"severity\": {\n  \"no-such-rule\": \"error\"\n }\n}", "line 3: unknown rule"),
            ("{\"severity\": {\"missing-dark-variant\": \"fatal\"}}", "must be error, warning, info or off"),
            ("{\"thresholds\": {\"visibleClip\": -1}}", "out of range"),
            ("{\"thresholds\": {\"visibleclip\": 1}}", "unknown threshold"),
            ("{\"target\": \"gray-gamma-22\"}", "target must be one of"),
            ("{\"suppress\": [{\"rule\": \"color-collapse\"}]}", "needs \"assets\""),
            ("{\"suppress\": [{\"rule\": \"x\", \"assets\": [\"a\"]}]}", "needs \"rule\""),
            ("{\"target\": ", "invalid JSON"),
            ("{\"advisory\": \"yes\"}", "advisory must be true or false"),
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
        // Its clip keeps the hue (P3 green toward sRGB green): the sRGB-variant finding is advice; what is lost is not.
        #expect(Set(hero) == [RuleID.colorCollapse, RuleID.gradientClipping])
        #expect(audit.report.files.first { $0.path.hasSuffix("Hero.imageset/hero.png") }?.analysis?.width == 128)
        let advisory = try CatalogAuditor.audit([ExampleCatalogTests.catalog], showAdvisory: true).report.findings
        #expect(advisory.filter { $0.location.asset == "Hero" }.map(\.ruleID).contains(RuleID.imageNeedsSRGBVariant))
        #expect(advisory.filter { $0.location.asset == "Banner" }.map(\.ruleID).contains(RuleID.p3Image8Bit))
    }

    @Test("A set that doesn't ship gives one advisory finding per rule, even where one of its files was a warning")
    func notShippingMergesAdvice() throws {
        let root = TestScratch.folder("not-shipping-") + "/App/Tests/Fixtures.xcassets"
        let set = root + "/Sky.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: root + "/Contents.json"))
        try Data(
            #"{"images":[{"filename":"sky.png","idiom":"universal","scale":"1x"},{"filename":"sky@2x.png","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        // 8-bit Display P3: at 1x a sky posterized into 16 bands of 32 rows (green 40 → 115 by 5 codes, as the real-app
        // corpus seeds it), a warning where the catalog ships; at 2x one flat color, advice.
        func write(_ name: String, _ w: Int, _ h: Int, _ green: (Int) -> Int) throws {
            let samples = (0..<h).flatMap { y in (0..<w).flatMap { _ in [UInt8(40), UInt8(green(y)), UInt8(120)] } }
            let image = Image(pixels: try PixelBuffer(width: w, height: h, layout: .rgb, samples: samples), profile: .displayP3)
            try ImageFile.write(image, to: set + "/" + name)
        }
        try write("sky.png", 64, 512) { 40 + 5 * ($0 / 32) }
        try write("sky@2x.png", 128, 128) { _ in 80 }
        func eightBit(_ policy: GamutPolicy) throws -> [Finding] {
            try CatalogAuditor.audit([root], policy: policy, showAdvisory: true).report.findings.filter { $0.ruleID == .p3Image8Bit }
        }
        let shipping = try eightBit(XcodeFixtureTests.shipping)
        #expect(shipping.map(\.severity).sorted() == [.info, .warning])
        #expect(shipping.map { ($0.location.file as NSString).lastPathComponent }.sorted() == ["sky.png", "sky@2x.png"])
        // Under Tests the catalog doesn't ship: both are advice, so they are one finding listing both files.
        let fixtures = try eightBit(GamutPolicy())
        #expect(fixtures.count == 1)
        #expect(fixtures.first?.isAdvisory == true && fixtures.first?.severity == .info)
        #expect(fixtures.first?.location.files?.map { ($0 as NSString).lastPathComponent } == ["sky.png", "sky@2x.png"])
        #expect(fixtures.first?.message.hasPrefix("2 files of Sky (sky.png, sky@2x.png); largest: ") == true)
    }
}

@Suite("Catalog test harness")
struct CatalogTestHarnessTests {
    @Test("The harness fails on the demo catalog with Xcode-style lines naming files and lines")
    func failsOnDemo() throws {
        let catalogs = CatalogTestHarness.catalogs(under: "../../Examples", relativeTo: #filePath, levelsUp: 1)
        // Found recursively, sorted: the app catalog of Examples/CatalogHarnessApp (whose own test checks it), the demo.
        let harnessApp = ProfileTests.repositoryRoot.appendingPathComponent(
            "Examples/CatalogHarnessApp/Sources/HarnessApp/Assets.xcassets"
        ).path
        #expect(catalogs == [harnessApp, ExampleCatalogTests.catalog])
        do {
            try CatalogTestHarness.verify([ExampleCatalogTests.catalog], failOn: .error)
            Issue.record("the demo catalog passed")
        } catch let failure as CatalogAuditFailure {
            let lines = failure.description.split(separator: "\n").dropFirst()
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("/") && $0.contains(": error: ") })
            #expect(failure.description.contains("Broken.colorset/Contents.json:6: error: invalid JSON"))
            #expect(failure.findings.allSatisfy { $0.severity == .error })
        }
    }

    @Test("With a cache folder, a rerun fails with the same findings, from the kept analyses")
    func cached() throws {
        let folder = TestScratch.folder("gamutkit-harness-cache-") + "/analyses"
        func failing(_ cacheDirectory: String?) throws -> String {
            do {
                try CatalogTestHarness.verify([ExampleCatalogTests.catalog], cacheDirectory: cacheDirectory)
                Issue.record("the demo catalog passed")
                return ""
            } catch let failure as CatalogAuditFailure {
                return failure.description
            }
        }
        let plain = try failing(nil)
        #expect(plain.contains("hero.png"))
        #expect(try failing(folder) == plain)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(entries.count >= 5)
        // The rerun reads what the first kept (an entry made unreadable is analyzed again and rewritten).
        try Data().write(to: URL(fileURLWithPath: folder + "/" + entries[0]))
        #expect(try failing(folder) == plain)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted() == entries)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + entries[0])).count > 100)
    }

    @Test("A clean catalog passes and returns its audit; no catalog at all fails")
    func passes() throws {
        let root = try CatalogFixtures.catalog([
            "Teal.colorset/Contents.json": CatalogFixtures.colorset([
                (CatalogAuditTests.srgb("0x1A", "0x6E", "0x70"), ""),
                (CatalogAuditTests.srgb("0x4F", "0xB8", "0xBA"), CatalogFixtures.dark),
                (CatalogAuditTests.srgb("0x0B", "0x4A", "0x4C"), CatalogFixtures.highContrast),
            ])
        ])
        let audit = try CatalogTestHarness.verify([root], failOn: .info)
        #expect(audit.catalogs.first?.assets.map(\.name) == ["Teal"])
        #expect(throws: CatalogAuditFailure.self) { try CatalogTestHarness.verify([]) }
    }
}

extension CatalogAuditTests {
    @Test("One picture in an app icon set and an image set is one collapse finding naming both copies")
    func samePictureInTwoSets() throws {
        // A logo in sRGB red on a P3 red background: it vanishes on sRGB.
        var samples: [UInt16] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let inside = (x - 32) * (x - 32) + (y - 32) * (y - 32) < 400
                samples += (inside ? [0.919, 0.198, 0.137] : [1, 0, 0]).map { UInt16(($0 * 65535).rounded()) }
            }
        }
        let png = try PNG.encode(Image(pixels: try PixelBuffer(width: 64, height: 64, layout: .rgb, samples: samples), profile: .displayP3))
        let icon =
            #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
        let logo = #"{"images":[{"filename":"logo.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        let root = try F.catalog(
            ["AppIcon.appiconset/Contents.json": icon, "Logo.imageset/Contents.json": logo],
            binary: ["AppIcon.appiconset/icon.png": png, "Logo.imageset/logo.png": png])
        let collapses = try CatalogAuditor.audit([root]).report.findings.filter { $0.ruleID == RuleID.colorCollapse }
        #expect(collapses.count == 1, "\(collapses.map(\.message))")
        let names = (collapses.first?.location.files ?? []).map { ($0 as NSString).lastPathComponent }
        #expect(Set(names) == ["icon.png", "logo.png"])
        #expect(collapses.first?.message.contains("the same picture is") == true)
    }
}

extension CatalogAuditTests {
    @Test("A finding's JSON from before advice existed decodes as not advisory; advice survives a round trip")
    func findingDecoding() throws {
        let old =
            #"{"ruleID": "color-collapse", "severity": "error", "location": {"file": "a"}, "message": "m", "values": {}, "#
            + #""fixHint": "f", "swatches": []}"#
        let finding = try JSONDecoder().decode(Finding.self, from: Data(old.utf8))
        #expect(!finding.isAdvisory && finding.severity == .error)
        let advice = finding.advisory()
        let again = try JSONDecoder().decode(Finding.self, from: try JSONEncoder().encode(advice))
        #expect(again.isAdvisory && again.severity == .info && again == advice)
    }
}
