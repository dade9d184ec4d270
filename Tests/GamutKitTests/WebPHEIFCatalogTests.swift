// The codec is built by the package trait WebP and HEIF, on Linux.
#if WebP && HEIF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// WebP and HEIF images in asset catalogs: read like PNGs, by their content.
    @Suite("WebP and HEIF in catalogs")
    struct WebPHEIFCatalogTests {
        @Test(
            "An imageset's P3 WebP (cwebp) and P3 HEIC (heif-enc) are checked: sRGB variant needed, 8-bit P3 flagged, the lossless one's gradients clip"
        )
        func catalog() throws {
            guard ExternalTool.available("cwebp", "heif-enc") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let catalog = folder + "/Assets.xcassets"
            let files = [
                ("Sticker", "sticker.webp", try WebPTests.make(alpha: false, ["-lossless"])),
                ("Photo", "photo.heic", try HEIFTests.make("p3.heic", depth: 8, ["-q", "90"])),
            ]
            for (set, file, source) in files {
                let directory = "\(catalog)/\(set).imageset"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: source, toPath: "\(directory)/\(file)")
                let contents = #"{"images":[{"filename":"\#(file)","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
                try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(directory)/Contents.json"))
            }
            let findings = try CatalogAuditor.audit([catalog], showAdvisory: true).report.findings
            let byFile = Dictionary(grouping: findings) { ($0.location.file as NSString).lastPathComponent }
            // Lossless WebP keeps the ramp's smooth runs, which clip; lossy HEIC's coding noise breaks them into runs too short
            // to be a visible band, so it has no gradient finding.
            #expect(
                Set(byFile["sticker.webp"]?.map(\.ruleID.rawValue) ?? []) == [
                    "image-needs-srgb-variant", "p3-image-8-bit", "gradient-clipping",
                ])
            #expect(Set(byFile["photo.heic"]?.map(\.ruleID.rawValue) ?? []) == ["image-needs-srgb-variant", "p3-image-8-bit"])
            #expect(!findings.contains { $0.ruleID.rawValue == "not-checked" || $0.ruleID.rawValue == "unreadable" })
        }
    }
#endif
