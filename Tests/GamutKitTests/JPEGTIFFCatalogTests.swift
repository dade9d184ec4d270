// The codec is built by the package trait JPEG and TIFF, on Linux.
#if JPEG && TIFF && os(Linux)
    import Foundation
    @testable import GamutKit
    import Testing

    /// JPEG and TIFF images in asset catalogs and checked folders: read like PNGs, by their content.
    @Suite("JPEG and TIFF in catalogs and folders")
    struct JPEGTIFFCatalogTests {
        @Test(
            "An imageset's P3 JPEG (ImageMagick) and 16-bit P3 TIFF are checked: both need an sRGB variant and clip along gradients, the 8-bit JPEG is flagged as 8-bit P3"
        )
        func catalog() throws {
            guard ExternalTool.available("convert") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let source = FormatFixtures.ramp(width: 96, height: 64, depth: 16, alpha: false)
            let png = try ExternalTool.write(
                try LibPNG.encode(
                    .init(
                        width: 96, height: 64, layout: .rgb, depth: 16, samples: source,
                        iccp: FormatFixtures.p3)), "p3.png", in: folder)
            let catalog = folder + "/Assets.xcassets"
            for (set, file, arguments) in [("Photo", "photo.jpg", ["-quality", "92"]), ("Scan", "scan.tif", ["-compress", "LZW"])] {
                let directory = "\(catalog)/\(set).imageset"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try ExternalTool.run("convert", [png] + arguments + ["\(directory)/\(file)"])
                let contents = #"{"images":[{"filename":"\#(file)","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
                try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(directory)/Contents.json"))
            }
            let findings = try CatalogAuditor.audit([catalog], showAdvisory: true).report.findings
            let byFile = Dictionary(grouping: findings) { ($0.location.file as NSString).lastPathComponent }
            // The ramp's clip keeps its hues (advice) and flattens it: the lossless TIFF has the gradient finding, while the
            // JPEG's coding noise leaves one 8 px run in one row, not a band.
            #expect(Set(byFile["photo.jpg"]?.map(\.ruleID.rawValue) ?? []) == ["image-needs-srgb-variant", "p3-image-8-bit"])
            #expect(Set(byFile["scan.tif"]?.map(\.ruleID.rawValue) ?? []) == ["image-needs-srgb-variant", "gradient-clipping"])
            #expect(Set(byFile.values.joined().filter { !$0.isAdvisory }.map(\.ruleID)) == [RuleID.gradientClipping])
            #expect(!findings.contains { $0.ruleID.rawValue == "not-checked" || $0.ruleID.rawValue == "unreadable" })
        }

        @Test("A folder scan picks up .jpg, .jpeg, .tif and .tiff files besides .png, and reads each by its content")
        func folderScan() throws {
            guard ExternalTool.available("cjpeg") else { return }
            let folder = PNGFixtures.temporaryDirectory
            let jpeg = try ExternalTool.read(try JPEGTests.cjpeg([]))
            let tiff = try TIFF.encode(try JPEG.decode(jpeg))
            for (name, bytes) in [("a.jpg", jpeg), ("b.JPEG", jpeg), ("c.tif", tiff), ("d.tiff", tiff), ("e.txt", jpeg), ("f.png", tiff)] {
                _ = try ExternalTool.write(bytes, name, in: folder)
            }
            let files = AssetChecker.imageFiles(in: [folder])
            #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.jpg", "b.JPEG", "c.tif", "d.tiff", "f.png"])
            let report = try AssetChecker.check(files: files)
            #expect(report.files.allSatisfy { $0.analysis != nil }, "\(report.files.flatMap(\.findings).map(\.message))")
        }
    }
#endif
