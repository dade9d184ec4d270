import Foundation
import PackagePlugin

/// Audits the asset catalogs of a target during `swift build` (and Xcode builds): `gamut-check check CATALOGS --format
/// xcode`, whose `path:line: error: …` lines both show inline. Findings at the policy's or the default `--fail-on error`
/// fail the build; a catalog's `.gamut-check.json` sets severities and thresholds. The command reruns when a file in a
/// catalog changes, and then analyzes only the images that changed (the others' analyses are kept in the plugin's work
/// folder, `--cache`).
@main
struct GamutCheckBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return try AuditCommand.commands(
            catalogs: CatalogFinder.catalogs(under: module.directoryURL), name: target.name,
            tool: context.tool(named: "gamut-check").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension GamutCheckBuildPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let catalogs = Set(
                target.inputFiles.compactMap { file -> String? in
                    let components = file.url.pathComponents
                    guard let index = components.firstIndex(where: { $0.hasSuffix(".xcassets") }) else { return nil }
                    return NSString.path(withComponents: Array(components[...index]))
                }
            ).sorted()
            return try AuditCommand.commands(
                catalogs: catalogs, name: target.displayName, tool: context.tool(named: "gamut-check").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif

enum AuditCommand {
    /// One build command auditing `catalogs` together (one app's), with every file in them as inputs and a stamp
    /// (written by gamut-check only when the audit passes) as the output.
    static func commands(catalogs: [String], name: String, tool: URL, workDirectory: URL) -> [Command] {
        guard !catalogs.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("gamut-check.stamp")
        let cache = workDirectory.appendingPathComponent("analysis-cache")
        var inputs: [URL] = []
        for catalog in catalogs {
            let root = URL(fileURLWithPath: catalog)
            inputs.append(root)
            if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
                for case let url as URL in walker { inputs.append(url) }
            }
        }
        return [
            .buildCommand(
                displayName: "gamut-check: auditing the asset catalogs of \(name)", executable: tool,
                arguments: ["check"] + catalogs + ["--format", "xcode", "--stamp", stamp.path, "--cache", cache.path],
                inputFiles: inputs, outputFiles: [stamp])
        ]
    }
}
