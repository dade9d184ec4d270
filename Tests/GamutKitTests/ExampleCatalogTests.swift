import Foundation
import Testing
@testable import GamutKit

@Suite("Examples/Demo.xcassets")
struct ExampleCatalogTests {
    static let catalog = ProfileTests.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path

    /// Set GAMUTKIT_REGENERATE_EXAMPLES=1 to rewrite the catalog after a deliberate change.
    @Test("The shipped catalog is what ExampleCatalog.files() makes, file for file")
    func shippedFiles() throws {
        let files = try ExampleCatalog.files()
        if ProcessInfo.processInfo.environment["GAMUTKIT_REGENERATE_EXAMPLES"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.catalog)
            try ExampleCatalog.write(to: Self.catalog)
        }
        for (path, bytes) in files {
            let shipped = try #require(FileManager.default.contents(atPath: Self.catalog + "/" + path), "missing \(path)")
            #expect([UInt8](shipped) == bytes, "\(path) differs")
        }
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: Self.catalog).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.catalog + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(Set(onDisk) == Set(files.map(\.path)))
    }

    @Test("Every catalog rule fires on the demo catalog (advisory rules when turned on)")
    func everyRuleFires() throws {
        let audit = try CatalogAuditor.audit([Self.catalog], showAdvisory: true)
        let fired = Set(audit.report.findings.map(\.ruleID))
        // By default the advisory rules are left out, and counted.
        let quiet = try CatalogAuditor.audit([Self.catalog]).report
        let advisory = Set(Rules.all.filter(\.isAdvisory).map(\.id))
        #expect(!quiet.findings.contains { advisory.contains($0.ruleID) || $0.isAdvisory })
        // Advisory rules, and findings of other rules that are advice by what was measured (a clip that keeps its hue,
        // an 8-bit P3 image without bands).
        #expect(
            Set(quiet.notShown.keys)
                == advisory.union([RuleID.colorNeedsSRGBVariant, .imageNeedsSRGBVariant, .missingDarkVariant, .p3Image8Bit]))
        for rule in Rules.catalog + Rules.accessibility {
            #expect(fired.contains(rule.id), "\(rule.id) does not fire")
        }
        #expect(fired.contains(RuleID.colorCollapse) && fired.contains(RuleID.gradientClipping))
    }
}
