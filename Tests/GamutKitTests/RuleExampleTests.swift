import Foundation
import Testing
@testable import GamutKit

/// Every rule's declared examples, checked as `gamut-check check --advisory` checks them: each triggering example gets
/// a finding of its rule, each non-triggering one none (SwiftLint's examples-as-tests, for GamutKit's rules). An example
/// declared as advice (``Rule/Example/isAdvice``) gets the rule's advice: triggering, the advice and no real finding;
/// non-triggering, the advice and nothing more. Any other example of a rule that isn't advisory gets a real finding, or
/// no finding of the rule at all.
@Suite("Rules: the examples each rule declares")
struct RuleExampleTests {
    /// The findings `example` gets, advisory rules shown.
    static func findings(_ example: Rule.Example) throws -> [Finding] {
        let inputs = try example.write(into: TestScratch.folder("rule-example-"))
        #expect(!inputs.files.isEmpty || !inputs.catalogs.isEmpty, "\(example.summary): nothing to check")
        var options = AssetChecker.Options()
        options.showAdvisory = true
        options.jobs = 1
        return try AssetChecker.check(files: inputs.files, catalogs: inputs.catalogs, options: options).findings
    }

    @Test("Every rule declares a triggering and a non-triggering example, and thresholds the settings have")
    func declarations() {
        #expect(Set(Rules.all.map(\.id)) == Set(RuleID.allCases) && Rules.all.count == RuleID.allCases.count)
        for rule in Rules.all {
            #expect(!rule.triggering.isEmpty && !rule.nonTriggering.isEmpty, "\(rule.id)")
            for name in rule.thresholds { #expect(AnalysisSettings.threshold(named: name) != nil, "\(rule.id): \(name)") }
        }
    }

    @Test("Each triggering example gets a finding of its rule, its advice where the example says so", arguments: Rules.all)
    func triggering(rule: Rule) throws {
        for example in rule.triggering {
            let found = try Self.findings(example).filter { $0.ruleID == rule.id }
            // The one rule whose example depends on the build: a JPEG is listed as not checked only where JPEG isn't built.
            if rule.id == .formatNotBuilt && ImageFormat.jpeg.isBuilt {
                #expect(found.isEmpty, "\(example.summary) gave \(found.map(\.message))")
                continue
            }
            // An advisory rule's findings are all advice; another rule's are real unless the example is its advice.
            let advice = rule.isAdvisory || example.isAdvice
            #expect(!found.isEmpty && found.allSatisfy { $0.isAdvisory == advice }, "\(rule.id): \(example.summary) gave \(found)")
        }
    }

    @Test("No non-triggering example gets a finding of its rule; one declared as advice gets only the advice", arguments: Rules.all)
    func nonTriggering(rule: Rule) throws {
        for example in rule.nonTriggering {
            let found = try Self.findings(example).filter { $0.ruleID == rule.id }
            if example.isAdvice {
                #expect(!found.isEmpty && found.allSatisfy(\.isAdvisory), "\(rule.id): \(example.summary) gave \(found)")
            } else {
                #expect(found.isEmpty, "\(rule.id): \(example.summary) gave \(found.map(\.message))")
            }
        }
    }
}
