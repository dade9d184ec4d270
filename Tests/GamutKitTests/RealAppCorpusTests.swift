import Foundation
import Testing
@_spi(Tools) @testable import GamutKit

/// `RealAppCorpus`: six apps' catalogs shaped like real ones. Each app is audited as one run; what is reported at
/// warning or error must be exactly the problems seeded, and every seeded problem must be found.
/// `GAMUTKIT_WRITE_CORPUS=DIR` also writes the corpus to DIR (to run other builds of `gamut-check` on it).
@Suite("Catalogs shaped like real apps'")
struct RealAppCorpusTests {
    static func corpus() throws -> String {
        let folder = ProcessInfo.processInfo.environment["GAMUTKIT_WRITE_CORPUS"] ?? CatalogFixtures.temporaryFolder()
        try RealAppCorpus.write(to: folder)
        return folder
    }

    @Test("Per app, at warning or error: the seeded problems and nothing else; advisory findings counted by rule")
    func seededOnly() throws {
        let folder = try Self.corpus()
        var reported: [String] = []
        var counts: [RuleID: Int] = [:], notShown: [RuleID: Int] = [:]
        for app in RealAppCorpus.apps {
            let audit = try CatalogAuditor.audit(app.catalogs.map { folder + "/" + $0 })
            reported += audit.findings(atLeast: .warning).map { "\(app.name): \($0.location.asset ?? "?") \($0.ruleID) \($0.severity)" }
            for f in audit.report.findings { counts[f.ruleID, default: 0] += 1 }
            notShown.merge(audit.report.notShown, uniquingKeysWith: +)
        }
        #expect(reported.sorted() == RealAppCorpus.seeded.sorted())
        // Nothing at info either, apart from the WebP named .png (read by its content, reported once at info) and what
        // the advisory rules left out.
        var expected = Dictionary(
            RealAppCorpus.seeded.map { (RuleID(rawValue: $0.split(separator: " ")[2].description)!, 1) }, uniquingKeysWith: +)
        expected[RuleID.fileFormatMismatch] = 1
        #expect(counts == expected)
        // Untagged art: 6 icon sets and the tinted app icon (Notes), 3 image sets (OldTimer), the WebP, one finding per
        // set. Not checked: 3 PDFs, a launch image. 37 custom colors have no increased-contrast variant. Two P3 images
        // fit sRGB (Lumen's icon, its Gallery's three scales).
        #expect(
            notShown == [
                RuleID.imageWithoutProfile: 11, RuleID.notChecked: 4, RuleID.missingHighContrastVariant: 37,
                RuleID.wideProfileFitsSRGB: 2,
            ], "\(notShown)")
    }

    @Test("Before the perceptual floors, Lumen's antialiased badge collapsed and its subtle backdrop clipped; now neither is reported")
    func perceptualFloors() throws {
        let folder = try Self.corpus()
        let lumen = RealAppCorpus.apps.first { $0.name == "Lumen" }!.catalogs.map { folder + "/" + $0 }
        var old = AnalysisSettings()
        old.collapseMinimumArea = 0
        old.collapseMaximumEdgeFraction = 1
        old.flattenedSourceChange = 1
        old.gradientMinimumLoss = 0
        func imageFindings(_ audit: CatalogAudit) -> [String] {
            audit.findings.filter { [.colorCollapse, .gradientClipping].contains($0.ruleID) }
                .map { "\(($0.location.file as NSString).lastPathComponent) \($0.ruleID) \($0.severity)" }.sorted()
        }
        let before = imageFindings(try CatalogAuditor.audit(lumen, policy: GamutPolicy(settings: old)))
        #expect(before == ["Backdrop-p3.png gradient-clipping error", "Badge-p3.png color-collapse error"], "\(before)")
        #expect(imageFindings(try CatalogAuditor.audit(lumen)).isEmpty)
    }
}
