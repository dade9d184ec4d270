// swift-tools-version: 6.1
// GamutKit's plugins with a prebuilt gamut-check (an SE-0305 artifact bundle, made by scripts/artifact-bundle.sh and
// attached to each release), so that a package using them builds no GamutKit, no C libraries' bindings and no
// ArgumentParser. The plugins' sources are the main package's (Plugins/<name> here links to ../../<name>).
//
// GAMUT_CHECK_ARTIFACT_BUNDLE=/path/to/gamut-check.artifactbundle(.zip) (absolute, or relative to this folder) uses a
// local bundle instead of the release's: one just built, or one for a platform no release has. SwiftPM reads it each
// time it loads this manifest. A package can depend on this one by path only (SwiftPM takes no package from a
// repository's subfolder); published as its own repository, its Plugins/ links become copies (cp -RL).
import PackageDescription

/// The release bundle: its URL and `swift package compute-checksum` of it, which the release workflow prints
/// (.github/workflows/release.yml). No release is published yet: until then only GAMUT_CHECK_ARTIFACT_BUNDLE works.
let release = (
    url: "https://github.com/OWNER/GamutKit/releases/download/v0.2.0/gamut-check.artifactbundle.zip",
    checksum: "0000000000000000000000000000000000000000000000000000000000000000"
)

let gamutCheck: Target
if let bundle = Context.environment["GAMUT_CHECK_ARTIFACT_BUNDLE"], !bundle.isEmpty {
    gamutCheck = .binaryTarget(name: "GamutCheckBinary", path: relativeToPackage(bundle))
} else {
    gamutCheck = .binaryTarget(name: "GamutCheckBinary", url: release.url, checksum: release.checksum)
}

let package = Package(
    name: "GamutKitPlugins",
    platforms: [.macOS(.v15)],
    products: [
        .plugin(name: "GamutCheckCommand", targets: ["GamutCheckCommand"]),
        .plugin(name: "GamutCheckBuildPlugin", targets: ["GamutCheckBuildPlugin"]),
        .plugin(name: "GamutCheckFix", targets: ["GamutCheckFix"]),
    ],
    targets: [
        gamutCheck,
        .plugin(
            name: "GamutCheckCommand",
            capability: .command(
                intent: .custom(verb: "gamut-check", description: "Check images and asset catalogs for what sRGB displays lose")),
            dependencies: ["GamutCheckBinary"]),
        .plugin(name: "GamutCheckBuildPlugin", capability: .buildTool(), dependencies: ["GamutCheckBinary"]),
        .plugin(
            name: "GamutCheckFix",
            capability: .command(
                intent: .custom(verb: "gamut-check-fix", description: "Add sRGB variants to asset catalogs for what gamut-check finds"),
                permissions: [
                    .writeToPackageDirectory(reason: "gamut-check fix adds sRGB variants to catalogs: Contents.json edits, new images")
                ]),
            dependencies: ["GamutCheckBinary"]),
    ],
    swiftLanguageModes: [.v6]
)

/// SwiftPM takes a local binary target's path only relative to the package: an absolute `path` becomes one through
/// the file system's root.
func relativeToPackage(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let depth = Context.packageDirectory.split(separator: "/").count
    return String(repeating: "../", count: depth) + path.dropFirst()
}
