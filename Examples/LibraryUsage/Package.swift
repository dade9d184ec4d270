// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's identity is the folder it sits in; read it rather than hard-coding it.
let gamutKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LibraryUsage",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "LibraryUsage", dependencies: [.product(name: "GamutKit", package: gamutKit)]),
    ],
    swiftLanguageModes: [.v6]
)
