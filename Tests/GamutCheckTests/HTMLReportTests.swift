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
        try Data(
            #"{"contrast":[{"foreground":"Text","background":"Surface"}],"distinct":[{"name":"status","colors":["Stop","Proceed"]}]}"#.utf8
        )
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
        for picture in ["source", "shown", "clip-mask", "gradient-source", "gradient-shown"] {
            #expect(html.contains("<div class=\"pic \(picture) "), "\(picture) picture")
        }
        // The image has no color-vision finding, so no color-vision preview of it.
        #expect(!html.contains("class=\"pic simulation"))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://") && !html.contains("src=\"file:"))
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try CLI.external(
            browser!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb"] + arguments)
        return (result.status, result.stdout)
    }

    @Test(
        "Rendered in headless Chromium: the DOM has every finding, and the screenshot shows the swatches' colors and the images",
        .enabled(if: browser != nil || browserRequired))
    func rendered() throws {
        try #require(Self.browser != nil, "GAMUTKIT_REQUIRE_BROWSER=1 but no chromium found (scripts/install-dependencies.sh installs it)")
        let (folder, html, findings) = try Self.report()
        let url = "file://" + folder + "/report.html"
        let dom = try Self.run(["--dump-dom", url])
        #expect(dom.status == 0)
        #expect(dom.output.components(separatedBy: "<article class=\"finding").count - 1 == findings)
        #expect(dom.output.contains("<div class=\"pic clip-mask "))

        let shot = folder + "/shot.png"
        let screenshot = try Self.run(["--window-size=1280,3000", "--screenshot=\(shot)", url])
        #expect(screenshot.status == 0)
        let image = try PNG.read(contentsOf: shot)
        #expect(image.width == 1280 && image.height == 3000)
        func count(_ rgb: [Int]) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width where (0..<3).allSatisfy({ abs(image.pixels.integer(x: x, y: y, channel: $0) - rgb[$0]) <= 1 }) {
                    n += 1
                }
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

    @Test(
        "Captions never break inside a token: in a 360 px window every token is on one line, and no text outside tokens can break",
        .enabled(if: browser != nil || browserRequired))
    func tokensStayWhole() throws {
        try #require(Self.browser != nil, "GAMUTKIT_REQUIRE_BROWSER=1 but no chromium found (scripts/install-dependencies.sh installs it)")
        let (folder, html, _) = try Self.report()
        // A copy of the page with a probe that measures the layout (the report itself has no scripts): the line boxes
        // of every nowrap token, text outside any nowrap element that holds a digit, hyphen, dash or slash (where a
        // browser could break), and how many messages wrap at all (so the window is narrow enough to matter).
        let probe = """
            <script>
            const broken = [], loose = [];
            let tokens = 0, wrapped = 0;
            for (const t of document.querySelectorAll('.t, code, .badge')) {
              tokens++;
              if (t.getClientRects().length !== 1) broken.push(t.textContent);
            }
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              let kept = false;
              for (let e = n.parentElement; e && !kept; e = e.parentElement) {
                kept = ['nowrap', 'pre'].includes(getComputedStyle(e).whiteSpace) || e.tagName === 'SCRIPT' || e.tagName === 'STYLE';
              }
              if (!kept && /[0-9\\/\\-–—]/.test(n.textContent)) loose.push(n.textContent);
            }
            for (const m of document.querySelectorAll('.message')) {
              if (m.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(m).lineHeight)) wrapped++;
            }
            const out = document.createElement('pre');
            out.id = 'probe';
            out.textContent = JSON.stringify({tokens, broken, loose, wrapped});
            document.body.appendChild(out);
            </script>
            """
        try Data(html.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8).write(
            to: URL(fileURLWithPath: folder + "/probe.html"))
        let dom = try Self.run(["--window-size=360,2000", "--dump-dom", "file://" + folder + "/probe.html"])
        #expect(dom.status == 0)
        let start = try #require(dom.output.range(of: "<pre id=\"probe\">")),
            end = try #require(dom.output.range(of: "</pre>", range: start.upperBound..<dom.output.endIndex))
        let json = String(dom.output[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((result["tokens"] as? Int ?? 0) > 100)
        #expect((result["broken"] as? [String]) == [], "tokens broken across lines")
        #expect((result["loose"] as? [String]) == [], "text outside tokens that could break")
        #expect((result["wrapped"] as? Int ?? 0) > 3, "messages wrap at 360 px")
        // The tokens the issue names are whole: a ΔE00 value, a number with its unit, a P3 color, a rule id.
        for token in [
            #"<span class="t">ΔE00 2.39</span>"#, #"<span class="t">(16384 px)</span>"#,
            #"<span class="t">color(display-p3 0.250 1.000 0.100)</span>"#, "<code>gradient-clipping</code>",
        ] {
            #expect(html.contains(token), "\(token)")
        }
    }

    @Test("--target: the picture of what is shown and the shown swatch are the library's conversion to that display")
    func target() throws {
        let folder = CLI.temporaryDirectory()
        // Four 16×16 blocks of Display P3 colors, small enough that the thumbnail is the whole image.
        let colors: [[Double]] = [[1, 0, 0], [0, 1, 0], [0.2, 0.5, 0.9], [1, 0.55, 0]]
        var samples: [UInt16] = []
        for _ in 0..<16 {
            for x in 0..<64 { samples += colors[x / 16].map { UInt16(($0 * 65535).rounded()) } }
        }
        let image = Image(pixels: try PixelBuffer(width: 64, height: 16, layout: .rgb, samples: samples), profile: .displayP3)
        let path = folder + "/blocks.png"
        try PNG.write(image, to: path)
        func shown(_ arguments: [String]) throws -> (picture: Image, html: String) {
            let out = folder + "/report.html"
            // --advisory: the blocks clip keeping their hues, and a picture is drawn for an image with a finding shown.
            let result = try CLI.run(["check", path, "--format", "html", "-o", out, "--fail-on", "never", "--advisory"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let html = try String(contentsOfFile: out, encoding: .utf8)
            let name = try #require(html.range(of: #"<div class="pic shown (p[0-9]+)""#, options: .regularExpression))
            let css = String(html[name].dropFirst("<div class=\"pic shown ".count).dropLast())
            let start = try #require(html.range(of: ".\(css){background-image:url(data:image/png;base64,"))
            let end = try #require(html.range(of: ")}", range: start.upperBound..<html.endIndex))
            return (try PNG.decode([UInt8](try #require(Data(base64Encoded: String(html[start.upperBound..<end.lowerBound]))))), html)
        }
        func codes(_ image: Image) -> [[Int]] {
            (0..<4).map { block in (0..<3).map { image.pixels.integer(x: block * 16 + 8, y: 8, channel: $0) } }
        }
        let adobe = try image.converted(to: .adobeRGB, bitDepth: 8), srgb = try image.converted(to: .sRGB, bitDepth: 8)
        #expect(codes(adobe) != codes(srgb))
        let (onAdobe, adobeHTML) = try shown(["--target", "adobe-rgb"])
        #expect(onAdobe.profile.name == ColorProfile.adobeRGB.name)
        #expect(onAdobe.width == 64 && onAdobe.height == 16)
        #expect(codes(onAdobe) == codes(adobe))
        let (onSRGB, srgbHTML) = try shown([])
        #expect(onSRGB.profile.name == ColorProfile.sRGB.name && codes(onSRGB) == codes(srgb))
        // The worst pixel's shown color: Adobe RGB codes, drawn as CSS a98-rgb (a hex color would be read as sRGB).
        let chip = try #require(adobeHTML.range(of: #"background: color\(a98-rgb [0-9. ]+\)"#, options: .regularExpression))
        let values = adobeHTML[chip].dropFirst("background: color(a98-rgb ".count).dropLast().split(separator: " ").map {
            Int((Double($0)! * 255).rounded())
        }
        #expect(codes(adobe).contains(values))
        #expect(adobeHTML.contains("Adobe RGB") && !srgbHTML.contains("a98-rgb"))
        #expect(srgbHTML.range(of: #"class="chip" style="background: #[0-9A-F]{6}""#, options: .regularExpression) != nil)
    }
}
