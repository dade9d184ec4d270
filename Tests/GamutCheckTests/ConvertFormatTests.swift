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
        "--format jpeg with --output-dir names the outputs .jpg; --format wins over the extension; bad --quality is a usage error (exit 2)")
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
            check.stdout.contains("p3.tif") && check.stdout.contains("p3.jpg") && !check.stdout.contains("unreadable"), "\(check.stdout)")
        let shown = try CLI.run(["profile", "show", directory + "/p3.jpg"])
        #expect(
            shown.status == 0 && shown.stdout.hasPrefix("Display P3\n") && shown.stdout.contains("source:       \(directory)/p3.jpg, iccp"),
            "\(shown.stdout)")
    }
}
