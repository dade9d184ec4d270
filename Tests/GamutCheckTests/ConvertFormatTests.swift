// JPEG and TIFF are built by their package traits, on Linux.
#if JPEG && TIFF && os(Linux)
    import Foundation
    import GamutKit
    import Testing

    /// `gamut-check convert` writing JPEG and TIFF, and reading them back in.
    @Suite("gamut-check convert: JPEG and TIFF")
    struct ConvertFormatTests {
        @Test("By extension: P3 PNG → sRGB .jpg (quality 95) and .tif (16-bit, LZW); back from the JPEG to a P3 .tiff; profiles embedded")
        func byExtension() throws {
            let directory = CLI.temporaryDirectory()
            let jpeg = try CLI.run(["convert", CLI.example, "--to", "srgb", "--quality", "95", "-o", directory + "/out.jpg"])
            #expect(jpeg.status == 0 && jpeg.stdout.contains("→ \(directory)/out.jpg: sRGB IEC61966-2.1, 8-bit"), "\(jpeg.stderr)")
            let decodedJPEG = try JPEG.read(contentsOf: directory + "/out.jpg")
            #expect(decodedJPEG.profile.data == ColorProfile.sRGB.data && decodedJPEG.pixels.format == .rgb8)
            let expected = try PNG.read(contentsOf: CLI.example).converted(to: .sRGB, bitDepth: 8)
            let worst = zip(decodedJPEG.pixels.bytes, expected.pixels.bytes).map { abs(Int($0) - Int($1)) }.max() ?? .max
            #expect(worst <= 12, "largest difference \(worst) codes")

            let tiff = try CLI.run(["convert", CLI.example, "--to", "srgb", "--tiff-compression", "lzw", "-o", directory + "/out.tif"])
            #expect(tiff.status == 0, "\(tiff.stderr)")
            let decodedTIFF = try TIFF.read(contentsOf: directory + "/out.tif")
            #expect(decodedTIFF.pixels == (try PNG.read(contentsOf: CLI.example).converted(to: .sRGB)).pixels)

            let back = try CLI.run(["convert", directory + "/out.jpg", "--to", "display-p3", "--depth", "16", "-o", directory + "/p3.tiff"])
            #expect(
                back.status == 0 && back.stdout.contains("sRGB IEC61966-2.1, 8-bit → \(directory)/p3.tiff: Display P3, 16-bit"),
                "\(back.stderr)")
            #expect(try TIFF.read(contentsOf: directory + "/p3.tiff").profile.name == "Display P3")
        }

        @Test(
            "--format jpeg with --output-dir names the outputs .jpg; --format wins over the extension; bad --quality is a usage error (exit 2)"
        )
        func format() throws {
            let directory = CLI.temporaryDirectory()
            let result = try CLI.run(["convert", CLI.example, "--to", "srgb", "--format", "jpeg", "--output-dir", directory])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(ImageFormat.sniff(try Data(contentsOf: URL(fileURLWithPath: directory + "/p3-assets.jpg"))) == .jpeg)
            let forced = try CLI.run(["convert", CLI.example, "--to", "srgb", "--format", "tiff", "-o", directory + "/odd.png"])
            let odd = try Data(contentsOf: URL(fileURLWithPath: directory + "/odd.png"))
            #expect(forced.status == 0 && ImageFormat.sniff(odd) == .tiff)
            let bad = try CLI.run(["convert", CLI.example, "--to", "srgb", "--quality", "0", "-o", directory + "/q.jpg"])
            #expect(bad.status == 2 && bad.stderr.contains("--quality must be 1–100."))
        }

        @Test("check and profile show read a JPEG and a TIFF")
        func checkAndProfile() throws {
            let directory = CLI.temporaryDirectory()
            _ = try CLI.run(["convert", CLI.example, "--to", "display-p3", "--format", "tiff", "-o", directory + "/p3.tif"])
            _ = try CLI.run(["convert", CLI.example, "--to", "display-p3", "-o", directory + "/p3.jpg"])
            let check = try CLI.run(["check", directory])
            #expect(
                check.stdout.contains("p3.tif") && check.stdout.contains("p3.jpg") && !check.stdout.contains("unreadable"),
                "\(check.stdout)")
            let shown = try CLI.run(["profile", "show", directory + "/p3.jpg"])
            #expect(
                shown.status == 0 && shown.stdout.hasPrefix("Display P3\n")
                    && shown.stdout.contains("source:       \(directory)/p3.jpg, iccp"),
                "\(shown.stdout)")
        }
    }

    /// `gamut-check convert` on a JPEG exiftool tagged with orientation 6 (a portrait phone photo's).
    @Suite("gamut-check convert: orientation")
    struct ConvertOrientationTests {
        @Test(
            "Upright by default (20×40 from a 40×20 stored image, no EXIF written); --keep-orientation keeps 40×20 and writes the tag exiftool reads"
        )
        func orientation() throws {
            let tools = ["/usr/bin/exiftool", "/usr/bin/cjpeg", "/usr/bin/convert"]
            guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else {
                if ProcessInfo.processInfo.environment["GAMUTKIT_REQUIRE_IMAGEMAGICK"] == "1" {
                    Issue.record("exiftool, cjpeg or convert is missing")
                }
                return
            }
            let directory = CLI.temporaryDirectory()
            let ppm = directory + "/source.ppm", jpeg = directory + "/portrait.jpg"
            #expect(try CLI.tool("/usr/bin/convert", ["-size", "40x20", "gradient:red-blue", "-depth", "8", "-type", "TrueColor", ppm]))
            #expect(try CLI.tool("/bin/sh", ["-c", "/usr/bin/cjpeg -quality 95 '\(ppm)' > '\(jpeg)'"]))
            #expect(try CLI.tool("/usr/bin/exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", jpeg]))
            var stored = ImageFile.DecodingOptions()
            stored.keepOrientation = true
            for (flags, size, tag) in [([String](), (20, 40), 1), (["--keep-orientation"], (40, 20), 6)] {
                for ext in ["png", "tif", "jpg"] {
                    let output = directory + "/out\(flags.count).\(ext)"
                    let result = try CLI.run(["convert", jpeg, "--to", "display-p3", "-o", output] + flags)
                    #expect(result.status == 0, "\(result.stderr)")
                    // Read as stored: the output's own pixels, and the tag GamutKit reads back.
                    let image = try ImageFile.read(contentsOf: output, options: stored)
                    #expect((image.width, image.height) == size, "\(ext) \(flags)")
                    #expect(image.orientation.rawValue == tag, "\(ext) \(flags)")
                    // exiftool finds the tag where it was written (none, or TIFF's 1, when upright).
                    let read = Int(
                        try CLI.output("/usr/bin/exiftool", ["-n", "-s3", "-Orientation", output]).trimmingCharacters(
                            in: .whitespacesAndNewlines))
                    #expect(read == tag || (tag == 1 && read == nil), "\(ext) \(flags): \(String(describing: read))")
                }
            }
        }
    }
#endif
