import Foundation
import GamutKit
import Testing

/// The HTML report, checked as text and rendered in a real browser (headless Chromium, Debian's `chromium`).
/// Without a browser the rendering test is skipped, unless GAMUTKIT_REQUIRE_BROWSER=1 (CI) makes it fail.
@Suite("HTML report")
struct HTMLReportTests {
    static let browser: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let browserRequired = ProcessInfo.processInfo.environment["GAMUTKIT_REQUIRE_BROWSER"] == "1"

    /// A small catalog with a contrast pair and a distinct group, plus the example image.
    static func report() throws -> (folder: String, html: String, findings: Int) {
        let folder = CLI.temporaryDirectory()
        let catalog = folder + "/UI.xcassets"
        func colorset(_ name: String, _ rgb: String) throws {
            let parts = rgb.split(separator: " ")
            let json = """
                {
                  "colors" : [
                    {
                      "color" : {
                        "color-space" : "srgb",
                        "components" : { "alpha" : "1.000", "blue" : "\(parts[2])", "green" : "\(parts[1])", "red" : "\(parts[0])" }
                      },
                      "idiom" : "universal"
                    }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """
            try FileManager.default.createDirectory(atPath: "\(catalog)/\(name).colorset", withIntermediateDirectories: true)
            try Data(json.utf8).write(to: URL(fileURLWithPath: "\(catalog)/\(name).colorset/Contents.json"))
        }
        try colorset("Text", "0.467 0.467 0.467")
        try colorset("Surface", "1.000 1.000 1.000")
        try colorset("Stop", "0.784 0.353 0.235")
        try colorset("Proceed", "0.431 0.549 0.235")
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: catalog + "/Contents.json"))
        try Data(#"{"contrast":[{"foreground":"Text","background":"Surface"}],"distinct":[{"name":"status","colors":["Stop","Proceed"]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog + "/.gamut-check.json"))
        let result = try CLI.run(["check", catalog, CLI.example, "--format", "html", "-o", folder + "/report.html", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try CLI.run(["check", catalog, CLI.example, "--format", "json", "--fail-on", "never"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = ((document["files"] as? [[String: Any]]) ?? []).map { (($0["findings"] as? [Any]) ?? []).count }.reduce(0, +)
        return (folder, try String(contentsOfFile: folder + "/report.html", encoding: .utf8), findings)
    }

    @Test("One self-contained file: every finding, swatches as CSS colors, contrast pairs, simulations, clip mask and gradient strips")
    func contents() throws {
        let (_, html, findings) = try Self.report()
        #expect(html.components(separatedBy: "<article class=\"finding").count - 1 == findings)
        #expect(html.contains("data-rule=\"contrast-insufficient\"") && html.contains("data-rule=\"cvd-confusable\""))
        #expect(html.contains("background: color(display-p3 0.250 1.000 0.100)"), "the authored P3 color as CSS")
        #expect(html.contains("<div class=\"sample\" style=\"color: #777777; background: #FFFFFF\">"))
        #expect(html.contains("class=\"swatch simulation\"") && (html.contains("deuteranopia") || html.contains("protanopia")))
        for picture in ["source", "shown", "clip-mask", "gradient-source", "gradient-shown", "simulation"] {
            #expect(html.contains("<img class=\"\(picture)\""), "\(picture) picture")
        }
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://") && !html.contains("src=\"file:"))
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("Rendered in headless Chromium: the DOM has every finding, and the screenshot shows the swatches' colors and the images",
          .enabled(if: browser != nil || browserRequired))
    func rendered() throws {
        try #require(Self.browser != nil, "GAMUTKIT_REQUIRE_BROWSER=1 but no chromium found (scripts/install-dependencies.sh installs it)")
        let (folder, html, findings) = try Self.report()
        let url = "file://" + folder + "/report.html"
        let dom = try Self.run(["--dump-dom", url])
        #expect(dom.status == 0)
        #expect(dom.output.components(separatedBy: "<article class=\"finding").count - 1 == findings)
        #expect(dom.output.contains("<img class=\"clip-mask\""))

        let shot = folder + "/shot.png"
        let screenshot = try Self.run(["--window-size=1280,3000", "--screenshot=\(shot)", url])
        #expect(screenshot.status == 0)
        let image = try PNG.read(contentsOf: shot)
        #expect(image.width == 1280 && image.height == 3000)
        func count(_ rgb: [Int]) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width where (0..<3).allSatisfy({ abs(image.pixels.integer(x: x, y: y, channel: $0) - rgb[$0]) <= 1 }) { n += 1 }
            }
            return n
        }
        // The first simulation swatch's colors are painted as 112×40 chips.
        let simulation = try #require(html.range(of: "class=\"swatch simulation\"")).upperBound
        let hex = try #require(html[simulation...].range(of: "background: #")).upperBound
        let code = String(html[hex...].prefix(6))
        let rgb = stride(from: 0, to: 6, by: 2).map { Int(code.dropFirst($0).prefix(2), radix: 16)! }
        #expect(count(rgb) >= 112 * 40 / 2, "simulation chip #\(code)")
        // The contrast sample: #777777 text on a #FFFFFF chip, the error badge, and the images' clipped green.
        #expect(count([0x77, 0x77, 0x77]) > 50)
        #expect(count([0xC6, 0x28, 0x28]) > 100)
        #expect(count([0, 255, 0]) > 2000)
    }
}
