import Foundation
import Testing
@testable import GamutKit

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

    @Test("Per app, at warning or error: the seeded problems and nothing else; the advice is found, counted and not shown")
    func seededOnly() throws {
        let folder = try Self.corpus()
        var reported: [String] = [], advice: [String] = []
        var notShown: [RuleID: Int] = [:]
        for app in RealAppCorpus.apps {
            let paths = app.catalogs.map { folder + "/" + $0 }
            let audit = try CatalogAuditor.audit(paths)
            reported += audit.findings.filter { $0.severity >= .warning }.map {
                "\(app.name): \($0.location.asset ?? "?") \($0.ruleID) \($0.severity)"
            }
            // Nothing at info either, apart from the WebP named .png (read by its content, reported once at info), and in a
            // build without WebP, that it was not checked.
            let allowed: Set<RuleID> = ImageFormat.webp.isBuilt ? [.fileFormatMismatch] : [.fileFormatMismatch, .formatNotBuilt]
            #expect(audit.findings.filter { $0.severity == .info }.allSatisfy { allowed.contains($0.ruleID) })
            notShown.merge(audit.report.notShown, uniquingKeysWith: +)
            let shown = try CatalogAuditor.audit(paths, showAdvisory: true)
            advice += shown.findings.filter(\.isAdvisory).map { "\(app.name): \($0.location.asset ?? "?") \($0.ruleID)" }
        }
        #expect(reported.sorted() == RealAppCorpus.seeded.sorted())
        // Every seeded non-problem is still measured, as advice.
        #expect(Set(RealAppCorpus.advisory).subtracting(advice).isEmpty, "\(Set(RealAppCorpus.advisory).subtracting(advice).sorted())")
        #expect(notShown.values.reduce(0, +) >= RealAppCorpus.advisory.count, "\(notShown)")
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
