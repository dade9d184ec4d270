import Foundation
@testable import GamutKit
import Testing

/// The HTML report's pictures: thumbnails that keep their profile, drawn once however often they are shown, placed
/// beside the findings they illustrate; and the size of a large catalog's report.
@Suite("HTML report pictures")
struct HTMLPictureTests {
    /// The embedded pictures of a report: CSS class → PNG bytes.
    static func embedded(_ html: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let pattern = try NSRegularExpression(pattern: #"\.(p[0-9]+)\{background-image:url\(data:image/png;base64,([A-Za-z0-9+/=]+)\)\}"#)
        let text = html as NSString
        for m in pattern.matches(in: html, range: NSRange(location: 0, length: text.length)) {
            let bytes = try #require(Data(base64Encoded: text.substring(with: m.range(at: 2))))
            result[text.substring(with: m.range(at: 1))] = [UInt8](bytes)
        }
        return result
    }

    /// HTML text without its tags, entities decoded.
    static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
                of: "&amp;", with: "&")
    }

    /// The (kind, CSS class) of every picture the page shows, in order.
    static func shown(_ html: String) throws -> [(kind: String, name: String)] {
        let pattern = try NSRegularExpression(pattern: #"<div class="pic ([a-z-]+) (p[0-9]+)""#)
        let text = html as NSString
        return pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map {
            (text.substring(with: $0.range(at: 1)), text.substring(with: $0.range(at: 2)))
        }
    }

    @Test(
        "A catalog of 300 P3 images (16² to 1024², many identical) gives a report under 5 MB with every finding, each picture once",
        .enabled(if: SlowTests.enabled, "slow: GAMUTKIT_SLOW_TESTS=1 (.ci/run) runs it"))
    func largeCatalog() throws {
        let (catalog, images) = try LargeCatalogFixture.write()
        #expect(images == 300)
        let report = try CatalogAuditor.audit([catalog], showAdvisory: true, pictures: true).report
        // Every image raises a finding, advice included (its own, or one for its set that lists it).
        let reported = Set(report.findings.flatMap { $0.location.files ?? [$0.location.file] })
        #expect(report.files.filter { $0.path.hasSuffix(".png") }.allSatisfy { reported.contains($0.path) })
        let visuals = HTMLVisuals(for: report, settings: report.settings)
        let html = HTMLRenderer.render(report, toolVersion: "test", visuals: visuals)
        print("HTML report of the 300-image catalog: \(html.utf8.count) bytes, \(report.findings.count) findings")
        #expect(html.utf8.count < 5_000_000)
        #expect(visuals.omitted.isEmpty, "every image with findings keeps its pictures within the default budget")
        // Every finding, by rule.
        #expect(report.findings.count > 100)
        #expect(html.components(separatedBy: "<article class=\"finding ").count - 1 == report.findings.count)
        for (rule, n) in Dictionary(grouping: report.findings, by: \.ruleID).mapValues(\.count) {
            #expect(html.components(separatedBy: "data-rule=\"\(rule)\"").count - 1 == n, "\(rule)")
        }
        // Each distinct picture is embedded once (the catalog's copies of one image are one finding each, naming the copies).
        let pictures = try Self.embedded(html), references = try Self.shown(html)
        #expect(Set(pictures.values).count == pictures.count)
        #expect(Set(references.map(\.name)) == Set(pictures.keys))
        #expect(references.count >= pictures.count)
        #expect(report.findings.contains { ($0.location.files?.count ?? 0) > 1 && $0.message.contains("the same picture is") })
        // Thumbnails, and the image as authored keeps its Display P3 profile.
        var sources = 0
        for (kind, name) in references {
            let image = try PNG.decode(try #require(pictures[name]))
            #expect(max(image.width, image.height) <= HTMLVisuals.thumbnailSide)
            if kind == "source" {
                #expect(image.profile.name == ColorProfile.displayP3.name)
                sources += 1
            }
        }
        // One set of pictures per image with findings, placed once: images of a set share findings (the app icon's sizes).
        let analysed = Set(report.files.filter { $0.analysis != nil }.map(\.path))
        #expect(sources == Set(report.findings.map(\.location.file)).intersection(analysed).count)
    }

    /// A 16-bit Display P3 image of 1024×512: P3 green on the left, mid gray on the right with one P3 red pixel at 700,300.
    static func greenAndGray() throws -> (path: String, image: Image) {
        let width = 1024, height = 512
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let rgb: [UInt16] = x < width / 2 ? [0, 65535, 0] : (x == 700 && y == 300) ? [65535, 0, 0] : [32768, 32768, 32768]
                for c in 0..<3 { samples[(y * width + x) * 3 + c] = rgb[c] }
            }
        }
        let image = Image(pixels: try PixelBuffer(width: width, height: height, layout: .rgb, samples: samples), profile: .displayP3)
        let path = PNGFixtures.temporaryDirectory + "/green-gray.png"
        try PNG.write(image, to: path)
        return (path, image)
    }

    @Test(
        "Thumbnails: at most 256 px, the authored one in Display P3 with the source's colors, the shown one as converted, the mask keeping a one-pixel clip"
    )
    func thumbnails() throws {
        let (path, _) = try Self.greenAndGray()
        let report = try AssetChecker.check([path], pictures: true)
        let pictures = try #require(HTMLVisuals(for: report, settings: AnalysisSettings()).pictures[path])
        func picture(_ kind: HTMLVisuals.Picture.Kind) throws -> Image {
            try PNG.decode(try #require(pictures.first { $0.kind == kind }).png)
        }
        let source = try picture(.source), shown = try picture(.shown), mask = try picture(.clipMask)
        for thumbnail in [source, shown, mask] { #expect(thumbnail.width == 256 && thumbnail.height == 128) }
        #expect(source.profile.name == ColorProfile.displayP3.name)
        #expect((0..<3).map { source.pixels.integer(x: 10, y: 10, channel: $0) } == [0, 255, 0])
        #expect((0..<3).map { source.pixels.integer(x: 200, y: 10, channel: $0) } == [128, 128, 128])
        // The shown thumbnail is what an sRGB display shows: P3 green clipped to sRGB green (in linear sRGB it is
        // (−0.512, 1.018, −0.031), CSS Color 4's conversion), the gray unchanged (both are D65 with sRGB's curve).
        #expect(shown.profile.name == ColorProfile.sRGB.name)
        #expect((0..<3).map { shown.pixels.integer(x: 10, y: 10, channel: $0) } == [0, 255, 0])
        #expect((0..<3).map { shown.pixels.integer(x: 200, y: 10, channel: $0) } == [128, 128, 128])
        // The one red pixel (ΔE00 ≥ 5 when clipped) stays red in the reduced mask; the in-gamut gray around it stays gray.
        #expect((0..<3).map { mask.pixels.integer(x: 175, y: 75, channel: $0) } == [230, 0, 0])
        let gray = (0..<3).map { mask.pixels.integer(x: 200, y: 10, channel: $0) }
        #expect(gray[0] == gray[1] && gray[1] == gray[2])
        #expect(pictures.first { $0.kind == .clipMask }?.caption.contains("worst") == true)
    }

    @Test("Pictures come from the check, not from the file: the report draws them after the image is gone, and none unasked")
    func picturesFromTheAnalysis() throws {
        let (path, _) = try Self.greenAndGray()
        let report = try AssetChecker.check([path], pictures: true)
        let plain = try AssetChecker.check([path])
        try FileManager.default.removeItem(atPath: path)
        let kinds = HTMLVisuals(for: report, settings: AnalysisSettings()).pictures[path]?.map(\.kind) ?? []
        #expect(kinds == [.source, .shown, .clipMask])
        #expect(plain.files[0].pictures == nil && HTMLVisuals(for: plain, settings: AnalysisSettings()).pictures.isEmpty)
    }

    @Test("Color-vision previews only for an image with a color-vision finding, and only beside that finding")
    func colorVisionPreviews() throws {
        let example = Self.example
        var report = try AssetChecker.check([example], pictures: true)
        #expect(HTMLVisuals(for: report, settings: AnalysisSettings()).pictures[example]?.contains { $0.kind == .simulation } == false)
        // The same image with a color-vision finding on it.
        report.files[0].findings.append(
            Finding(
                ruleID: Rules.cvdConfusable.id, severity: .info, location: FindingLocation(file: example),
                message: "two marks are confusable", fixHint: "separate them"))
        let visuals = HTMLVisuals(for: report, settings: AnalysisSettings())
        #expect(visuals.pictures[example]?.filter { $0.kind == .simulation }.count == ColorVisionSimulation.all().count)
        let html = HTMLRenderer.render(report, toolVersion: "test", visuals: visuals)
        let articles = html.components(separatedBy: "<article ").dropFirst()
        #expect(articles.count == report.findings.count)
        for article in articles {
            let previews = article.components(separatedBy: "<div class=\"pic simulation ").count - 1
            #expect(previews == (article.contains("data-rule=\"cvd-confusable\"") ? ColorVisionSimulation.all().count : 0))
        }
    }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/p3-assets.png").path

    @Test("Over the picture budget, files with the most severe findings keep their pictures; the others say why they have none")
    func budget() throws {
        let (path, _) = try Self.greenAndGray()
        let report = try AssetChecker.check([path, Self.example], pictures: true)
        // The green/gray image comes first in the report but has only advice; the example has errors.
        #expect(report.files.map(\.path) == [path, Self.example])
        #expect(report.files[0].findings.map(\.severity).max() == .info && report.files[1].findings.map(\.severity).max() == .error)
        let all = HTMLVisuals(for: report, settings: AnalysisSettings(), pictureBudget: .max)
        #expect(all.omitted.isEmpty && all.pictures[path] != nil)
        let exampleBytes = Set(try #require(all.pictures[Self.example]).map(\.png)).reduce(0) { $0 + $1.count }
        let visuals = HTMLVisuals(for: report, settings: AnalysisSettings(), pictureBudget: exampleBytes)
        #expect(visuals.pictures[Self.example] != nil && visuals.pictures[path] == nil)
        #expect(visuals.omitted == [path])
        let text = Self.plainText(HTMLRenderer.render(report, toolVersion: "test", visuals: visuals))
        #expect(
            text.components(separatedBy: "No pictures of this image: the report's picture budget went to more severe findings.").count - 1
                == 1)
        #expect(
            text.contains(
                String(
                    format: "No pictures of 1 image with less severe findings: the report embeds at most %.1f MB of pictures",
                    Double(exampleBytes) / 1e6)))
    }

    @Test("Findings sorted error → warning → info, in report order within a severity, after the summary")
    func order() throws {
        // Each finding's own rule, so the order can be read off the page's data-rule attributes.
        let rules: [String: RuleID] = [
            "e1": .colorCollapse, "e2": .gradientClipping, "e3": .unreadable, "w1": .visibleClipping,
            "w2": .decoderWarning, "i1": .outOfGamut, "i2": .fileFormatMismatch,
        ]
        func finding(_ name: String, _ severity: Severity, _ file: String) -> Finding {
            Finding(
                ruleID: rules[name]!, severity: severity, location: FindingLocation(file: file), message: "\(name) in \(file)",
                fixHint: "fix")
        }
        var report = CheckReport(
            files: [
                .init(
                    path: "a.png",
                    findings: [finding("i1", .info, "a.png"), finding("e1", .error, "a.png"), finding("w1", .warning, "a.png")]),
                .init(
                    path: "b.png",
                    findings: [
                        finding("w2", .warning, "b.png"), finding("e2", .error, "b.png"), finding("i2", .info, "b.png"),
                        finding("e3", .error, "b.png"),
                    ]),
            ], target: "sRGB IEC61966-2.1", settings: AnalysisSettings())
        report.notShown = [.imageWithoutProfile: 4]
        let html = HTMLRenderer.render(report, toolVersion: "test")
        let pattern = try NSRegularExpression(pattern: #"<article class="finding [a-z]+" id="f[0-9]+" data-rule="([a-z0-9-]+)""#)
        let text = html as NSString
        let order = pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map {
            text.substring(with: $0.range(at: 1))
        }
        #expect(order == ["e1", "e2", "e3", "w1", "w2", "i1", "i2"].map { rules[$0]!.rawValue })
        let summary = try #require(html.range(of: "<section class=\"summary\">")),
            notShown = try #require(html.range(of: "class=\"not-shown\""))
        let first = try #require(html.range(of: "<article"))
        #expect(summary.upperBound < notShown.lowerBound && notShown.upperBound < first.lowerBound)
        // The not-shown line says what the text report says.
        let paragraph = try #require(html[notShown.upperBound...].range(of: "</p>"))
        #expect(
            Self.plainText(String(html[html.index(after: notShown.upperBound)..<paragraph.lowerBound]))
                == TextRenderer().notShownSummary(report))
    }
}

extension CheckReport.FileResult {
    init(path: String, findings: [Finding]) {
        self.init(path: path, analysis: nil, findings: findings, clipMask: nil, outputError: nil, refusal: nil)
    }
}
