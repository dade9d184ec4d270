import Foundation
import Testing
@testable import GamutKit

/// `CatalogFixer`: sRGB variants that clear the audit, written as minimal, formatting-preserving edits.
@Suite("Fixing asset catalogs")
struct CatalogFixTests {
    typealias F = CatalogFixtures

    static let fixedRules: Set<RuleID> = [
        RuleID.colorNeedsSRGBVariant, RuleID.colorCollapse, RuleID.srgbSlotOutOfGamut,
        RuleID.imageNeedsSRGBVariant, RuleID.gradientClipping, RuleID.unpairedDisplayGamut,
    ]

    static func copyOfDemo() throws -> String {
        let folder = F.temporaryFolder() + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: ExampleCatalogTests.catalog, toPath: folder)
        return folder
    }

    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)! {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            }
        }
        return files
    }

    @Test("After fix --write, the audit finds no gamut or collapse findings for the fixed sets; a dry run writes nothing")
    func fixClearsFindings() throws {
        let folder = try Self.copyOfDemo()
        let before = try CatalogAuditor.audit([folder], showAdvisory: true).report.findings
        let fix = try CatalogFixer.plan(folder, options: .advising)
        let fixedSets = Set(fix.variants.map(\.asset))
        #expect(
            fixedSets.isSuperset(of: ["Brand/Accent", "Go", "GoBright", "Signal", "SlotMixup", "OnlyP3", "Hero", "Banner"]),
            "\(fixedSets.sorted())")
        #expect(try Self.snapshot(folder) == Self.snapshot(ExampleCatalogTests.catalog), "planning wrote something")
        let flaggedBefore = before.filter { Self.fixedRules.contains($0.ruleID) && fixedSets.contains($0.location.asset ?? "") }
        #expect(flaggedBefore.count >= 8)

        try fix.apply()
        let after = try CatalogAuditor.audit([folder], showAdvisory: true).report.findings
        let remaining = after.filter { Self.fixedRules.contains($0.ruleID) && fixedSets.contains($0.location.asset ?? "") }
        #expect(remaining.isEmpty, "\(remaining.map(\.message))")
        // The edits are valid to the reader: no new reading findings (the demo has some on purpose).
        let reading: Set<RuleID> = [
            RuleID.catalogSyntax, RuleID.catalogInvalid, RuleID.catalogUnknown, RuleID.unreferencedFile, RuleID.missingFile,
        ]
        #expect(after.filter { reading.contains($0.ruleID) }.map(\.message) == before.filter { reading.contains($0.ruleID) }.map(\.message))
        // New images: sRGB embedded, same depth as the original.
        let hero = try PNG.read(contentsOf: folder + "/Hero.imageset/hero-sRGB.png")
        #expect(hero.profile.name == ColorProfile.sRGB.name && hero.fileBitDepth == 16)
        #expect(try PNG.read(contentsOf: folder + "/Banner.imageset/banner-sRGB.png").fileBitDepth == 8)
        // A second run finds nothing more to do for those sets.
        #expect(Set(try CatalogFixer.plan(folder, options: .advising).variants.map(\.asset)).isDisjoint(with: fixedSets))
    }

    static func style(_ value: (String, String, String), alpha: String) -> String {
        F.color("display-p3", [("alpha", alpha), ("blue", value.2), ("green", value.1), ("red", value.0)])
    }

    /// Xcode's own layout of a colorset with one entry.
    static func xcodeColorset(space: String, red: String, green: String, blue: String, alpha: String, extra: String = "") -> String {
        """
        {
          "colors" : [
            {
        \(extra)      "color" : {
                "color-space" : "\(space)",
                "components" : {
                  "alpha" : \(alpha),
                  "blue" : \(blue),
                  "green" : \(green),
                  "red" : \(red)
                }
              },
              "idiom" : "universal"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """
    }

    @Test(
        "Edits keep formatting and the file's component encoding: only added lines, in Xcode's layout",
        arguments: [
            ("\"0.000\"", "\"1.000\"", "\"0.000\"", "\"1.000\"", #"^"0\.\d{3}"$|^"1\.000"$"#),
            ("\"0\"", "\"255\"", "\"0\"", "\"255\"", #"^"\d{1,3}"$"#),
            ("\"0x00\"", "\"0xFF\"", "\"0x00\"", "\"0xFF\"", #"^"0x[0-9A-F]{2}"$"#),
            ("0.000", "1.000", "0.000", "1.000", #"^[01]\.\d{3}$"#),
            ("0.00000", "1.00000", "0.00000", "1.00000", #"^[01]\.\d{5}$"#),
        ])
    func formatting(red: String, green: String, blue: String, alpha: String, pattern: String) throws {
        let original = Self.xcodeColorset(space: "display-p3", red: red, green: green, blue: blue, alpha: alpha)
        let folder = try F.catalog(["Green.colorset/Contents.json": original])
        let fix = try CatalogFixer.plan(folder, options: .advising)
        let change = try #require(fix.changes.first)
        let updated = String(decoding: change.updated, as: UTF8.self)
        // Every original line is still there, in order; the diff only adds.
        let diffLines = fix.diff.split(separator: "\n").filter { !$0.hasPrefix("---") && !$0.hasPrefix("+++") }
        #expect(!diffLines.contains { $0.hasPrefix("-") }, "\(fix.diff)")
        // One line marks the original display-P3, 13 are the new entry (its "}" and the original's pair up as "},").
        #expect(diffLines.filter { $0.hasPrefix("+") }.count == 14, "\(fix.diff)")
        let json = try LocatedJSON.parse(change.updated)
        let entries = try #require(json["colors"]?.elements)
        #expect(entries.count == 2)
        #expect(entries[0]["display-gamut"]?.string == "display-P3" && entries[1]["display-gamut"]?.string == "sRGB")
        #expect(entries[1]["color"]?["color-space"]?.string == "srgb")
        // Key order as Xcode writes it, 2-space indent, " : ".
        #expect(entries[1].members?.map(\.key) == ["color", "display-gamut", "idiom"])
        #expect(updated.contains("\n      \"display-gamut\" : \"sRGB\",\n      \"idiom\" : \"universal\"\n"))
        let regex = try Regex(pattern)
        for key in ["red", "green", "blue", "alpha"] {
            let node = try #require(entries[1]["color"]?["components"]?[key])
            let text = String(decoding: change.updated[node.range], as: UTF8.self)
            #expect(text.wholeMatch(of: regex) != nil, "\(key): \(text)")
        }
        // The written components, read back in their encoding, are the value the variant reports, inside 0…1.
        let written = try #require(fix.variants.first).written
        let values = try ["red", "green", "blue"].map { key -> Double in
            let text = String(decoding: change.updated[try #require(entries[1]["color"]?["components"]?[key]).range], as: UTF8.self)
            let bare = text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if bare.hasPrefix("0x") { return Double(Int(bare.dropFirst(2), radix: 16)!) / 255 }
            if text.hasPrefix("\""), !bare.contains(".") { return Double(bare)! / 255 }
            return Double(bare)!
        }
        #expect(values.allSatisfy { (0...1).contains($0) })
        #expect(
            written == "color(srgb " + values.map { String(format: "%.3f", $0) }.joined(separator: " ") + ")", "\(written) vs \(values)")
    }

    @Test("One-line entries and an existing display-P3 slot: the copy keeps the entry's own layout")
    func compactEntries() throws {
        let text = F.colorset([
            (Self.style(("\"0.000\"", "\"1.000\"", "\"0.000\""), alpha: "\"1.000\""), #""display-gamut" : "display-P3""#)
        ])
        let folder = try F.catalog(["Green.colorset/Contents.json": text])
        let fix = try CatalogFixer.plan(folder, options: .advising)
        let updated = String(decoding: try #require(fix.changes.first).updated, as: UTF8.self)
        let lines = updated.split(separator: "\n")
        #expect(lines.count == text.split(separator: "\n").count + 1)
        let added = try #require(lines.first { $0.contains("\"sRGB\"") })
        #expect(added.hasPrefix("    { \"display-gamut\" : \"sRGB\", \"color\" : { \"color-space\" : \"srgb\""), "\(added)")
    }

    @Test("apply: a file changed since planning is refused; a failure undoes what was written")
    func applySafety() throws {
        let folder = try Self.copyOfDemo()
        let fix = try CatalogFixer.plan(folder, options: .advising)
        let before = try Self.snapshot(folder)
        // A Contents.json edited after planning: refused before anything else is replaced; images written are removed.
        let edited = try #require(fix.changes.last { $0.kind == .edited })
        try Data(edited.original + Array("\n".utf8)).write(to: URL(fileURLWithPath: edited.path))
        #expect(throws: GamutError.self) { try fix.apply() }
        var now = try Self.snapshot(folder)
        now[String(edited.path.dropFirst(folder.count + 1))] = before[String(edited.path.dropFirst(folder.count + 1))]
        #expect(now == before, "partial changes were left: \(Set(now.keys).symmetricDifference(before.keys))")
    }

    @Test("Planning converts no image; apply converts them, and a source changed since planning undoes everything, naming it")
    func imagesConvertedWhenApplied() throws {
        let folder = try Self.copyOfDemo()
        let fix = try CatalogFixer.plan(folder, options: .advising)
        let created = fix.changes.filter { $0.kind == .created }
        #expect(created.count >= 2)
        // Nothing converted yet: the new images' bytes are made by contents(), from the source named in the change.
        #expect(created.allSatisfy { $0.updated.isEmpty && $0.conversion != nil })
        // The audit's collapsing colors stand in for a second analysis: the same bytes as mapping the image from scratch.
        var withGroups = 0
        for change in created {
            let conversion = try #require(change.conversion)
            if !(conversion.collapseGroups ?? []).isEmpty { withGroups += 1 }
            let bytes = try change.contents()
            let source = try ImageFile.read(contentsOf: conversion.source).withIntegerSamples()
            let fromScratch = try source.gamutMapped(
                to: .sRGB, mapping: .preserveSeparation, bitDepth: source.fileBitDepth >= 16 ? 16 : 8,
                separation: conversion.separation, settings: conversion.settings)
            #expect(bytes == (try PNG.encode(fromScratch)), "\(conversion.source)")
            let image = try PNG.decode(bytes)
            #expect(image.profile.name == ColorProfile.sRGB.name)
            #expect(image.width == source.width && image.height == source.height)
        }
        #expect(withGroups >= 1)

        // The last image's source cut in half after planning: apply fails on it, naming it, and leaves the catalog as it
        // was (the images converted before it removed, no Contents.json touched).
        let before = try Self.snapshot(folder)
        let damaged = try #require(created.last?.conversion?.source)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: damaged))
        #expect { try fix.apply() } throws: {
            let error = $0 as? GamutError
            return error?.path == damaged && error?.message.contains("changed since the fix was planned") == true
        }
        var now = try Self.snapshot(folder)
        now[String(damaged.dropFirst(folder.count + 1))] = before[String(damaged.dropFirst(folder.count + 1))]
        #expect(now == before, "partial changes were left: \(Set(now.keys).symmetricDifference(before.keys))")
    }

    @Test("LineDiff: exact hunks as GNU diff counts them; a 200,000-line rewrite is shown as removed and added, without a quadratic table")
    func lineDiff() {
        // diff -u writes "@@ -1,4 +1,5 @@" here: the final newline ends the fourth line, it doesn't start a fifth.
        #expect(LineDiff.unified("a\nb\nc\nd\n", "a\nb\nx\nc\nd\n", path: "f") == "--- a/f\n+++ b/f\n@@ -1,4 +1,5 @@\n a\n b\n+x\n c\n d\n")
        #expect(LineDiff.unified("same\n", "same\n", path: "f").isEmpty)
        let old = (0..<200_000).map { "l\($0)" }.joined(separator: "\n"), new = (0..<200_000).map { "m\($0)" }.joined(separator: "\n")
        let diff = LineDiff.unified(old, new, path: "big")
        #expect(diff.hasPrefix("--- a/big\n+++ b/big\n@@ -1,200000 +1,200000 @@\n-l0\n"))
    }
}
