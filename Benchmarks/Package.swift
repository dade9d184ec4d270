// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency's package identity is its folder's name, which depends on where the repository was
// cloned; read it instead of hard-coding it.
let gamutKitPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "GamutKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../"),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // LittleCMS called directly, for the baseline in the same run.
        .systemLibrary(name: "CLittleCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .target(name: "BenchmarkFixtures", dependencies: [.product(name: "GamutKit", package: gamutKitPackage), "CLittleCMS"]),
        .executableTarget(
            name: "make-fixture",
            dependencies: ["BenchmarkFixtures", .product(name: "GamutKit", package: gamutKitPackage)],
            path: "Sources/make-fixture"),
        .executableTarget(name: "max-error", dependencies: ["CLittleCMS"]),
        .executableTarget(
            name: "make-folder", dependencies: ["BenchmarkFixtures", .product(name: "GamutKit", package: gamutKitPackage)]),
        .executableTarget(
            name: "accuracy-report",
            dependencies: ["BenchmarkFixtures", "CLittleCMS", .product(name: "GamutKit", package: gamutKitPackage)],
            path: "Sources/accuracy-report"),
        .executableTarget(
            name: "analysis-profile",
            dependencies: ["BenchmarkFixtures", .product(name: "GamutKit", package: gamutKitPackage)],
            path: "Sources/analysis-profile"),
        .executableTarget(
            name: "encode-sweep",
            dependencies: ["BenchmarkFixtures", .product(name: "GamutKit", package: gamutKitPackage)],
            path: "Sources/encode-sweep"),
        .executableTarget(
            name: "Transform",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GamutKit", package: gamutKitPackage),
                "BenchmarkFixtures", "CLittleCMS",
            ],
            path: "Benchmarks/Transform",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Analysis",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GamutKit", package: gamutKitPackage),
                "BenchmarkFixtures",
            ],
            path: "Benchmarks/Analysis",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Catalog",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GamutKit", package: gamutKitPackage),
                "BenchmarkFixtures",
            ],
            path: "Benchmarks/Catalog",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        .executableTarget(
            name: "Mapping",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "GamutKit", package: gamutKitPackage),
                "BenchmarkFixtures",
            ],
            path: "Benchmarks/Mapping",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
