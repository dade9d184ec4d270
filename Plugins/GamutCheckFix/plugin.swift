import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory gamut-check-fix [catalogs] [--target NAME] [--dry-run] [options]`:
/// runs `gamut-check fix CATALOG --write` on each given `.xcassets` catalog or, when none is given, on every catalog in
/// the named targets (`--target`, repeatable) or in all the package's targets. `fix` adds sRGB display-gamut variants
/// to the color and image sets that clip or collapse on sRGB displays. `--dry-run` prints the diff without writing.
/// Other options pass through to `fix` (`--gamut-map`, `--separation`, `--config`, `--advisory`, `--cache`).
/// Writing needs the permission the plugin declares: SwiftPM asks for it, or takes
/// `--allow-writing-to-package-directory`.
@main
struct GamutCheckFix: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        _ = extractor.extractFlag(named: "write")  // the default here; given once below
        // `fix` takes one catalog per run; its options' values are never .xcassets folders.
        let rest = extractor.remainingArguments
        var catalogs = rest.filter(Self.isCatalog)
        let options = rest.filter { !Self.isCatalog($0) }
        if catalogs.isEmpty {
            let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
            for case let module as SourceModuleTarget in targets {
                catalogs += CatalogFinder.catalogs(under: module.directoryURL)
            }
            if catalogs.isEmpty && targetNames.isEmpty {
                catalogs = CatalogFinder.catalogs(under: context.package.directoryURL)
            }
            guard !catalogs.isEmpty else {
                Diagnostics.warning("gamut-check-fix: no .xcassets catalog in the package's targets; give catalogs to fix")
                return
            }
        }
        let tool = try context.tool(named: "gamut-check")
        for catalog in catalogs {
            let process = Process()
            process.executableURL = tool.url
            process.arguments = ["fix", catalog] + (dryRun ? [] : ["--write"]) + options
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw GamutCheckFixFailure("gamut-check fix \(catalog) failed (exit \(process.terminationStatus))")
            }
        }
    }

    static func isCatalog(_ argument: String) -> Bool {
        !argument.hasPrefix("-") && URL(fileURLWithPath: argument).pathExtension == "xcassets"
    }
}

struct GamutCheckFixFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
