import Foundation
import Testing
@testable import GamutKit

/// The catalogs of `Fixtures/XcodeCatalogs`, written as Xcode writes them: one app (`Shop`, iOS with Dark Mode) with
/// its widget, watch and Mac catalogs — Xcode's template `AccentColor` and `WidgetBackground`, an app icon with dark
/// and tinted variants, 9- and 3-part slicing, system color references (iOS and macOS, semantic and standard), data and
/// symbol sets, untagged art, a Generic RGB photo, a WebP named `.png`, a PDF. Four findings are seeded on purpose, all
/// of them advice (nothing is lost on sRGB): nothing may be reported at warning or error. The fixtures live under `Tests`,
/// where catalogs don't ship, so they are audited with a policy that says they do (`shipping`).
@Suite("Catalogs as Xcode writes them")
struct XcodeFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/XcodeCatalogs").path
    static let catalogs = ["Shop", "ShopWidget", "ShopWatch", "ShopMac"].map { folder + "/\($0).xcassets" }

    /// The advice seeded on purpose: set, rule, severity.
    static let seeded: Set<String> = [
        "Colors/Sale color-needs-srgb-variant info",  // a P3 red with no sRGB fallback; its clip keeps the hue
        "Hero image-needs-srgb-variant info",  // a P3 image that clips, keeping hue, at three scales: one finding
        "WidgetTint missing-dark-variant info",  // light only, in an app with Dark Mode; no declared role
        "Go system-color-duplicate info",  // macOS's earlier green, light and dark, in the Mac app
    ]

    /// The defaults, with every catalog taken as shipping.
    static let shipping: GamutPolicy = {
        var policy = GamutPolicy()
        policy.notShipping = []
        return policy
    }()

    /// ``shipping`` with advice shown.
    static var advising: GamutPolicy {
        var policy = shipping
        policy.showsAdvisory = true
        return policy
    }

    /// Every `Contents.json` of the fixtures.
    static func contentsFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix("Contents.json") }.sorted().map {
            folder + "/" + $0
        }
    }

    /// A JSON value as Xcode writes it: keys sorted, two-space indent, `"key" : value`.
    static func xcodeText(_ json: LocatedJSON) -> XcodeJSON {
        switch json.value {
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, xcodeText($0.value)) })
        case .array(let elements): .array(elements.map(xcodeText))
        case .string(let s): .string(s)
        case .number(let text, _): .number(text)
        case .bool(let b): .bool(b)
        case .null: .number("null")
        }
    }

    @Test("The fixtures are byte for byte in Xcode's layout (sorted keys, \" : \", two-space indent, final newline)")
    func xcodeLayout() throws {
        let files = try Self.contentsFiles()
        #expect(files.count == 37)
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: file))
            let json = try LocatedJSON.parse(Array(bytes))
            #expect(String(decoding: bytes, as: UTF8.self) == Self.xcodeText(json).text, "\(file)")
        }
    }

    @Test("Every key and value is accepted: no reading finding at all, and what was read is right")
    func readsEverything() throws {
        for path in Self.catalogs {
            let catalog = try CatalogReader.read(path)
            #expect(
                catalog.readingFindings.filter { $0.ruleID != RuleID.notChecked }.isEmpty,
                "\(catalog.readingFindings.map { "\($0.ruleID) \($0.location.keyPath ?? "") \($0.message)" })")
        }
        let shop = try CatalogReader.read(Self.catalogs[0])
        let icon = try #require(shop.assets.first { $0.name == "AppIcon" })
        #expect(icon.images.map(\.appearance.luminosity) == [.any, .dark, .tinted])
        #expect(icon.images.map(\.platform) == ["ios", "ios", "ios"])
        #expect(shop.assets.first { $0.name == "AccentColor" }?.colors.map(\.color) == [.platformDefault])
        #expect(shop.assets.first { $0.name == "Bubble" }?.images.compactMap(\.filename) == ["bubble@2x.png", "bubble@3x.png"])
        #expect(shop.assets.first { $0.name == "Glyph" }?.isTemplate == true)
        let kinds = Set(shop.assets.map(\.kind.description))
        #expect(kinds == ["colorset", "appiconset", "imageset", "dataset", "symbolset"])
        #expect(try CatalogPlatform.infer(CatalogReader.read(Self.catalogs[2])) == [.watchOS])
        #expect(try CatalogPlatform.infer(CatalogReader.read(Self.catalogs[3])) == [.macOS])
        #expect(CatalogPlatform.infer(shop) == [.iOS])
    }

    @Test("Audited together (one app): nothing at warning or error but the seeded problems; the rest is advisory and counted")
    func noFalsePositives() throws {
        let audit = try CatalogAuditor.audit(Self.catalogs, policy: Self.shipping)
        // A WebP named .png: read by its content, reported once, at info (and, in a build without WebP, not checked).
        let webp = ImageFormat.webp.isBuilt
        #expect(
            audit.report.findings.map { "\($0.location.asset ?? "?") \($0.ruleID) \($0.severity)" }
                == ["Sticker file-format-mismatch info"] + (webp ? [] : ["Sticker format-not-built info"]))
        let shown = try CatalogAuditor.audit(Self.catalogs, policy: Self.advising).report.findings
        let seeded = Set(shown.map { "\($0.location.asset ?? "?") \($0.ruleID) \($0.severity)" }).intersection(Self.seeded)
        #expect(seeded == Self.seeded)
        // The image advice shared by three scales is one finding listing them.
        let hero = try #require(shown.first { $0.ruleID == RuleID.imageNeedsSRGBVariant })
        #expect(hero.location.files?.map { ($0 as NSString).lastPathComponent } == ["hero.png", "hero@2x.png", "hero@3x.png"])
        #expect(hero.location.file.hasSuffix("hero@3x.png") && hero.location.region == PixelRect(x: 0, y: 0, width: 24, height: 24))
        // Untagged art (the logo's three scales, the tinted icon), the WebP, the PDF, data, symbol and complication sets.
        #expect(
            audit.report.notShown == [
                RuleID.missingHighContrastVariant: 8, RuleID.notChecked: 4, RuleID.imageWithoutProfile: webp ? 3 : 2,
                RuleID.colorNeedsSRGBVariant: 1,
                RuleID.imageNeedsSRGBVariant: 1, RuleID.missingDarkVariant: 1, RuleID.systemColorDuplicate: 1,
            ], "\(audit.report.notShown)")
        let notChecked = shown.filter { $0.ruleID == RuleID.notChecked }.map(\.message)
        #expect(
            notChecked.contains {
                $0.contains("glyph.pdf: only PNG, JPEG, TIFF, WebP, HEIF and AVIF images are checked (this is a PDF document)")
            })
        #expect(audit.findings(atLeast: .warning).isEmpty)
        // Where they are, under Tests, the catalogs don't ship: everything is advice, nothing breaks their build.
        let where_ = try CatalogAuditor.audit(Self.catalogs)
        #expect(where_.report.findings.isEmpty && where_.report.notShown[RuleID.fileFormatMismatch] == 1)
    }

    @Test("Each catalog alone: the widget's light-only color is not asked for dark when nothing in the run has dark")
    func catalogsAlone() throws {
        func findings(_ catalog: String) throws -> [RuleID] {
            try CatalogAuditor.audit([catalog], policy: Self.advising).report.findings.map(\.ruleID).filter {
                ![RuleID.missingHighContrastVariant, .notChecked, .imageWithoutProfile].contains($0)
            }
        }
        #expect(try findings(Self.catalogs[1]).isEmpty)
        #expect(try findings(Self.catalogs[2]).isEmpty)
        #expect(try findings(Self.catalogs[3]) == [RuleID.systemColorDuplicate])
    }

    @Test("fix repairs the seeded gamut problems with diffs diff -u agrees with; a second run changes and reports nothing")
    func fix() throws {
        let copy = CatalogFixtures.temporaryFolder() + "/Shop.xcassets"
        try FileManager.default.copyItem(atPath: Self.catalogs[0], toPath: copy)
        // The advice fixed too (the clip keeps the hues, so by default nothing would be).
        let options = CatalogFixer.Options(policy: Self.advising)
        #expect(try CatalogFixer.plan(copy, options: CatalogFixer.Options(policy: Self.shipping)).isEmpty)
        let fix = try CatalogFixer.plan(copy, options: options)
        #expect(Set(fix.variants.map(\.asset)) == ["Colors/Sale", "Hero"])
        #expect(
            fix.changes.filter { $0.kind == .created }.map { ($0.path as NSString).lastPathComponent }.sorted()
                == ["hero-sRGB.png", "hero@2x-sRGB.png", "hero@3x-sRGB.png"])
        for change in fix.changes where change.kind == .edited {
            let old = String(decoding: change.original, as: UTF8.self), new = String(decoding: change.updated, as: UTF8.self)
            let gnu = try #require(try LineDiffTests.gnuDiff(old, new))
            #expect(LineDiffTests.ours(old, new) == gnu, "\(change.path)")
        }
        try fix.apply()
        let after = try CatalogAuditor.audit([copy], policy: Self.advising).report.findings.filter {
            CatalogFixer.colorRules.union(CatalogFixer.imageRules).contains($0.ruleID)
        }
        #expect(after.isEmpty, "\(after.map(\.message))")
        let again = try CatalogFixer.plan(copy, options: options)
        #expect(again.isEmpty && again.variants.isEmpty)
    }
}
