import Foundation

/// Renders a report as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), for
/// code-scanning UIs: one run, the rules with their help text and HIG rationale, one result per finding.
public enum SARIFRenderer {
    /// The report as SARIF JSON.
    public static func render(_ report: CheckReport, toolVersion: String) -> String {
        let rules: [[String: Any]] = Rules.all.map { rule in
            // The thresholds the rule uses, with the values this run used (SARIF's configuration parameters).
            let parameters = Dictionary(
                uniqueKeysWithValues: rule.thresholds.compactMap { name in
                    AnalysisSettings.threshold(named: name).map { (name, $0.value(in: report.settings)) }
                })
            return [
                "id": rule.id.rawValue,
                "name": rule.name.replacingOccurrences(of: " ", with: ""),
                "shortDescription": ["text": rule.name],
                "fullDescription": ["text": rule.summary],
                "help": [
                    "text": rule.rationale + " Fix: " + rule.fixHint,
                    "markdown": "**\(rule.name)**: \(rule.summary)\n\n*Why:* \(rule.rationale)\n\n*Fix:* \(rule.fixHint)",
                ],
                "helpUri": Rules.higColorManagement,
                // Advisory rules report only when a policy or --advisory turns them on.
                "defaultConfiguration": [
                    "level": level(rule.defaultSeverity), "enabled": !rule.isAdvisory, "parameters": parameters,
                ],
            ]
        }
        let results: [[String: Any]] = report.findings.map { finding in
            var physical: [String: Any] = ["artifactLocation": ["uri": uri(finding.location.file)]]
            if let line = finding.location.line { physical["region"] = ["startLine": line] }
            var location: [String: Any] = ["physicalLocation": physical]
            if let keyPath = finding.location.keyPath {
                location["logicalLocations"] = [["fullyQualifiedName": keyPath, "kind": "member"]]
            }
            if let region = finding.location.region {
                location["message"] = ["text": "pixels \(region)"]
            }
            var properties: [String: Any] = finding.values
            if let region = finding.location.region {
                properties["region"] = ["x": region.x, "y": region.y, "width": region.width, "height": region.height]
            }
            if let name = finding.location.colorName { properties["colorName"] = name }
            if let asset = finding.location.asset { properties["asset"] = asset }
            return [
                "ruleId": finding.ruleID.rawValue,
                "ruleIndex": Rules.all.firstIndex { $0.id == finding.ruleID } ?? 0,
                "level": level(finding.severity),
                "message": ["text": finding.message + " Fix: " + finding.fixHint],
                "locations": [location],
                "properties": properties,
            ]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "gamut-check", "version": toolVersion, "semanticVersion": toolVersion,
                            "informationUri": Rules.higColorManagement, "rules": rules,
                        ]
                    ],
                    "results": results,
                    "properties": ["target": report.target],
                ]
            ],
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// SARIF levels: error, warning, note.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative URI for a path (SARIF artifact locations are URIs; relative ones resolve against the checkout).
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
        }.joined(separator: "/")
    }
}
