import Foundation

/// Renders findings the way Xcode reads a build phase's output: `path:line: error: message`, one line per
/// finding (`warning:` and `note:` for the other severities), with absolute paths so that Xcode opens them.
/// The rule id and the fix follow the message.
public enum XcodeRenderer {
    /// The report in Xcode's diagnostic format.
    public static func render(_ report: CheckReport) -> String {
        report.findings.map(line).map { $0 + "\n" }.joined()
    }

    /// One finding as an Xcode diagnostic line.
    public static func line(_ finding: Finding) -> String {
        let level =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
        let path = absolute(finding.location.file)
        let place = finding.location.line.map { "\(path):\($0):" } ?? "\(path):1:"
        let key = finding.location.keyPath.map { " (\($0))" } ?? ""
        let region = finding.location.region.map { " [pixels \($0)]" } ?? ""
        return "\(place) \(level): \(finding.message)\(key)\(region) [\(finding.ruleID)] Fix: \(finding.fixHint)"
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
