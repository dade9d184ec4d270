// swift-tools-version: 6.1
// Stands for an iOS app and its unit tests: the test target audits the app's asset catalog with GamutKit's
// CatalogTestHarness, in the configuration an iOS app gets (no package traits: vendored C, no codec libraries).
// No products: as for an app, Xcode makes one scheme named after the package (CatalogHarnessApp) that runs the tests.
import Foundation
import PackageDescription

// A path dependency's identity is the folder it sits in (the repository's folder, whatever its clone is called).
let gamutKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CatalogHarnessApp",
    platforms: [.iOS(.v18), .macOS(.v15)],
    dependencies: [.package(path: "../..", traits: [])],
    targets: [
        // Xcode compiles the asset catalog into the app's bundle; on Linux SwiftPM copies it as a plain folder.
        .target(name: "HarnessApp", resources: [.process("Assets.xcassets")]),
        .testTarget(
            name: "HarnessAppTests",
            dependencies: ["HarnessApp", .product(name: "GamutKit", package: gamutKit)]),
    ],
    swiftLanguageModes: [.v6]
)
