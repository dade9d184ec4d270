// swift-tools-version: 6.1
// A small package that uses GamutKit's plugins by path, as an app team's package would (scripts/plugins.sh).
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "GamutKit", path: "../..")],
    targets: [
        .target(
            name: "App",
            // Asset catalogs are compiled by Xcode, not SwiftPM on Linux; the build plugin reads them where they are.
            exclude: ["Assets.xcassets"],
            plugins: [.plugin(name: "GamutCheckBuildPlugin", package: "GamutKit")])
    ]
)
