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

    /// A foreground/background pair whose contrast is checked in every appearance, on sRGB and P3 displays.
    public struct ContrastPair: Sendable, Hashable {
        /// The foreground color's asset name (`Text/Primary`).
        public var foreground: String
        /// The background color's asset name.
        public var background: String
        /// Text size in points: up to 17 pt needs 4.5:1, 18 pt and larger 3:1 (HIG). Default 17.
        public var textSize: Double
        /// Bold text needs 3:1 at any size. Default false.
        public var bold: Bool
        /// A name for people ("body text"); optional.
        public var label: String?
        /// The line of the policy file that declares it, if read from one.
        public var line: Int?

        /// Creates a pair.
        public init(
            foreground: String, background: String, textSize: Double = 17, bold: Bool = false, label: String? = nil, line: Int? = nil
        ) {
            self.foreground = foreground
            self.background = background
            self.textSize = textSize
            self.bold = bold
            self.label = label
            self.line = line
        }
    }

    /// Colors that must stay apart: status colors, chart series. Checked under simulated color-vision
    /// deficiencies, and kept apart by `gamut-check fix`.
    public struct DistinctGroup: Sendable, Hashable {
        /// The group's name ("status").
        public var name: String
        /// Asset names of its colors.
        public var colors: [String]
        /// The line of the policy file that declares it, if read from one.
        public var line: Int?

        /// Creates a group.
        public init(name: String, colors: [String], line: Int? = nil) {
            self.name = name
            self.colors = colors
            self.line = line
        }
    }

    /// Thresholds and the target gamut.
    public var settings: AnalysisSettings
    /// Contrast pairs to check.
    public var contrastPairs: [ContrastPair] = []
    /// Groups of colors that must stay distinguishable.
    public var distinctGroups: [DistinctGroup] = []
    /// Severities of the simulated deficiencies: 1 is dichromacy (Viénot/Brettel), below 1 anomalous
    /// trichromacy (Machado). Default [1].
    public var colorVisionSeverities: [Double] = [1]
    /// The policy file it was read from, if any (findings about the policy point there).
    public var path: String?
    /// Severity per rule id; `nil` switches the rule off. Rules not listed keep their default severity.
    public var severities: [RuleID: Severity?]
    /// Suppressions, applied after severities.
    public var suppressions: [Suppression]
    /// Whether advisory rules (increased-contrast variants, images without a profile, sets not
    /// checked, …) report. Off by default; the policy key `"advisory": true` or the CLI's `--advisory` turns them all
    /// on, and a `severity` entry for one advisory rule turns that rule on.
    public var showsAdvisory = false
    /// Folder names (`fnmatch(3)` globs) that mark an asset catalog as one that doesn't ship: a catalog with such a
    /// folder in its path (relative to the current directory when it lies under it) is audited for what breaks the
    /// build only, and its other findings are advisory. Default: test targets' folders (`Tests`, `*Tests`) and Xcode's
    /// development assets (`Preview Content`). The policy key `"notShipping"` replaces the list; `[]` audits every
    /// catalog fully.
    public var notShipping = ["Tests", "*Tests", "Preview Content"]

    /// The defaults: every rule at its default severity, nothing suppressed. Suppressions come from a policy file
    /// (``load(contentsOf:)``).
    public init(settings: AnalysisSettings = .init(), severities: [RuleID: Severity?] = [:]) {
        self.init(settings: settings, severities: severities, suppressions: [])
    }

    /// Creates a policy with suppressions, as a policy file's `suppress` entries make them.
    public init(settings: AnalysisSettings, severities: [RuleID: Severity?], suppressions: [Suppression]) {
        self.settings = settings
        self.severities = severities
        self.suppressions = suppressions
    }

    /// The colors whose role the policy declares: named in a contrast pair or a distinct group.
    public var declaredRoles: Set<String> {
        Set(contrastPairs.flatMap { [$0.foreground, $0.background] } + distinctGroups.flatMap(\.colors))
    }

    /// The findings this policy keeps, with their configured severities (advisory rules only when turned on).
    public func apply(to findings: [Finding]) -> [Finding] { partition(findings).shown }

    /// The findings this policy keeps, with their configured severities, and how many advisory findings (of advisory
    /// rules, or advisory by what was measured) that are not turned on it leaves out, by rule id (rules switched off and suppressed findings are not counted: the
    /// policy asked for that).
    public func partition(_ findings: [Finding]) -> (shown: [Finding], notShown: [RuleID: Int]) {
        var notShown: [RuleID: Int] = [:]
        let shown = findings.compactMap { finding -> Finding? in
            var finding = finding
            if let configured = severities[finding.ruleID] {
                guard let severity = configured else { return nil }
                finding.severity = severity
            } else if finding.isAdvisory || finding.ruleID.rule.isAdvisory, !showsAdvisory {
                notShown[finding.ruleID, default: 0] += 1
                return nil
            }
            let subject = finding.location.asset ?? finding.location.file
            let suppressed = suppressions.contains { s in
                (s.rule == "*" || s.rule == finding.ruleID.rawValue)
                    && s.assets.contains { fnmatch($0, subject, 0) == 0 || fnmatch($0, finding.location.file, 0) == 0 }
            }
            return suppressed ? nil : finding
        }
        return (shown, notShown)
    }
}
