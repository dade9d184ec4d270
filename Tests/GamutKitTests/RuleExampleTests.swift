import Foundation
import Testing
@testable import GamutKit

/// Every rule's declared examples, checked as `gamut-check check --advisory` checks them: each triggering example gets
/// a finding of its rule, each non-triggering one none (SwiftLint's examples-as-tests, for GamutKit's rules).
@Suite("Rules: the examples each rule declares")
struct RuleExampleTests {
    /// The ids of the findings `example` gets, advisory rules shown.
    static func findings(_ example: Rule.Example) throws -> [RuleID] {
        let inputs = try example.write(into: TestScratch.folder("rule-example-"))
        #expect(!inputs.files.isEmpty || !inputs.catalogs.isEmpty, "\(example.summary): nothing to check")
        var options = AssetChecker.Options()
        options.showAdvisory = true
        options.jobs = 1
        return try AssetChecker.check(files: inputs.files, catalogs: inputs.catalogs, options: options).findings.map(\.ruleID)
    }

    @Test("Every rule declares a triggering and a non-triggering example, and thresholds the settings have")
    func declarations() {
        #expect(Set(Rules.all.map(\.id)) == Set(RuleID.allCases) && Rules.all.count == RuleID.allCases.count)
        for rule in Rules.all {
            #expect(!rule.triggering.isEmpty && !rule.nonTriggering.isEmpty, "\(rule.id)")
            for name in rule.thresholds { #expect(AnalysisSettings.threshold(named: name) != nil, "\(rule.id): \(name)") }
        }
    }

    @Test("Each triggering example gets a finding of its rule", arguments: Rules.all)
    func triggering(rule: Rule) throws {
        for example in rule.triggering {
            let found = try Self.findings(example)
            // The one rule whose example depends on the build: a JPEG is listed as not checked only where JPEG isn't built.
            let expected = rule.id != .formatNotBuilt || !ImageFormat.jpeg.isBuilt
            #expect(found.contains(rule.id) == expected, "\(rule.id): \(example.summary) gave \(found)")
        }
    }

    @Test("No non-triggering example gets a finding of its rule", arguments: Rules.all)
    func nonTriggering(rule: Rule) throws {
        for example in rule.nonTriggering {
            let found = try Self.findings(example)
            #expect(!found.contains(rule.id), "\(rule.id): \(example.summary) gave \(found)")
        }
    }
}
