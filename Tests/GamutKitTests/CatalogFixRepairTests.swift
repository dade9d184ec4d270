import Foundation
import Testing
@testable import GamutKit

/// `CatalogFixer` on the shapes real catalogs have: sets with `display-gamut` sRGB slots, device-specific variants,
/// files in other encodings and older key orders, and a second run on fixed output.
@Suite("Fixing real-world catalog shapes")
struct CatalogFixRepairTests {
    typealias F = CatalogFixtures

    static let gamutRules: Set<RuleID> = [
        RuleID.colorNeedsSRGBVariant, RuleID.colorCollapse, RuleID.srgbSlotOutOfGamut,
        RuleID.unpairedDisplayGamut,
    ]

    static func entry(_ space: String, _ rgb: [String], extra: String = "") -> (color: String, extra: String) {
        (F.color(space, [("red", "\"\(rgb[0])\""), ("green", "\"\(rgb[1])\""), ("blue", "\"\(rgb[2])\""), ("alpha", "\"1.000\"")]), extra)
    }

    /// Applies the plan, then checks the audit has no gamut finding left and a second plan changes and reports nothing.
    @discardableResult
    static func fixAndRecheck(_ root: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CatalogFix {
        let fix = try CatalogFixer.plan(root, options: .advising)
        try fix.apply()
        let left = try CatalogAuditor.audit([root], showAdvisory: true).report.findings.filter { gamutRules.contains($0.ruleID) }
        #expect(left.isEmpty, "\(left.map(\.message))", sourceLocation: sourceLocation)
        let again = try CatalogFixer.plan(root, options: .advising)
        #expect(
            again.isEmpty && again.variants.isEmpty && again.diff.isEmpty, "second run: \(again.variants) \(again.diff)",
            sourceLocation: sourceLocation)
        return fix
    }

