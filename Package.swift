// swift-tools-version: 6.1
import PackageDescription

/// LittleCMS, libspng and xxHash: the system's on Linux with the trait SystemLibraries, else the vendored sources
/// (which are always dependencies, since a condition can't say "without a trait", and compile to nothing then).
let colorLibraries: [Target.Dependency] = [
    .target(name: "CLCMS2", condition: .when(platforms: [.linux], traits: ["SystemLibraries"])),
    .target(name: "CSPNG", condition: .when(platforms: [.linux], traits: ["SystemLibraries"])),
    .target(name: "CXXHash", condition: .when(platforms: [.linux], traits: ["SystemLibraries"])),
    "CVendoredLCMS2", "CVendoredSPNG", "CVendoredXXHash",
]

let systemLibrariesServe: CSetting = .define("GAMUTKIT_SYSTEM_LIBRARIES", .when(platforms: [.linux], traits: ["SystemLibraries"]))

let package = Package(
    name: "GamutKit",
    // The floor is Swift's Synchronization module (Atomic, Mutex): macOS 15, iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "GamutKit", targets: ["GamutKit"]),
        .executable(name: "gamut-check", targets: ["gamut-check"]),
        // `swift package gamut-check [paths]`, and an audit of a target's asset catalogs in every build.
        .plugin(name: "GamutCheckCommand", targets: ["GamutCheckCommand"]),
        .plugin(name: "GamutCheckBuildPlugin", targets: ["GamutCheckBuildPlugin"]),
        // `swift package --allow-writing-to-package-directory gamut-check-fix`: sRGB variants for what the audit finds.
        .plugin(name: "GamutCheckFix", targets: ["GamutCheckFix"]),
    ],
    // What a dependent can leave out. With no traits (`swift build --disable-default-traits`, and what an iOS app
    // gets), LittleCMS, libspng and xxHash build from the vendored sources and only PNG is read and written. The other
    // codecs and the system copies come from pkg-config, so they take effect on Linux only.
    traits: [
        .trait(
            name: "SystemLibraries",
            description: "LittleCMS, libspng and xxHash from the system's packages (Linux, pkg-config) instead of the vendored sources"),
        .trait(name: "JPEG", description: "Reads and writes JPEG with libjpeg-turbo (Linux)"),
        .trait(name: "TIFF", description: "Reads and writes TIFF with libtiff (Linux)"),
        .trait(name: "WebP", description: "Reads WebP with libwebp (Linux)"),
        .trait(name: "HEIF", description: "Reads HEIF and AVIF with libheif (Linux)"),
        .trait(name: "ISAL", description: "Inflates and deflates PNG image data with ISA-L, faster than zlib (Linux)"),
        .default(enabledTraits: ["SystemLibraries", "JPEG", "TIFF", "WebP", "HEIF", "ISAL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // Documentation: `swift package generate-documentation --target GamutKit` (scripts/docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLCMS2", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .systemLibrary(
            name: "CSPNG", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"]), .brew(["libspng"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",  // which requires libwebp
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CTIFF", pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CISAL", pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        // Pinned upstream releases with every exported symbol prefixed (scripts/vendor-c.sh, which records the release
        // and its SHA-256 in each folder's VENDORED). Their sources compile to nothing when SystemLibraries serves.
        .target(
            name: "CVendoredLCMS2", exclude: ["upstream", "VENDORED", "lcms2_formats.h", "gamutkit_prefix.h"],
            cSettings: [.headerSearchPath("upstream/include"), systemLibrariesServe]),
        .target(
            name: "CVendoredSPNG", dependencies: ["CZlib"], exclude: ["upstream", "VENDORED", "gamutkit_prefix.h"],
            cSettings: [systemLibrariesServe]),
        .target(
            name: "CVendoredXXHash", exclude: ["upstream", "VENDORED", "gamutkit_prefix.h"], cSettings: [systemLibrariesServe]),
        // C shims that keep libjpeg's setjmp/longjmp error handling, and libtiff's variadic tag calls and client I/O, in C.
        .target(
            name: "CJPEGShim", dependencies: [.target(name: "CJPEG", condition: .when(platforms: [.linux], traits: ["JPEG"]))],
            cSettings: [.define("GAMUTKIT_JPEG", .when(platforms: [.linux], traits: ["JPEG"]))]),
        .target(
            name: "CTIFFShim", dependencies: [.target(name: "CTIFF", condition: .when(platforms: [.linux], traits: ["TIFF"]))],
            cSettings: [.define("GAMUTKIT_TIFF", .when(platforms: [.linux], traits: ["TIFF"]))]),
        // The matrix/shaper kernel and the analyzer's display codes eight pixels at a time (AVX2, chosen at run time;
        // elsewhere the Swift loops run).
        .target(name: "CShaperKernel"),
        // Reversing PNG's row filters (SSE2 on x86-64) for the PNG row decoder, which inflates with ISA-L.
        .target(name: "CPNGFilter"),
        // Test-only: libpng, the independent decoder and encoder GamutKit's PNG conformance tests compare against.
        .systemLibrary(
            name: "CLibPNG", path: "Tests/CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // Keeps libpng's setjmp/longjmp error handling in C: Swift sees return codes and messages.
        .target(
            name: "PNGOracle", dependencies: ["CLibPNG"], path: "Tests/PNGOracle"),
        .target(
            name: "GamutKit",
            dependencies: colorLibraries + [
                .target(name: "CJPEGShim", condition: .when(platforms: [.linux], traits: ["JPEG"])),
                .target(name: "CTIFFShim", condition: .when(platforms: [.linux], traits: ["TIFF"])),
                .target(name: "CWebP", condition: .when(platforms: [.linux], traits: ["WebP"])),
                .target(name: "CHeif", condition: .when(platforms: [.linux], traits: ["HEIF"])),
                .target(name: "CISAL", condition: .when(platforms: [.linux], traits: ["ISAL"])),
                "CZlib", "CShaperKernel", "CPNGFilter",
            ]),
        .executableTarget(
            name: "gamut-check",
            dependencies: [
                "GamutKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .plugin(
            name: "GamutCheckCommand",
            capability: .command(
                intent: .custom(verb: "gamut-check", description: "Check images and asset catalogs for what sRGB displays lose")),
            dependencies: ["gamut-check"]),
        .plugin(name: "GamutCheckBuildPlugin", capability: .buildTool(), dependencies: ["gamut-check"]),
        .plugin(
            name: "GamutCheckFix",
            capability: .command(
                intent: .custom(verb: "gamut-check-fix", description: "Add sRGB variants to asset catalogs for what gamut-check finds"),
                permissions: [
                    .writeToPackageDirectory(reason: "gamut-check fix adds sRGB variants to catalogs: Contents.json edits, new images")
                ]),
            dependencies: ["gamut-check"]),
        .testTarget(
            name: "GamutKitTests",
            dependencies: colorLibraries + [
                "GamutKit", .target(name: "PNGOracle", condition: .when(platforms: [.linux])),
                .product(name: "Numerics", package: "swift-numerics"),
            ],
            // Read by path: inputs found by fuzzing (scripts/fuzz.sh), and the PNG conformance files
            // (Fixtures/png-conformance, other encoders' files; see its README.md).
            exclude: ["Fixtures"]),
        .testTarget(
            name: "GamutCheckTests",
            dependencies: ["gamut-check", "GamutKit"]),
    ],
    swiftLanguageModes: [.v6]
)
