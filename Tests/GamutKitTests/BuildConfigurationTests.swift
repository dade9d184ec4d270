import Foundation
import Testing

@testable import GamutKit

/// What a build of GamutKit holds: the vendored LittleCMS, libspng and xxHash with every symbol prefixed (an app that
/// links another copy doesn't clash), or the system's copies; and the codecs its traits build.
@Suite("Build configuration: vendored C prefixed, codecs by trait")
struct BuildConfigurationTests {
    /// The global symbols this test binary defines, read by binutils' nm (GamutKit is linked into it statically).
    static func definedSymbols() throws -> [String] {
        let binary = try #require(ContentHash.codeFiles()?.own)
        let listing = try ExternalTool.run("nm", ["-g", "--defined-only", binary])
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count == 3 ? String(fields[2]) : nil
        }
    }

    @Test("nm: no unprefixed LittleCMS, libspng or xxHash symbol is defined; the prefixed ones are, when vendored")
    func prefixedSymbols() throws {
        let symbols = try Self.definedSymbols()
        let upstream = symbols.filter { $0.hasPrefix("cms") || $0.hasPrefix("_cms") || $0.hasPrefix("spng_") || $0.hasPrefix("XXH") }
        #expect(upstream.isEmpty, "\(upstream.prefix(10))")
        let prefixed = Set(symbols.filter { $0.hasPrefix("GamutKit_") })
        #if SystemLibraries && os(Linux)
            // The system's libraries serve; the vendored sources compile to nothing.
            #expect(prefixed.isEmpty, "\(prefixed.sorted().prefix(10))")
        #else
            for name in [
                "cmsCreateContext", "cmsCreateTransformTHR", "_cmsMalloc", "spng_ctx_new", "spng_decode_row", "XXH3_128bits_update",
            ] {
                #expect(prefixed.contains("GamutKit_" + name), "GamutKit_\(name)")
            }
            // Every symbol the vendoring script listed is defined only under its prefixed name (or left out by the
            // linker), whatever the upstream name starts with.
            let defined = Set(symbols)
            let root = ProfileTests.repositoryRoot.path
            for target in ["CVendoredLCMS2", "CVendoredSPNG", "CVendoredXXHash"] {
                let header = try String(contentsOfFile: "\(root)/Sources/\(target)/gamutkit_prefix.h", encoding: .utf8)
                let listed = header.split(separator: "\n").filter { $0.hasPrefix("#pragma redefine_extname ") }
                    .map { String($0.split(separator: " ")[2]) }
                #expect(listed.count > 40, "\(target): \(listed.count)")
                let unprefixed = listed.filter { defined.contains($0) }
                #expect(unprefixed.isEmpty, "\(target): \(unprefixed.prefix(10))")
                #expect(listed.contains { defined.contains("GamutKit_" + $0) }, "\(target): none of its symbols is in the binary")
            }
        #endif
    }

    @Test("Each codec is in the build exactly when its trait is (on Linux); PNG always")
    func codecs() throws {
        #expect(ImageFormat.png.isBuilt && ImageFormat.png.trait == nil)
        #expect(ImageFormat.allCases.filter { $0.trait != nil }.map(\.trait!) == ["JPEG", "TIFF", "WebP", "HEIF", "HEIF"])
        #if JPEG && TIFF && WebP && HEIF && os(Linux)
            #expect([ImageFormat.jpeg, .tiff, .webp, .heif, .avif].allSatisfy { $0.isBuilt })
        #elseif !JPEG && !TIFF && !WebP && !HEIF
            #expect(![ImageFormat.jpeg, .tiff, .webp, .heif, .avif].contains { $0.isBuilt })
        #endif
    }

    /// A JPEG (cjpeg's), a TIFF (ImageMagick's), a WebP (cwebp's) and an AVIF (avifenc's) in a build without their
    /// traits: a typed error naming the trait, and in a catalog or a checked folder an info finding, not an error.
    @Test("Without a codec's trait: .formatNotBuilt naming the trait; check and the catalog audit list the file, at info")
    func formatNotBuilt() throws {
        let folder = TestScratch.folder("format-not-built")
        let ppm = folder + "/red.ppm"
        try Data("P6\n2 2\n255\n".utf8 + [UInt8](repeating: 200, count: 12)).write(to: URL(fileURLWithPath: ppm))
        var files: [(ImageFormat, String)] = []
        if ExternalTool.available("cjpeg") {
            files.append((.jpeg, try ExternalTool.write(try ExternalTool.run("cjpeg", [ppm]), "red.jpg", in: folder)))
        }
        if ExternalTool.available("convert") {
            let tiff = folder + "/red.tif"
            try ExternalTool.run("convert", [ppm, tiff])
            files.append((.tiff, tiff))
        }
        if ExternalTool.available("cwebp") {
            let webp = folder + "/red.webp"
            try ExternalTool.run("cwebp", ["-quiet", "-lossless", ppm, "-o", webp])
            files.append((.webp, webp))
        }
        #expect(files.count >= 2, "cjpeg, ImageMagick and cwebp are installed by scripts/install-dependencies.sh")
        for (format, path) in files {
            #expect(ImageFormat.sniff(FileIO.head(path)) == format)
            do {
                let image = try ImageFile.read(contentsOf: path)
                #expect(format.isBuilt && image.width == 2, "\(format) read in a build without it")
            } catch {
                #expect(!format.isBuilt && error.code == .formatNotBuilt, "\(error)")
                #expect(error.path == path && error.message.contains("package trait \(format.trait!)"), "\(error)")
                let finding = FindingBuilder.unreadable(path, error)
                #expect(finding.ruleID == .formatNotBuilt && finding.severity == .info && !finding.isAdvisory)
            }
        }
        // In a catalog: listed at info, never `unreadable` (which breaks builds).
        let catalog = folder + "/App.xcassets"
        let set = catalog + "/Photo.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let (_, first) = try #require(files.first)
        let name = (first as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: first, toPath: set + "/" + name)
        try Data(
            """
            {
              "images" : [
                {
                  "filename" : "\(name)",
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """.utf8
        ).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let audit = try CatalogAuditor.audit([catalog])
        #expect(!audit.findings.contains { $0.ruleID == .unreadable })
        #expect(files[0].0.isBuilt != audit.findings.contains { $0.ruleID == .formatNotBuilt && $0.severity == .info })
    }
}
