import ArgumentParser
import GamutKit

/// `gamut-check rules`: the rules as GamutKit declares them (``Rule``), listed, explained, or as the docs' tables.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or explain one: what it reports, its thresholds, why, how to fix it, and examples.",
        discussion: "The documentation's rule tables are this command's markdown output (scripts/rule-tables.sh writes them).")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown }
    enum Group: String, ExpressibleByArgument, CaseIterable { case images, catalogs, accessibility }

    @Argument(help: "A rule id (such as color-collapse) to explain; none lists every rule.")
    var rule: String?

    @Option(help: "Output: text, or markdown (the docs' tables).")
    var format: Format = .text

    @Option(help: "Only the rules of one group: images, catalogs or accessibility.")
    var group: Group?

    static func rules(in group: Group) -> [Rule] {
        switch group {
        case .images: Rules.analyzer
        case .catalogs: Rules.catalog
        case .accessibility: Rules.accessibility
        }
    }

    func run() throws {
        let groups = group.map { [$0] } ?? Group.allCases
        if let rule {
            guard let id = RuleID(rawValue: rule), let found = Rules.all.first(where: { $0.id == id }) else {
                throw ValidationError("No rule \(rule); `gamut-check rules` lists them.")
            }
            print(format == .markdown ? Self.markdownTable([found]) : Self.explanation(found), terminator: "")
            return
        }
        switch format {
        case .markdown:
            print(groups.map { Self.markdownTable(Self.rules(in: $0)) }.joined(separator: "\n"), terminator: "")
        case .text:
            for group in groups {
                print("\(group.rawValue):")
                for rule in Self.rules(in: group) {
                    print(
                        "  " + rule.id.rawValue.padding(toLength: 30, withPad: " ", startingAt: 0) + Self.severity(rule) + " — " + rule.name
                    )
                }
            }
        }
    }

    /// "error", or "info, advisory".
    static func severity(_ rule: Rule) -> String { rule.defaultSeverity.rawValue + (rule.isAdvisory ? ", advisory" : "") }

    /// "`visibleClip` 1.0 (above 0 to 100)" for each threshold the rule uses.
    static func thresholds(_ rule: Rule) -> [String] {
        rule.thresholds.compactMap { name in
            guard let threshold = AnalysisSettings.threshold(named: name) else { return nil }
            let value = threshold.value(in: AnalysisSettings())
            let text = threshold.isCount ? String(Int(value)) : "\(value)"
            return "`\(name)` \(text) (\(threshold.rangeDescription))"
        }
    }

    /// One rule, for people at a terminal.
    static func explanation(_ rule: Rule) -> String {
        var lines = [
            "\(rule.id.rawValue): \(rule.name) (\(severity(rule)))", "", rule.summary, "", "Why: \(rule.rationale)", "",
            "Fix: \(rule.fixHint)",
        ]
        let thresholds = thresholds(rule)
        if !thresholds.isEmpty { lines += ["", "Thresholds (default, valid range):"] + thresholds.map { "  " + $0 } }
        lines += ["", "Reports on:"] + rule.triggering.map { "  " + $0.summary }
        lines += ["Doesn't report on:"] + rule.nonTriggering.map { "  " + $0.summary }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The docs' table of `rules`: one row each, made from the declarations alone.
    static func markdownTable(_ rules: [Rule]) -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = [
            "| rule | default severity | reports | thresholds (default, valid range) | why | fix |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for rule in rules {
            let cells = [
                "`\(rule.id.rawValue)`", severity(rule), rule.summary, thresholds(rule).joined(separator: "; "), rule.rationale,
                rule.fixHint,
            ]
            lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
