// swift-tools-version: 6.1
import Foundation
import PackageDescription

// libFuzzer targets for GamutKit's input parsers; build and run them with scripts/fuzz.sh.
// A path dependency's package identity is its folder's name, which depends on where the repository was cloned.
let gamutKitPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "GamutKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../")],
    targets: ["fuzz-png", "fuzz-png-stream", "fuzz-png-roundtrip", "fuzz-icc", "fuzz-policy", "fuzz-catalog", "fuzz-webp", "fuzz-heif", "fuzz-jpeg", "fuzz-tiff"].map { name in
        .executableTarget(name: name, dependencies: [.product(name: "GamutKit", package: gamutKitPackage)], path: "Sources/\(name)")
    },
    swiftLanguageModes: [.v6]
)
