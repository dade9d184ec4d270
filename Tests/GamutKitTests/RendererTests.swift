import Foundation
@testable import GamutKit
import Testing

@Suite("Report renderers")
struct RendererTests {
    static func report() throws -> CheckReport {
        let directory = PNGFixtures.temporaryDirectory
        try PNG.write(AnalysisFixtures.twoGreens(), to: directory + "/greens.png")
        return try AssetChecker.check([directory])
    }

    @Test("Text: colors only when asked, findings by severity, a summary line last")
    func text() throws {
        let report = try Self.report()
        let plain = TextRenderer(colors: false).render(report)
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("error   color-collapse"))
        #expect(plain.hasSuffix("1 file checked against sRGB IEC61966-2.1: 1 error, 1 warning, 0 info (1 file with findings)\n"))
        let colored = TextRenderer(colors: true).render(report)
        #expect(colored.contains("\u{1B}[31;1merror  \u{1B}[0m"))
    }

    @Test("JSON decodes with the documented fields")
    func json() throws {
        let text = JSONRenderer.render(try Self.report(), toolVersion: "9.9")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schemaVersion", "tool", "target", "settings", "files", "summary"])
        let settings = try #require(object["settings"] as? [String: Double])
        #expect(settings["visibleClip"] == 1 && settings["collapseRatio"] == 0.5 && settings["gamutTolerance"] == 0.0001)
    }

    @Test("Every rule has an id, a summary, a HIG rationale and a fix")
    func rules() {
        #expect(Set(Rules.all.map(\.id.rawValue)).count == Rules.all.count)
        for rule in Rules.all {
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty && !rule.fixHint.isEmpty)
        }
        #expect(Rules.rule("color-collapse")?.defaultSeverity == .error)
    }
}
