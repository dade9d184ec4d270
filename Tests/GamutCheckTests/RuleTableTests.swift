import Foundation
import Testing
import GamutKit

/// The documentation's rule tables are `gamut-check rules --format markdown` output, made from the rules' declarations
/// (scripts/rule-tables.sh writes them), and the CLI's help lists the image rules from the same declarations.
@Suite("Rule tables: docs, help and SARIF from the declarations")
struct RuleTableTests {
    @Test(
        "Each article's table is the command's output",
        arguments: [("AnalyzerRules.md", "images"), ("AssetCatalogs.md", "catalogs"), ("ContrastAndColorVision.md", "accessibility")])
    func docsTable(article: String, group: String) throws {
        let path = CLI.repositoryRoot.appendingPathComponent("Sources/GamutKit/GamutKit.docc/" + article).path
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let command = "`gamut-check rules --format markdown --group \(group)`"
        let start = try #require(lines.firstIndex { $0.contains(command) }, "\(article) names \(command)")
        let table = lines[(start + 1)...].drop { $0.isEmpty }.prefix { $0.hasPrefix("|") }.joined(separator: "\n") + "\n"
        let generated = try CLI.run(["rules", "--format", "markdown", "--group", group])
        #expect(generated.status == 0)
        #expect(table == generated.stdout, "\(article) differs from \(command): run scripts/rule-tables.sh")
        let rules = group == "images" ? Rules.analyzer : group == "catalogs" ? Rules.catalog : Rules.accessibility
        #expect(table.components(separatedBy: "\n").count == rules.count + 3)
        for rule in rules { #expect(table.contains("| `\(rule.id)` |"), "\(rule.id)") }
    }

    @Test("`rules ID` explains a rule from its declaration; the check help lists the image rules")
    func explainAndHelp() throws {
        let explained = try CLI.run(["rules", "gradient-clipping"])
        #expect(explained.status == 0)
        let rule = Rules.gradientClipping
        for part in [rule.summary, rule.rationale, rule.fixHint, "`gradientMinimumLength` 8 (2 to 65535 (whole numbers))"]
            + rule.triggering.map(\.summary) + rule.nonTriggering.map(\.summary)
        {
            #expect(explained.stdout.contains(part), "\(part)")
        }
        #expect(try CLI.run(["rules", "no-such-rule"]).status == 2)
        let help = try CLI.run(["check", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(
            separator: " ")
        for rule in Rules.analyzer { #expect(help.contains("\(rule.id) (\(rule.defaultSeverity)"), "\(rule.id)") }
    }
}
