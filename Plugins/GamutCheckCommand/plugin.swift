import Foundation
import PackagePlugin

/// `swift package gamut-check [paths] [options]`: runs `gamut-check check` on the given paths, or on every asset catalog
/// in the package's targets when none is given. Options are passed through (`--format`, `--fail-on`, `--config`, …);
/// the command fails when gamut-check exits 1 (findings at `--fail-on`) or 2 (usage or input error).
@main
struct GamutCheckCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "gamut-check")
        // A path argument is one that names something on disk; everything else is an option or its value.
        let givesPaths = arguments.contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
        var catalogs: [String] = []
        if !givesPaths {
            for target in context.package.targets {
                guard let module = target as? SourceModuleTarget else { continue }
                catalogs += CatalogFinder.catalogs(under: module.directoryURL)
            }
            if catalogs.isEmpty { catalogs = CatalogFinder.catalogs(under: context.package.directoryURL) }
            guard !catalogs.isEmpty else {
                Diagnostics.warning("gamut-check: no .xcassets catalog in the package's targets; give paths to check")
                return
            }
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + arguments + catalogs
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: throw GamutCheckFailure("gamut-check found problems at or above --fail-on (exit 1)")
        default: throw GamutCheckFailure("gamut-check failed (exit \(process.terminationStatus))")
        }
    }
}

struct GamutCheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