    @Test("An sRGB slot holding a color outside sRGB is corrected in place; its display-P3 partner stays")
    func sRGBSlotOutOfGamut() throws {
        let root = try F.catalog([
            "Mixup.colorset/Contents.json": F.colorset([
                Self.entry("display-p3", ["0.400", "0.500", "0.600"], extra: #""display-gamut" : "display-P3""#),
                Self.entry("display-p3", ["1.000", "0.100", "0.100"], extra: #""display-gamut" : "sRGB""#),
            ])
        ])
        let fix = try Self.fixAndRecheck(root)
        #expect(fix.variants.count == 1)
        let catalog = try CatalogReader.read(root)
        let colors = try #require(catalog.assets.first?.colors)
        #expect(colors.count == 2 && colors.map(\.displayGamut) == [.displayP3, .sRGB])
        guard case .components(let space, let values, _)? = colors[1].color else { Issue.record("no sRGB value"); return }
        // The P3 entry is inside sRGB: its sRGB value is the same color (P3 0.4, 0.5, 0.6 in sRGB, to 3 decimals).
        let expected = try DisplaySimulation(source: .displayP3).evaluate([0.4, 0.5, 0.6]).targetLinear.map {
            TransferFunction.sRGB.encode($0)
        }
        #expect(space == .sRGB && zip(values, expected).allSatisfy { abs($0 - $1) <= 0.0006 }, "\(values) vs \(expected)")
    }

    @Test("An sRGB slot beside an entry without display-gamut: the entry is marked display-P3, the designer's sRGB value kept")
    func sRGBSlotWithoutPartner() throws {
        let original = F.colorset([
            Self.entry("display-p3", ["1.000", "0.300", "0.200"]),
            Self.entry("srgb", ["0.950", "0.350", "0.250"], extra: #""display-gamut" : "sRGB""#),
            Self.entry("srgb", ["0.300", "0.300", "0.300"], extra: F.dark),
            Self.entry("srgb", ["0.350", "0.350", "0.350"], extra: F.dark + #", "display-gamut" : "sRGB""#),
        ])
        let root = try F.catalog(["Brand.colorset/Contents.json": original])
        let fix = try Self.fixAndRecheck(root)
        #expect(fix.variants.count == 2, "\(fix.variants)")
        let updated = try String(contentsOfFile: root + "/Brand.colorset/Contents.json", encoding: .utf8)
        // Only the two markers were added; every other line is unchanged, the sRGB values included.
        #expect(updated.components(separatedBy: "\"display-gamut\" : \"display-P3\"").count == 3)
        #expect(updated.replacingOccurrences(of: "\"display-gamut\" : \"display-P3\", ", with: "") == original)
    }

    @Test("Image sets with display-gamut slots: display-P3 images get sRGB partners; an image beside an sRGB one is marked display-P3")
    func imageSlots() throws {
        let gray = try PNG.encode(ExampleCatalog.swatchImage(.displayP3, [0.5, 0.5, 0.5]))
        let srgb = try PNG.encode(ExampleCatalog.swatchImage(.sRGB, [0.5, 0.5, 0.5]))
        let root = try F.catalog(
            [
                "Gallery.imageset/Contents.json":
                    #"{"images":[{"display-gamut":"display-P3","filename":"g1.png","idiom":"universal","scale":"1x"},{"display-gamut":"display-P3","filename":"g2.png","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#,
                "Cover.imageset/Contents.json":
                    #"{"images":[{"filename":"cover.png","idiom":"universal"},{"display-gamut":"sRGB","filename":"cover-srgb.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#,
            ],
            binary: [
                "Gallery.imageset/g1.png": gray, "Gallery.imageset/g2.png": gray, "Cover.imageset/cover.png": gray,
                "Cover.imageset/cover-srgb.png": srgb,
            ])
        let before = try CatalogAuditor.audit([root]).report.findings.filter { $0.ruleID == RuleID.unpairedDisplayGamut }
        #expect(before.count == 2 && before.first { $0.location.asset == "Gallery" }?.values["entries"] == 2)
        let fix = try Self.fixAndRecheck(root)
        #expect(
            fix.changes.filter { $0.kind == .created }.map { ($0.path as NSString).lastPathComponent }.sorted() == [
                "g1-sRGB.png", "g2-sRGB.png",
            ])
        let cover = try #require(try CatalogReader.read(root).assets.first { $0.name == "Cover" })
        #expect(cover.images.map(\.displayGamut) == [.displayP3, .sRGB])
    }

    @Test("Colors collapse on the device that shows them together: a universal color and another set's iphone variant")
    func deviceCollapse() throws {
        let root = try F.catalog([
            "Go.colorset/Contents.json": F.colorset([Self.entry("display-p3", ["0.000", "1.000", "0.000"])]),
            "GoPhone.colorset/Contents.json": F.colorset([
                Self.entry("srgb", ["0.500", "0.500", "0.500"]),
                Self.entry("display-p3", ["0.180", "0.980", "0.120"], extra: #""idiom" : "iphone""#),
            ]),
        ])
        let before = try CatalogAuditor.audit([root]).report.findings.filter { $0.ruleID == RuleID.colorCollapse }
        #expect(before.count == 1 && before.first?.message.contains("on iphone") == true, "\(before.map(\.message))")
        try Self.fixAndRecheck(root)
    }

    @Test(
        "A fixed universal color keeps the promised separation from an iphone variant the same device shows beside it, after quantization")
    func deviceSpecificNeighbour() throws {
        // Go's P3 green needs an sRGB variant; CSS mapping would put it at sRGB 0, 0.986, 0.160, right on top of GoPhone's
        // iphone color, which an iPhone shows beside it.
        let root = try F.catalog([
            "Go.colorset/Contents.json": F.colorset([Self.entry("display-p3", ["0.000", "1.000", "0.000"])]),
            "GoPhone.colorset/Contents.json": F.colorset([
                Self.entry("srgb", ["0.500", "0.500", "0.500"]),
                Self.entry("srgb", ["0.000", "0.985", "0.160"], extra: #""idiom" : "iphone""#),
            ]),
        ])
        try Self.fixAndRecheck(root)
        let catalog = try CatalogReader.read(root)
        let entry = try #require(catalog.assets.first { $0.name == "Go" }?.colors.first { $0.displayGamut == .sRGB })
        guard case .components(.sRGB, let values, _)? = entry.color else { Issue.record("no sRGB entry"); return }
        let srgb = try DisplaySimulation(source: .sRGB), p3 = try DisplaySimulation(source: .displayP3)
        let phone = Lab(xyzD50: srgb.sourceXYZ([0, 0.985, 0.16]))
        let source = CIEDE2000.difference(Lab(xyzD50: p3.sourceXYZ([0, 1, 0])), phone)
        let written = CIEDE2000.difference(Lab(xyzD50: srgb.sourceXYZ(values)), phone)
        #expect(source > 2 && written >= 2, "ΔE00 \(written) (source \(source)) for \(values)")
    }

    @Test("New values follow the file's encoding and precision: trimmed JSON numbers, long decimals, an ambiguous entry")
    func precisionAndStyle() throws {
        // Numbers written without trailing zeros (1, 0.5): the new ones are too, with 3 decimals at most here.
        let numbers = """
            {
              "colors" : [
                {
                  "color" : {
                    "color-space" : "display-p3",
                    "components" : { "alpha" : 1, "blue" : 0.125, "green" : 1, "red" : 0 }
                  },
                  "idiom" : "universal"
                }
              ],
              "info" : { "author" : "xcode", "version" : 1 }
            }

            """
        // Six decimals in the file: the new strings have six.
        let long = F.colorset([
            (
                F.color(
                    "display-p3",
                    [
                        ("red", "\"0.000000\""), ("green", "\"1.000000\""), ("blue", "\"0.000000\""),
                        ("alpha", "\"1.000000\""),
                    ]), ""
            )
        ])
        // "0"/"1" could be 8-bit or floating point: the file's other entry (hex) decides.
        let ambiguous = F.colorset([
            (F.color("display-p3", [("red", "\"0\""), ("green", "\"1\""), ("blue", "\"0\""), ("alpha", "\"1.000\"")]), ""),
            (F.color("srgb", [("red", "\"0x1A\""), ("green", "\"0x2B\""), ("blue", "\"0x3C\""), ("alpha", "\"1.000\"")]), F.dark),
        ])
        let root = try F.catalog([
            "Numbers.colorset/Contents.json": numbers, "Long.colorset/Contents.json": long,
            "Ambiguous.colorset/Contents.json": ambiguous,
        ])
        _ = ambiguous
        let fix = try CatalogFixer.plan(root, options: .advising)
        func added(_ name: String) throws -> [String] {
            let change = try #require(fix.changes.first { $0.path.hasSuffix("/\(name).colorset/Contents.json") })
            let json = try LocatedJSON.parse(change.updated)
            let entry = try #require(json["colors"]?.elements?.first { $0["display-gamut"]?.string == "sRGB" })
            return try ["red", "green", "blue"].map { key in
                String(decoding: change.updated[try #require(entry["color"]?["components"]?[key]).range], as: UTF8.self)
            }
        }
        let n = try added("Numbers")
        #expect(n.allSatisfy { $0.wholeMatch(of: /0|1|0\.\d{0,2}[1-9]/) != nil }, "\(n)")
        #expect(try added("Long").allSatisfy { $0.wholeMatch(of: /"[01]\.\d{6}"/) != nil })
        // P3 0, 1/255, 0 is inside sRGB: no fix needed for Ambiguous. A wide hex color gets hex.
        #expect(!fix.changes.contains { $0.path.contains("Ambiguous") })
        let hexRoot = try F.catalog([
            "Hex.colorset/Contents.json": F.colorset([
                (F.color("display-p3", [("red", "\"0\""), ("green", "\"255\""), ("blue", "\"0\""), ("alpha", "\"1.000\"")]), ""),
                (F.color("srgb", [("red", "\"0x1a\""), ("green", "\"0x2b\""), ("blue", "\"0x3c\""), ("alpha", "\"1.000\"")]), F.dark),
            ])
        ])
        let hexFix = try CatalogFixer.plan(hexRoot, options: .advising)
        let hexText = String(decoding: try #require(hexFix.changes.first).updated, as: UTF8.self)
        // Integer strings in the entry itself win; "255" is unambiguous.
        #expect(hexText.contains(#""color-space" : "srgb", "components" : { "red" : ""#))
        let written = try #require(hexFix.variants.first).written
        #expect(written.hasPrefix("color(srgb "))
        #expect(
            ComponentStyle(
                components: try LocatedJSON.parse(Array(#"{"red":"0","green":"1","blue":"0"}"#.utf8)),
                file: try LocatedJSON.parse(Array(ambiguous.utf8))) == .hexString(uppercase: true))
        #expect(
            ComponentStyle(components: try LocatedJSON.parse(Array(#"{"red":1,"green":0.5,"blue":0}"#.utf8)))
                == .number(decimals: 3, trimmed: true))
        #expect(ComponentStyle.number(decimals: 3, trimmed: true).format(0.5) == "0.5")
        #expect(ComponentStyle.number(decimals: 3, trimmed: true).format(1) == "1")
        #expect(ComponentStyle.decimalString(decimals: 3, trimmed: true).format(1) == "\"1.0\"")
    }

    @Test("Old-style files (info first, idiom first, unsorted keys): every key keeps its place, the new one goes before the color")
    func oldStyleKeyOrder() throws {
        let old = """
            {
              "info" : {
                "version" : 1,
                "author" : "xcode"
              },
              "colors" : [
                {
                  "idiom" : "universal",
                  "color" : {
                    "color-space" : "display-p3",
                    "components" : {
                      "red" : "0.000",
                      "alpha" : "1.000",
                      "blue" : "0.000",
                      "green" : "1.000"
                    }
                  }
                }
              ]
            }
            """
        let root = try F.catalog(["Old.colorset/Contents.json": old])
        let fix = try CatalogFixer.plan(root, options: .advising)
        let change = try #require(fix.changes.first)
        let json = try LocatedJSON.parse(change.updated)
        #expect(json.members?.map(\.key) == ["info", "colors"])
        #expect(json["info"]?.members?.map(\.key) == ["version", "author"])
        let entries = try #require(json["colors"]?.elements)
        #expect(
            entries.map { $0.members?.map(\.key) ?? [] } == [["idiom", "display-gamut", "color"], ["idiom", "display-gamut", "color"]])
        #expect(
            entries.map { $0["color"]?["components"]?.members?.map(\.key) ?? [] }
                == Array(repeating: ["red", "alpha", "blue", "green"], count: 2))
        // Lines are only added, and the file still ends without a newline, as it did.
        let diff = fix.diff.split(separator: "\n").filter { !$0.hasPrefix("---") }
        #expect(!diff.contains { $0.hasPrefix("-") })
        #expect(change.updated.last == UInt8(ascii: "}"))
        try Self.fixAndRecheck(root)
    }
}
