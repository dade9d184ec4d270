import Foundation

/// Renders a report for people: one line per finding under its file, and a summary line.
public struct TextRenderer: Sendable {
    /// Whether to use ANSI colors (the CLI turns them on for a terminal unless `NO_COLOR` is set).
    public var colors: Bool

    /// Creates a renderer.
    public init(colors: Bool = false) { self.colors = colors }

    /// The report as text.
    public func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for file in report.files where !file.findings.isEmpty {
            lines.append(paint(file.path, "1"))
            for finding in file.findings.sorted(by: { $0.severity > $1.severity }) {
                let location = finding.location
                let place =
                    location.line.map { line in " [line \(line)" + (location.keyPath.map { ", \($0)" } ?? "") + "]" }
                    ?? location.region.map { " [\($0)]" } ?? location.colorName.map { " [\($0)]" } ?? ""
                lines.append("  " + label(finding.severity) + " " + paint(finding.ruleID.rawValue, "2") + place + ": " + finding.message)
                lines.append("    " + paint("fix: " + finding.fixHint, "2"))
            }
            if let mask = file.clipMask { lines.append("  " + paint("clip mask: \(mask)", "2")) }
        }
        lines.append(summary(report))
        if let notShown = notShownSummary(report) { lines.append(paint(notShown, "2")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Not shown: 12 advisory findings (missing-high-contrast-variant 9, not-checked 3); …", or nil when none was left out.
    public func notShownSummary(_ report: CheckReport) -> String? {
        let total = report.notShown.values.reduce(0, +)
        guard total > 0 else { return nil }
        let byRule = report.notShown.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
        return "Not shown: \(total) advisory finding\(total == 1 ? "" : "s") (\(byRule.joined(separator: ", "))); "
            + "--advisory or \"advisory\": true in the policy shows them"
    }

    /// "3 files checked against sRGB: 1 error, 2 warnings, 0 info (1 file with findings)"
    public func summary(_ report: CheckReport) -> String {
        let withFindings = report.files.filter { !$0.findings.isEmpty }.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(report.files.count, "file")) checked against \(report.target): "
            + "\(plural(report.count(.error), "error")), \(plural(report.count(.warning), "warning")), \(report.count(.info)) info"
            + " (\(plural(withFindings, "file")) with findings)"
    }

    private func label(_ severity: Severity) -> String {
        switch severity {
        case .error: paint("error  ", "31;1")
        case .warning: paint("warning", "33;1")
        case .info: paint("info   ", "36")
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
