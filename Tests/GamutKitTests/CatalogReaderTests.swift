import Foundation
import Numerics
import Testing
@testable import GamutKit

@Suite("Reading asset catalogs")
struct CatalogReaderTests {
    typealias F = CatalogFixtures

    @Test("Components in every style Xcode has written decode to the right values")
    func componentStyles() throws {
        let root = try F.catalog([
            // Xcode's "8-bit (0-255)" style: "1" is 1/255 beside "123".
            "Integer.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "\"1\""), ("green", "\"123\""), ("blue", "\"255\""), ("alpha", "\"1.000\"")]), "")
            ]),
            "Float.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "\"0.200\""), ("green", "\"0.500\""), ("blue", "\"1.000\""), ("alpha", "\"0.500\"")]), "")
            ]),
            "Hex.colorset/Contents.json": F.colorset([
                (F.color("display-p3", [("red", "\"0xFF\""), ("green", "\"0x80\""), ("blue", "\"0x00\""), ("alpha", "\"1.000\"")]), "")
            ]),
            // Older Xcode: JSON numbers, 0–1 (a number 1 is 1.0, unlike the string "1").
            "Numbers.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "1"), ("green", "0.25"), ("blue", "0"), ("alpha", "1")]), "")
            ]),
            "Mixed.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "\"0xFF\""), ("green", "\"128\""), ("blue", "0.5"), ("alpha", "\"1.000\"")]), "")
            ]),
            "Gray.colorset/Contents.json": F.colorset([(F.color("gray-gamma-22", [("white", "\"0.500\""), ("alpha", "\"1.000\"")]), "")]),
            "Extended.colorset/Contents.json": F.colorset([
                (
                    F.color(
                        "extended-srgb", [("red", "\"1.100\""), ("green", "\"-0.050\""), ("blue", "\"0.000\""), ("alpha", "\"1.000\"")]), ""
                )
            ]),
        ])
        let catalog = try CatalogReader.read(root)
        #expect(F.components(catalog, "Integer") == [1.0 / 255, 123.0 / 255, 1])
        #expect(F.components(catalog, "Float") == [0.2, 0.5, 1])
        #expect(F.components(catalog, "Hex") == [1, 128.0 / 255, 0])
        #expect(F.components(catalog, "Numbers") == [1, 0.25, 0])
        #expect(F.components(catalog, "Mixed") == [1, 128.0 / 255, 0.5])
        #expect(F.components(catalog, "Gray") == [0.5])
        #expect(F.components(catalog, "Extended") == [1.1, -0.05, 0])
        if case .components(_, _, let alpha)? = catalog.assets.first(where: { $0.name == "Float" })?.colors.first?.color {
            #expect(alpha == 0.5)
        } else {
            Issue.record("Float has no components")
        }
        // "1" beside "123" is Xcode's integer style, not ambiguous; nothing else is wrong.
        #expect(catalog.readingFindings.isEmpty, "\(catalog.readingFindings.map(\.message))")
    }

    @Test("\"0\"/\"1\" beside decimal components is flagged with its line and key path")
    func ambiguous() throws {
        let root = try F.catalog([
            "A.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "\"1\""), ("green", "\"0.500\""), ("blue", "\"0\""), ("alpha", "\"1.000\"")]), "")
            ])
        ])
        let catalog = try CatalogReader.read(root)
        let flagged = catalog.readingFindings.filter { $0.ruleID == RuleID.ambiguousComponent }
        #expect(flagged.map(\.location.keyPath) == ["colors[0].color.components.red", "colors[0].color.components.blue"])
        #expect(flagged.allSatisfy { $0.location.line == 3 && $0.location.asset == "A" })
        #expect(F.components(catalog, "A") == [1.0 / 255, 0.5, 0])
    }

    @Test(
        "Malformed, out-of-range and mis-cased values are findings with file, line and key path",
        arguments: [
            (#""red" : "256", "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.red", RuleID.catalogInvalid),
            (#""red" : "0x1FF", "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.red", RuleID.catalogInvalid),
            (#""red" : "1.5", "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.red", RuleID.catalogInvalid),
            (#""red" : "abc", "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.red", RuleID.catalogInvalid),
            (#""red" : true, "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.red", RuleID.catalogInvalid),
            (#""green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components", RuleID.catalogInvalid),
            // A key no reference names is info, never an error, even mis-cased (the message names the key Xcode writes).
            (
                #""Red" : "0", "red" : "0", "green" : "0", "blue" : "0", "alpha" : "1.000""#, "colors[0].color.components.Red",
                RuleID.catalogUnknown
            ),
            (
                #""red" : "0", "green" : "0", "blue" : "0", "alpha" : "1.000", "cyan" : "0""#, "colors[0].color.components.cyan",
                RuleID.catalogUnknown
            ),
        ])
    func malformedComponents(components: String, keyPath: String, rule: RuleID) throws {
        let text =
            "{\n  \"colors\" : [\n    {\n      \"color\" : {\n        \"color-space\" : \"srgb\",\n        \"components\" : { \(components) }\n      },\n      \"idiom\" : \"universal\"\n    }\n  ]\n}\n"
        let root = try F.catalog(["Bad.colorset/Contents.json": text])
        let findings = try CatalogReader.read(root).readingFindings
        let finding = try #require(findings.first { $0.location.keyPath == keyPath }, "\(findings.map(\.message))")
        #expect(finding.ruleID == rule)
        #expect(finding.location.line == 6)
        #expect(finding.location.file == root + "/Bad.colorset/Contents.json")
    }

    @Test("Extended components past ±1000 are invalid, not a crash of the color math; large ones within it are audited")
    func extendedComponentLimit() throws {
        func colorset(_ red: String) -> String {
            #"{"colors":[{"color":{"color-space":"extended-srgb","components":{"red":\#(red),"green":"0.5","blue":"-0.2","alpha":"1.000"}},"idiom":"universal"}]}"#
        }
        // The fuzzer's crash: "1e300" passed the extended-range check and trapped converting ±inf to an integer.
        let root = try F.catalog([
            "Huge.colorset/Contents.json": colorset(#""1e300""#), "HugeNumber.colorset/Contents.json": colorset("-2000"),
            "Large.colorset/Contents.json": colorset(#""999.5""#), "Edge.colorset/Contents.json": colorset("-1000"),
        ])
        let catalog = try CatalogReader.read(root)
        let invalid = catalog.readingFindings.filter { $0.ruleID == RuleID.catalogInvalid }
        #expect(invalid.map(\.location.keyPath) == ["colors[0].color.components.red", "colors[0].color.components.red"])
        #expect(Set(invalid.compactMap(\.location.asset)) == ["Huge", "HugeNumber"])
        #expect(invalid.first?.message.contains("outside −1000…1000") == true)
        #expect(F.components(catalog, "Large") == [999.5, 0.5, -0.2])
        #expect(F.components(catalog, "Edge") == [-1000, 0.5, -0.2])
        // The whole audit, with contrast and color-vision checks over the large colors, and a fix plan run through.
        let policy = try GamutPolicy.parse(
            Array(
                #"{"contrast": [{"foreground": "Large", "background": "Edge"}], "distinct": [{"name": "g", "colors": ["Large", "Edge"]}]}"#
                    .utf8),
            path: "p.json")
        let audit = try CatalogAuditor.audit([root], policy: policy)
        #expect(audit.findings.contains { $0.location.asset == "Huge" && $0.ruleID == RuleID.catalogInvalid })
        _ = try CatalogFixer.plan(root, options: .init(policy: policy))
    }

    @Test("Appearances, idioms and display gamuts, with mis-cased and unknown values reported")
    func variants() throws {
        let srgb = F.color("srgb", [("red", "\"0.1\""), ("green", "\"0.2\""), ("blue", "\"0.3\""), ("alpha", "\"1.000\"")])
        let root = try F.catalog([
            "V.colorset/Contents.json": F.colorset([
                (srgb, ""),
                (srgb, F.dark),
                (
                    srgb,
                    #""appearances" : [ { "appearance" : "luminosity", "value" : "dark" }, { "appearance" : "contrast", "value" : "high" } ], "display-gamut" : "display-P3""#
                ),
                (srgb, #""display-gamut" : "sRGB""#),
                (srgb, #""display-gamut" : "Display-P3""#),
                (srgb, #""appearances" : [ { "appearance" : "luminosity", "value" : "Dark" } ]"#),
                (srgb, #""appearances" : [ { "appearance" : "vibrancy", "value" : "high" } ]"#),
                (srgb, #""idiom" : "iphone""#),
            ])
        ])
        let catalog = try CatalogReader.read(root)
        let colors = try #require(catalog.assets.first?.colors)
        #expect(
            colors.map(\.appearance) == [
                .any, .init(luminosity: .dark), .init(luminosity: .dark, highContrast: true), .any, .any, .any, .any, .any,
            ])
        #expect(colors.map(\.displayGamut) == [nil, nil, .displayP3, .sRGB, nil, nil, nil, nil])
        let messages = catalog.readingFindings.map { "\($0.ruleID) \($0.location.keyPath ?? "")" }
        #expect(messages.contains("catalog-invalid colors[4].display-gamut"))
        #expect(messages.contains("catalog-invalid colors[5].appearances[0]"))
        #expect(messages.contains("catalog-unknown colors[6].appearances[0]"))
        // The last entry repeats "idiom" (the helper writes universal too): a duplicate key, reported.
        #expect(messages.contains("catalog-invalid colors[7].idiom"))
    }

    @Test(
        "Broken JSON is reported with its line; reading goes on with the other sets",
        arguments: [
            ("{\n  \"colors\" : [\n    { \"idiom\" : \"universal\" \n    \"color\" : {} }\n  ]\n}\n", 4),
            ("{\n  \"colors\" : [\n", 3),
            ("", 1),
            ("[1, 2]", 1),
            ("{\"a\": \"unterminated\n}", 1),
            (String(repeating: "[", count: 500), 1),
            ("{\"a\": 1e999}", 1),
            ("\u{FEFF}{\"colors\": [}", 1),
        ])
    func brokenJSON(text: String, line: Int) throws {
        let root = try F.catalog([
            "Broken.colorset/Contents.json": text,
            "Fine.colorset/Contents.json": F.colorset([
                (F.color("srgb", [("red", "\"0.1\""), ("green", "\"0.2\""), ("blue", "\"0.3\""), ("alpha", "\"1.000\"")]), "")
            ]),
        ])
        let catalog = try CatalogReader.read(root)
        let finding = try #require(catalog.readingFindings.first { $0.ruleID == RuleID.catalogSyntax })
        #expect(finding.location.file.hasSuffix("Broken.colorset/Contents.json"))
        #expect(finding.location.line == line)
        #expect(F.components(catalog, "Fine") == [0.1, 0.2, 0.3])
    }

    @Test("Invalid UTF-8 and binary garbage don't crash the reader")
    func garbage() throws {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let root = try F.catalog([:], binary: ["G.colorset/Contents.json": bytes, "H.imageset/Contents.json": [0xFF, 0xFE, 0x7B]])
        let findings = try CatalogReader.read(root).readingFindings
        #expect(findings.filter { $0.ruleID == RuleID.catalogSyntax }.count == 2)
    }

    @Test("Namespaced groups prefix names; other set types are listed")
    func namespaces() throws {
        let set = F.colorset([
            (F.color("srgb", [("red", "\"0.1\""), ("green", "\"0.2\""), ("blue", "\"0.3\""), ("alpha", "\"1.000\"")]), "")
        ])
        let root = try F.catalog([
            "Brand/Contents.json": #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#,
            "Brand/Accent.colorset/Contents.json": set,
            "Brand/Inner/Deep.colorset/Contents.json": set,
            "Plain/Base.colorset/Contents.json": set,
            "Sound.dataset/Contents.json": #"{"data":[],"info":{"version":1}}"#,
        ])
        let catalog = try CatalogReader.read(root)
        #expect(catalog.assets.map(\.name) == ["Brand/Accent", "Brand/Deep", "Base", "Sound"])  // Inner provides no namespace
        #expect(catalog.assets.last?.kind == .other("dataset"))
        #expect(catalog.readingFindings.map(\.ruleID) == [RuleID.notChecked])
        // Marked as advice like every finding of an advisory rule, so JSON and SARIF say so too.
        #expect(catalog.readingFindings.first?.severity == .info && catalog.readingFindings.first?.isAdvisory == true)
    }

    @Test("App icon sets: Xcode's keys (size, scale, platform) are read without findings; the icon is analyzed")
    func appIcon() throws {
        let icon = Image(
            pixels: try PixelBuffer(width: 16, height: 16, layout: .rgb, samples: [UInt16](repeating: 30000, count: 16 * 16 * 3)),
            profile: .displayP3)
        let root = try F.catalog(
            [
                "AppIcon.appiconset/Contents.json": #"""
                {
                  "images" : [
                    { "filename" : "icon.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
                    { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
                    { "idiom" : "mac", "scale" : "2x", "size" : "512x512" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """#
            ], binary: ["AppIcon.appiconset/icon.png": try PNG.encode(icon)])
        let catalog = try CatalogReader.read(root)
        let set = try #require(catalog.assets.first)
        #expect(set.kind == .appIconSet && set.images.count == 3)
        #expect(set.images.map(\.filename) == ["icon.png", nil, nil])
        #expect(set.images.map(\.appearance.luminosity) == [.any, .dark, .any])
        #expect(catalog.readingFindings.isEmpty, "\(catalog.readingFindings.map(\.message))")
        // A gray P3 icon: inside sRGB, so the only image finding is that the wide profile buys nothing: advisory,
        // left out unless asked for, and counted.
        let audit = try CatalogAuditor.audit([root])
        #expect(audit.report.findings.isEmpty)
        #expect(audit.report.notShown == [RuleID.wideProfileFitsSRGB: 1])
        #expect(try CatalogAuditor.audit([root], showAdvisory: true).report.findings.map(\.ruleID) == [RuleID.wideProfileFitsSRGB])
    }

    @Test("Data and symbol sets are read for their files and keys; slicing is checked; unknown keys are info, never errors")
    func otherSetTypesAndSlicing() throws {
        let root = try F.catalog([
            "Config.dataset/Contents.json":
                #"{"data":[{"filename":"config.json","idiom":"universal","universal-type-identifier":"public.json"},{"filename":"gone.json","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
            "Config.dataset/config.json": "{}",
            "star.symbolset/Contents.json":
                #"{"info":{"author":"xcode","version":1},"properties":{"symbol-rendering-intent":"multicolor"},"symbols":[{"filename":"star.svg","idiom":"universal"}]}"#,
            "star.symbolset/star.svg": "<svg/>",
            "star.symbolset/old-star.svg": "<svg/>",
            "Pill.imageset/Contents.json":
                #"{"images":[{"filename":"pill.png","idiom":"universal","resizing":{"mode":"3-part-vertical","capInsets":{"top":4,"bottom":4},"center":{"mode":"stretch","height":1}},"alignment-insets":{"top":1,"bottom":1,"left":0,"right":0}},{"idiom":"universal","resizing":{"mode":"5-part"},"scale":"2x"},{"idiom":"universal","resizing":"9-part","scale":"3x","colour":"red"}],"info":{"author":"xcode","version":1}}"#,
            "Pill.imageset/pill.png": "x",
        ])
        let catalog = try CatalogReader.read(root)
        let findings = catalog.readingFindings.map {
            "\($0.ruleID) \($0.severity) \(($0.location.file as NSString).lastPathComponent) \($0.location.keyPath ?? "")"
        }
        #expect(
            findings.sorted() == [
                "catalog-invalid error Contents.json images[2].resizing",  // not an object
                "catalog-unknown info Contents.json images[1].resizing.mode",  // no such slicing mode
                "catalog-unknown info Contents.json images[2].colour",  // a key no reference names
                "missing-file error Contents.json data[1].filename",
                "not-checked info Config.dataset ",  // listed: advisory
                "not-checked info star.symbolset ",
                "unreferenced-file warning old-star.svg ",
            ], "\(findings)")
        // The sets themselves are listed as not checked (advisory); their entries are not images to analyze.
        #expect(catalog.assets.filter { $0.kind == .other("dataset") || $0.kind == .other("symbolset") }.allSatisfy { $0.images.isEmpty })
    }

    @Test("System color references resolve from the HIG table; every documented name is known; a misspelled one is reported")
    func systemReferences() throws {
        let root = try F.catalog([
            "S.colorset/Contents.json": F.colorset([
                (#"{ "platform" : "ios", "reference" : "systemRedColor" }"#, ""),
                (#"{ "platform" : "ios", "reference" : "systemGray2Color" }"#, F.dark),
                (#"{ "platform" : "ios", "reference" : "labelColor" }"#, F.highContrast),
                (#"{ "platform" : "osx", "reference" : "controlAccentColor" }"#, #""idiom" : "mac""#),
                (#"{ "platform" : "ios", "reference" : "systemBackgroundColor" }"#, #""idiom" : "iphone""#),
                (#"{ "platform" : "ios", "reference" : "sytemBlueColor" }"#, #""idiom" : "ipad""#),
            ])
        ])
        let catalog = try CatalogReader.read(root)
        let audit = try CatalogAuditor.audit([root])
        #expect(SystemColors.resolve(reference: "systemRedColor")?.light == [255, 56, 60])
        #expect(SystemColors.resolve(reference: "systemGray2Color")?.value(for: .init(luminosity: .dark)) == [99, 99, 102])
        #expect(SystemColors.resolve(reference: "labelColor") == nil)
        for name in [
            "labelColor", "systemBackgroundColor", "secondarySystemGroupedBackgroundColor", "controlAccentColor",
            "windowBackgroundColor", "tintColor", "clearColor", "systemGray6Color", "systemMintColor",
        ] {
            #expect(SystemColors.isDocumented(reference: name), "\(name)")
        }
        #expect(!SystemColors.isDocumented(reference: "sytemBlueColor") && !SystemColors.isDocumented(reference: "Color"))
        #expect(catalog.assets.first?.colors.count == 6)
        // The duplicate "idiom" keys the helper writes are reported on their own; only the misspelled name is unresolved.
        let unresolved = audit.report.findings.filter { $0.ruleID == RuleID.unresolvedSystemColor }
        #expect(unresolved.count == 1 && unresolved.first?.location.keyPath == "colors[5]")
        // A set of system references is not a custom color: no appearance findings.
        #expect(!audit.report.findings.contains { $0.ruleID == RuleID.missingDarkVariant })
    }

    @Test("The bundled system color table is the HIG's, verbatim")
    func systemTable() throws {
        #expect(SystemColors.current.count == 18)
        #expect(SystemColors.all.count > 18)
        // The HIG's table, as shared/ holds it: a missing file fails the test rather than skipping the comparison.
        let shared = CLIRoot.shared.appendingPathComponent("hig/system-colors.json").path
        let published = try #require(FileManager.default.contents(atPath: shared), "missing reference file \(shared)")
        #expect(
            String(decoding: published, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                == SystemColors.publishedJSON.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("Filenames that leave the set, and symbolic links out of the catalog, are refused; link loops end")
    func pathSafety() throws {
        let outside = F.temporaryFolder()
        try F.write(Array("secret".utf8), outside + "/secret.png")
        let images =
            #"{"images":[{"filename":"../../escape.png","idiom":"universal"},{"filename":"/etc/passwd","idiom":"universal"},"#
            + #"{"filename":"link.png","idiom":"universal"},{"filename":"missing.png","idiom":"universal"},{"filename":"..","idiom":"universal"}],"info":{"version":1}}"#
        let root = try F.catalog(["Escape.imageset/Contents.json": images, "Escape.imageset/extra.png": "x"])
        try FileManager.default.createSymbolicLink(atPath: root + "/Escape.imageset/link.png", withDestinationPath: outside + "/secret.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/Loop", withDestinationPath: root)
        try FileManager.default.createDirectory(atPath: root + "/Group", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Group/Back", withDestinationPath: root + "/Group")
        try FileManager.default.createSymbolicLink(atPath: root + "/Out.colorset", withDestinationPath: outside)
        // A set whose Contents.json is a link to a file outside the catalog.
        try F.write(
            Array(F.colorset([(F.color("srgb", [("red", "1"), ("green", "0"), ("blue", "0"), ("alpha", "1")]), "")]).utf8),
            outside + "/Contents.json")
        try FileManager.default.createDirectory(atPath: root + "/Linked.colorset", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/Linked.colorset/Contents.json", withDestinationPath: outside + "/Contents.json")
        let catalog = try CatalogReader.read(root)
        let unsafe = catalog.readingFindings.filter { $0.ruleID == RuleID.unsafePath }
        #expect(
            Set(unsafe.compactMap(\.location.keyPath)) == [
                "images[0].filename", "images[1].filename", "images[2].filename", "images[4].filename",
            ])
        #expect(unsafe.contains { $0.location.file == root + "/Out.colorset" && $0.message.contains("outside the catalog") })
        #expect(unsafe.contains { $0.location.file == root + "/Loop" })
        #expect(catalog.readingFindings.contains { $0.ruleID == RuleID.missingFile && $0.location.keyPath == "images[3].filename" })
        #expect(catalog.readingFindings.contains { $0.ruleID == RuleID.unreferencedFile && $0.location.file.hasSuffix("extra.png") })
        #expect(catalog.assets.first { $0.name == "Escape" }?.images.allSatisfy { $0.path == nil } == true)
        #expect(!catalog.assets.contains { $0.name == "Out" })
        #expect(
            unsafe.contains {
                $0.location.file == root + "/Linked.colorset/Contents.json" && $0.message.contains("outside the catalog; not read")
            })
        #expect(catalog.assets.first { $0.name == "Linked" }?.colors.isEmpty == true)
        #expect(!catalog.contentsFiles.contains(root + "/Linked.colorset/Contents.json"))
    }

    @Test("A path that is not a folder is a typed error naming it")
    func notACatalog() throws {
        #expect(throws: GamutError.self) { try CatalogReader.read("/nonexistent/Nope.xcassets") }
        do {
            _ = try CatalogReader.read(CLIRoot.repository.appendingPathComponent("Package.swift").path)
        } catch {
            #expect(error.code == .invalidCatalog && error.path?.hasSuffix("Package.swift") == true)
        }
    }

    @Test("The JSON reader keeps strings, numbers as written, escapes and lines")
    func locatedJSON() throws {
        let json = try LocatedJSON.parse(
            Array("{\n \"a\" : \"x\\u00e9\\ud83c\\udf08\\n\",\n \"b\" : [1, -2.5e1, true, null],\n \"c\" : \"1\"\n}".utf8))
        #expect(json["a"]?.string == "xé🌈\n")
        #expect(json["a"]?.line == 2 && json["b"]?.line == 3)
        if case .number(let text, let value)? = json["b"]?.elements?[1].value {
            #expect(text == "-2.5e1" && value == -25)
        } else {
            Issue.record("b[1]")
        }
        #expect(json["c"]?.string == "1")
        #expect(throws: LocatedJSON.SyntaxError.self) { try LocatedJSON.parse(Array("{\"a\": 01x}".utf8)) }
        #expect(throws: LocatedJSON.SyntaxError.self) { try LocatedJSON.parse(Array("\"\\ud800x\"".utf8)) }
    }
}

/// Paths used by several suites.
enum CLIRoot {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `../shared` beside the repository, when it is there (not in a fresh clone).
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
}
