import ArgumentParser
import Foundation
import GamutKit

/// `gamut-check merge`: combines the JSON or SARIF reports of `check --shard K/N` runs into one report.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the JSON or SARIF reports of sharded runs (check --shard K/N) into one report of the same format.",
        discussion: """
            All inputs must be JSON reports (schema version 1) or all SARIF 2.1.0 logs written by gamut-check. \
            JSON: the files are concatenated and the summary recounted; inputs with different targets or settings \
            are refused. SARIF: the results of every run are put in one run.

            Exit codes: 0 merged; 1 the merged report has findings at or above --fail-on; 2 unreadable or \
            mismatched inputs.
            """)

    @Argument(help: "The reports to merge.")
    var reports: [String]

    @Option(name: .shortAndLong, help: "Write the merged report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("fail-on"),
        help: "Exit 1 when the merged report has a finding at or above this severity: error, warning or never.")
    var failOn: Check.FailOn = .never

    func validate() throws {
        guard reports.count >= 1 else { throw ValidationError("Give the JSON or SARIF reports to merge.") }
    }

    func run() throws {
        let documents = try reports.map { path -> [String: Any] in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw GamutError(.io, FileManager.default.fileExists(atPath: path) ? "cannot read the report" : "no such file", path: path)
            }
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw GamutError(.io, "not a JSON or SARIF report (not a JSON object)", path: path)
            }
            if let problem = Self.problem(root) { throw GamutError(.invalidArgument, problem, path: path) }
            return root
        }
        let isSARIF = documents.map { $0["runs"] != nil }
        guard Set(isSARIF).count == 1 else {
            throw GamutError(.invalidArgument, "the reports mix JSON and SARIF; merge one kind at a time")
        }
        let (merged, severities) = isSARIF[0] ? try Self.mergeSARIF(documents) : try Self.mergeJSON(documents)
        let data = try JSONSerialization.data(withJSONObject: merged, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self) + "\n"
        if let output { try CheckReport.write(text, to: output) } else { print(text, terminator: "") }
        let threshold: Severity? =
            switch failOn {
            case .error: .error
            case .warning: .warning
            case .never: nil
            }
        if let threshold, severities.contains(where: { $0 >= threshold }) { throw ExitCode.findings }
    }

    /// What keeps a document from being merged: not gamut-check's JSON report of this schema version, nor its SARIF
    /// 2.1.0 log (with at least one run, each of gamut-check); nil when it can be.
    static func problem(_ document: [String: Any]) -> String? {
        if let runs = document["runs"] {
            guard document["version"] as? String == "2.1.0" else { return "not a SARIF 2.1.0 log (its version is not \"2.1.0\")" }
            guard let runs = runs as? [[String: Any]], !runs.isEmpty else { return "a SARIF log without runs" }
            let tools = runs.map { (($0["tool"] as? [String: Any])?["driver"] as? [String: Any])?["name"] as? String }
            return tools.allSatisfy { $0 == "gamut-check" } ? nil : "a SARIF log with a run not written by gamut-check"
        }
        guard let version = document["schemaVersion"] as? Int else { return "not a JSON or SARIF report (no schemaVersion, no runs)" }
        guard version == JSONRenderer.schemaVersion else {
            return "a JSON report of schema version \(version); this gamut-check merges version \(JSONRenderer.schemaVersion)"
        }
        guard (document["tool"] as? [String: Any])?["name"] as? String == "gamut-check" else {
            return "a JSON report not written by gamut-check"
        }
        guard document["files"] is [[String: Any]], document["target"] is String, document["settings"] is [String: Any] else {
            return "a JSON report without its files, target or settings"
        }
        return nil
    }

    /// JSON reports: files concatenated (in the order given), the summary recounted.
    static func mergeJSON(_ documents: [[String: Any]]) throws -> ([String: Any], [Severity]) {
        var merged = documents[0]
        for (key, what) in [("schemaVersion", "schema versions"), ("target", "targets"), ("settings", "settings")] {
            let values = Set(
                documents.map { document in
                    (try? JSONSerialization.data(withJSONObject: [key: document[key] ?? NSNull()], options: [.sortedKeys])) ?? Data()
                })
            guard values.count == 1 else {
                throw GamutError(.invalidArgument, "the reports have different \(what); merge runs of one configuration")
            }
        }
        let files = documents.flatMap { $0["files"] as? [[String: Any]] ?? [] }
        let severities = files.flatMap {
            ($0["findings"] as? [[String: Any]] ?? []).compactMap { ($0["severity"] as? String).flatMap(Severity.init) }
        }
        var notShown: [String: Int] = [:]
        for document in documents {
            for (rule, count) in (document["summary"] as? [String: Any])?["notShown"] as? [String: Int] ?? [:] {
                notShown[rule, default: 0] += count
            }
        }
        var summary: [String: Any] = [
            "files": files.count, "error": severities.filter { $0 == .error }.count,
            "warning": severities.filter { $0 == .warning }.count, "info": severities.filter { $0 == .info }.count,
        ]
        if !notShown.isEmpty { summary["notShown"] = notShown }
        merged["files"] = files
        merged["summary"] = summary
        return (merged, severities)
    }

    /// SARIF logs: one run holding every run's results (the tool and its rules are the same in each).
    static func mergeSARIF(_ documents: [[String: Any]]) throws -> ([String: Any], [Severity]) {
        let runs = documents.flatMap { $0["runs"] as? [[String: Any]] ?? [] }
        guard var run = runs.first else { throw GamutError(.invalidArgument, "a SARIF log without runs") }
        let results = runs.flatMap { $0["results"] as? [[String: Any]] ?? [] }
        run["results"] = results
        var merged = documents[0]
        merged["runs"] = [run]
        let severities = results.compactMap { result -> Severity? in
            switch result["level"] as? String {
            case "error": .error
            case "warning": .warning
            case "note": .info
            default: nil
            }
        }
        return (merged, severities)
    }
}
