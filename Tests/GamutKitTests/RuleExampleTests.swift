import Foundation
import Testing
@testable import GamutKit

/// Every rule's declared examples, checked as `gamut-check check --advisory` checks them: each triggering example gets
/// a finding of its rule, each non-triggering one none (SwiftLint's examples-as-tests, for GamutKit's rules). A rule
/// that isn't advisory must give a real finding, unless its example shows its advice (``adviceExamples``);
/// `p3-image-8-bit`'s non-triggering examples are its advice (8-bit P3 art without bands), and must give that.
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

    /// The rules whose triggering example shows advice (a clip that keeps its hue, a color with no declared role): the
    /// real finding needs a policy or a hue-turning color, and the example shows what most catalogs meet.
    static let adviceExamples: Set<RuleID> = [.visibleClipping, .colorNeedsSRGBVariant, .imageNeedsSRGBVariant, .missingDarkVariant]

    @Test("Each triggering example gets a finding of its rule", arguments: Rules.all)
    func triggering(rule: Rule) throws {
        for example in rule.triggering {
            let found = try Self.findings(example).filter {
                !$0.isAdvisory || rule.isAdvisory || Self.adviceExamples.contains(rule.id)
            }.map(\.ruleID)
            // The one rule whose example depends on the build: a JPEG is listed as not checked only where JPEG isn't built.
            let expected = rule.id != .formatNotBuilt || !ImageFormat.jpeg.isBuilt
            #expect(found.contains(rule.id) == expected, "\(rule.id): \(example.summary) gave \(found)")
        }
    }

    @Test("No non-triggering example gets a finding of its rule", arguments: Rules.all)
    func nonTriggering(rule: Rule) throws {
        for example in rule.nonTriggering {
            let findings = try Self.findings(example)
            let found = findings.filter { !$0.isAdvisory || rule.isAdvisory }.map(\.ruleID)
            #expect(!found.contains(rule.id), "\(rule.id): \(example.summary) gave \(found)")
            if rule.id == .p3Image8Bit {
                #expect(findings.contains { $0.ruleID == rule.id && $0.isAdvisory }, "\(example.summary): no advice")
            } else if !rule.isAdvisory {
                #expect(!findings.contains { $0.ruleID == rule.id }, "\(rule.id): \(example.summary) gave its advice")
            }
        }
    }
}
