import Foundation

/// Everything a project tunes, in one value: thresholds and target gamut (``AnalysisSettings``), the
/// severity of each rule (or off), and suppressions by asset name or glob. Load it from
/// `.gamut-check.json` (``load(contentsOf:)``); the README's "Policy" section shows the format.
///
/// Immutable once made; safe to share across tasks.
public struct GamutPolicy: Sendable, Hashable {
    /// A rule switched off for some assets.
    public struct Suppression: Sendable, Hashable {
        /// The rule id, or `*` for every rule.
        public var rule: String
        /// Asset names (`Brand/Accent`) or file paths, as `fnmatch(3)` globs (`Legacy/*`, `*.png`).
        public var assets: [String]
        /// Why (shown nowhere; for the people reading the file).
        public var reason: String?

        /// Creates a suppression.
        public init(rule: String, assets: [String], reason: String? = nil) {
            self.rule = rule
            self.assets = assets
            self.reason = reason
        }
    }

    /// Thresholds and the target gamut.
    public var settings: AnalysisSettings
    /// Severity per rule id; `nil` switches the rule off. Rules not listed keep their default severity.
    public var severities: [String: Severity?]
    /// Suppressions, applied after severities.
    public var suppressions: [Suppression]

    /// The defaults: every rule at its default severity, nothing suppressed.
    public init(settings: AnalysisSettings = .init(), severities: [String: Severity?] = [:], suppressions: [Suppression] = []) {
        self.settings = settings
        self.severities = severities
        self.suppressions = suppressions
    }

    /// The findings this policy keeps, with their configured severities.
    public func apply(to findings: [Finding]) -> [Finding] {
        findings.compactMap { finding in
            var finding = finding
            if let configured = severities[finding.ruleID] {
                guard let severity = configured else { return nil }
                finding.severity = severity
            }
            let subject = finding.location.asset ?? finding.location.file
            let suppressed = suppressions.contains { s in
                (s.rule == "*" || s.rule == finding.ruleID)
                    && s.assets.contains { fnmatch($0, subject, 0) == 0 || fnmatch($0, finding.location.file, 0) == 0 }
            }
            return suppressed ? nil : finding
        }
    }

    /// The policy with the same findings applied to a whole report.
    public func apply(to report: CheckReport) -> CheckReport {
        var report = report
        for i in report.files.indices { report.files[i].findings = apply(to: report.files[i].findings) }
        return report
    }
}
