import ArgumentParser
import Foundation
import GamutKit

/// `gamut-check fix CATALOG`: writes sRGB display-gamut variants for what the audit finds.
struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add sRGB display-gamut variants to color and image sets that clip or collapse on sRGB displays.",
        discussion: """
            Dry run by default: prints the diff of each Contents.json and the images it would create. \
            --write applies it: new images first, then each Contents.json, each through a temporary file \
            and a rename; on a failure, what was written is undone. Edits keep each file's formatting \
            (indent, " : ", key order, its component encoding), so the diff is minimal.
            """)

    @Argument(help: "An .xcassets asset catalog.")
    var catalog: String

    @Flag(help: "Apply the changes (default: print them).")
    var write = false

    @Option(
        name: .customLong("gamut-map"),
        help: ArgumentHelp(
            "How sRGB values are made: clip, css, preserve-separation (default: preserve-separation).",
            valueName: "clip|css|preserve-separation"), transform: caseNamed)
    var gamutMapping: GamutMapping = .preserveSeparation

    @Option(help: "ΔE00 collapsing colors keep (default: the policy's collapseShown + 1, at least 2).")
    var separation: Double?

    @Option(help: "A policy file; default: the catalog's .gamut-check.json.")
    var config: String?

    @Flag(help: "Also fix what check reports only as advice, such as P3 colors whose clip to sRGB keeps their hue.")
    var advisory = false

    @Option(
        help: ArgumentHelp(
            "Keep the audit's image analyses in this folder, as check --cache does (the same folder serves both), so that planning again analyzes only the images that changed.",
            valueName: "folder"))
    var cache: String?

    func validate() throws {
        guard CatalogAuditor.isCatalog(catalog) else { throw ValidationError("\(catalog) is not an .xcassets folder.") }
        if let separation, !(separation > 0 && separation <= 100) { throw ValidationError("--separation must be a ΔE00 in (0, 100].") }
    }

    func run() throws {
        var options = CatalogFixer.Options(mapping: gamutMapping, separation: separation)
        if let config { options.policy = try GamutPolicy.load(contentsOf: config) }
        options.cacheDirectory = cache
        if advisory { options.showAdvisory = true }
        let fix = try CatalogFixer.plan(catalog, options: options)
        for line in fix.skipped { FileHandle.standardError.write(Data("gamut-check: skipped \(line)\n".utf8)) }
        guard !fix.isEmpty else {
            print("\(catalog): nothing to fix")
            return
        }
        print(fix.diff, terminator: "")
        for v in fix.variants {
            print(
                "\(v.asset) (\(v.appearance)): \(v.source) → sRGB \(v.written)"
                    + (v.deltaE > 0 ? String(format: ", ΔE00 %.2f", v.deltaE) : ""))
        }
        if write {
            try fix.apply()
            print("\(catalog): wrote \(fix.variants.count) sRGB variant(s) in \(fix.changes.count) file(s)")
        } else {
            print("\(catalog): dry run; \(fix.variants.count) sRGB variant(s) in \(fix.changes.count) file(s). Run with --write to apply.")
        }
    }
}
