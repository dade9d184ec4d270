// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "GamutKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GamutKit", targets: ["GamutKit"]),
        .executable(name: "gamut-check", targets: ["gamut-check"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .systemLibrary(
            name: "CSPNG", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"]), .brew(["libspng"])]),
        .target(
            name: "GamutKit",
            dependencies: ["CLCMS2", "CSPNG"]),
        .executableTarget(
            name: "gamut-check",
            dependencies: [
                "GamutKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "GamutKitTests",
            dependencies: [
                "GamutKit", "CLCMS2", "CSPNG",
                .product(name: "Numerics", package: "swift-numerics"),
            ],
            // Inputs found by fuzzing (scripts/fuzz.sh), read by path in regression tests.
            exclude: ["Fixtures"]),
        .testTarget(
            name: "GamutCheckTests",
            dependencies: ["gamut-check", "GamutKit"]),
    ],
    swiftLanguageModes: [.v6]
)
