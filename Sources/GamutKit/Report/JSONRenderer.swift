import Foundation

/// Renders a report as JSON, schema version 1 (documented in the README, "JSON output").
///
/// `{"schemaVersion": 1, "tool": {"name", "version"}, "target", "settings": {…},
///   "files": [{"path", "analysis": {…} | null, "findings": [{"ruleId", "severity", "location", "message",
///   "values", "fixHint", "swatches"?, "advisory"?}], "clipMask"?}], "summary": {"files", "error", "warning", "info", "notShown"?}}`
public enum JSONRenderer {
    /// The schema version this renderer writes; it changes when a field is removed or changes meaning.
    public static let schemaVersion = 1

    /// The report as pretty-printed JSON with sorted keys.
    public static func render(_ report: CheckReport, toolVersion: String) -> String {
        let document = Document(
            schemaVersion: schemaVersion, tool: .init(name: "gamut-check", version: toolVersion), target: report.target,
            settings: .init(report.settings),
            files: report.files.map { file in
                .init(
                    path: file.path, analysis: file.analysis.map(AnalysisJSON.init), findings: file.findings.map(FindingJSON.init),
                    clipMask: file.clipMask)
            },
            summary: .init(
                files: report.files.count, error: report.count(.error), warning: report.count(.warning), info: report.count(.info),
                notShown: report.notShown.isEmpty ? nil : Dictionary(uniqueKeysWithValues: report.notShown.map { ($0.rawValue, $1) })))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Document: Encodable {
        struct Tool: Encodable { var name, version: String }
        struct Summary: Encodable {
            var files, error, warning, info: Int
            /// Advisory findings left out, by rule id (absent when none was).
            var notShown: [String: Int]?
        }
        var schemaVersion: Int
        var tool: Tool
        var target: String
        var settings: SettingsJSON
        var files: [FileJSON]
        var summary: Summary
    }

    /// Every threshold of ``AnalysisSettings/thresholds`` by name, counts as whole numbers: the table is the one list
    /// of thresholds, so a new one is reported (and compared by `gamut-check merge`) without changes here.
    struct SettingsJSON: Encodable {
        let settings: AnalysisSettings
        init(_ settings: AnalysisSettings) { self.settings = settings }

        private struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for threshold in AnalysisSettings.thresholds {
                let value = threshold.value(in: settings), key = Key(stringValue: threshold.name)
                if threshold.isCount { try container.encode(Int(value), forKey: key) } else { try container.encode(value, forKey: key) }
            }
        }
    }

    struct FileJSON: Encodable {
        var path: String
        var analysis: AnalysisJSON?
        var findings: [FindingJSON]
        var clipMask: String?
    }

    struct AnalysisJSON: Encodable {
        var width, height, countedPixels, outOfGamutPixels, visiblyClippedPixels: Int
        var outOfGamutPercent, visiblyClippedPercent, maxDeltaE, meanDeltaE, p95DeltaE: Double
        var sourceProfile: String
        var worst: Worst?
        struct Worst: Encodable { var x, y: Int; var source: [Double]; var shown: [Int]; var deltaE: Double }
        init(_ a: ImageAnalysis) {
            width = a.width; height = a.height; countedPixels = a.countedPixels; outOfGamutPixels = a.outOfGamutPixels
            visiblyClippedPixels = a.visiblyClippedPixels; outOfGamutPercent = a.outOfGamutPercent
            visiblyClippedPercent = a.visiblyClippedPercent; maxDeltaE = a.maxDeltaE; meanDeltaE = a.meanDeltaE
            p95DeltaE = a.p95DeltaE; sourceProfile = a.sourceProfile
            worst = a.worst.map { Worst(x: $0.x, y: $0.y, source: $0.source, shown: $0.shown, deltaE: $0.deltaE) }
        }
    }

    struct FindingJSON: Encodable {
        var ruleId: String
        var severity: Severity
        var location: FindingLocation
        var message: String
        var values: [String: Double]
        var fixHint: String
        var swatches: [Swatch]?
        /// True for advice (shown with `--advisory`); absent otherwise.
        var advisory: Bool?
        init(_ f: Finding) {
            ruleId = f.ruleID.rawValue; severity = f.severity; location = f.location; message = f.message; values = f.values;
            fixHint = f.fixHint
            swatches = f.swatches.isEmpty ? nil : f.swatches
            advisory = f.isAdvisory ? true : nil
        }
    }
}
