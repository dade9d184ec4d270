import Foundation
import Testing
@testable import GamutKit

/// The CLI's threshold options, the policy file's `thresholds` and the library validate against one table
/// (``AnalysisSettings/thresholds``): the same value is accepted or refused everywhere, with the same message.
@Suite("Thresholds: one table for the CLI, the policy file and the library")
struct ThresholdOptionTests {
    /// Writes a policy setting one threshold and returns the loading error's message, or nil when it loads.
    func policyError(_ name: String, _ value: Double) throws -> String? {
        let path = CLI.temporaryDirectory() + "/policy.json"
        try Data("{ \"thresholds\": { \"\(name)\": \(value) } }".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try GamutPolicy.load(contentsOf: path)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(
        "Each option agrees with the policy file on in-range and out-of-range values",
        arguments: [
            ("tolerance", "gamutTolerance", 5.0, false), ("tolerance", "gamutTolerance", 0.1, false),
            ("tolerance", "gamutTolerance", 0.05, true),
            ("tolerance", "gamutTolerance", 0, true), ("visible-clip", "visibleClip", 0, false), ("visible-clip", "visibleClip", 2.5, true),
            ("display-depth", "displayBitDepth", 10, false), ("display-depth", "displayBitDepth", 6, true),
            ("gradient-min-length", "gradientMinimumLength", 1, false), ("collapse-min-pixels", "collapseMinimumPixels", 64, true),
        ])
    func optionMatchesPolicy(option: String, name: String, value: Double, valid: Bool) throws {
        let formatted = value == value.rounded() && name != "gamutTolerance" && name != "visibleClip" ? String(Int(value)) : "\(value)"
        let cli = try CLI.run(["check", CLI.example, "--\(option)", formatted, "--fail-on", "never", "--format", "json"])
        let policy = try policyError(name, value)
        #expect((cli.status == 0) == valid, "\(cli.stderr)")
        #expect((policy == nil) == valid, "\(policy ?? "")")
        if let policy, !valid {
            // The CLI names its option, then says what the policy file says.
            let reason = try #require(policy.range(of: "threshold \"\(name)\" is out of range")).lowerBound
            #expect(cli.stderr.contains("--\(option): " + policy[reason...]), "\(cli.stderr)")
        }
    }

    @Test("Every default is inside its own range, and every threshold appears in the JSON report's settings")
    func defaultsAreValid() throws {
        let defaults = AnalysisSettings()
        for threshold in AnalysisSettings.thresholds {
            #expect(threshold.accepts(threshold.get(defaults)), "\(threshold.name)")
            var settings = defaults
            #expect(throws: Never.self) { try settings.set(threshold.name, to: threshold.get(defaults)) }
        }
        let json = try CLI.run(["check", CLI.example, "--fail-on", "never", "--format", "json"]).stdout
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let settings = try #require(root["settings"] as? [String: Any])
        #expect(Set(settings.keys) == Set(AnalysisSettings.thresholdNames), "\(settings.keys.sorted())")
        // Each with its default value, counts as whole numbers.
        for threshold in AnalysisSettings.thresholds {
            let value = try #require(settings[threshold.name] as? NSNumber, "\(threshold.name)")
            #expect(value.doubleValue == threshold.value(in: defaults), "\(threshold.name)")
            #expect(!threshold.isCount || json.contains("\"\(threshold.name)\" : \(Int(value.doubleValue)),"), "\(threshold.name)")
        }
    }

    @Test("The library's settings are typed properties checked against the same table, with the policy's messages")
    func libraryAPI() throws {
        // Every stored threshold property is in the table (target is a profile, not a threshold).
        let properties = Mirror(reflecting: AnalysisSettings()).children.compactMap(\.label).filter { $0 != "target" }
        #expect(Set(properties) == Set(AnalysisSettings.thresholdNames) && properties.count == AnalysisSettings.thresholds.count)
        var settings = AnalysisSettings()
        #expect(settings.visibleClip == 1 && settings.displayBitDepth == 8)
        settings.visibleClip = 2.5
        try settings.set("collapseMinimumPixels", to: 64)
        #expect(AnalysisSettings.threshold(named: "visibleClip")?.value(in: settings) == 2.5 && settings.collapseMinimumPixels == 64)
        try settings.validate()
        for (name, value) in [("gamutTolerance", 5.0), ("visibleClip", 0), ("displayBitDepth", 10), ("collapseMinimumPixels", 1.5)] {
            let policy = try #require(try policyError(name, value))
            #expect(throws: GamutError.self) { try settings.set(name, to: value) }
            do {
                try settings.set(name, to: value)
            } catch {
                #expect(error.code == .invalidArgument && policy.hasSuffix(error.message), "\(error.message) vs \(policy)")
            }
        }
        #expect(settings.visibleClip == 2.5)  // refused values change nothing

        // A property set out of range directly is refused once, when an analysis starts, with the same message.
        var direct = AnalysisSettings()
        direct.displayBitDepth = 10
        let policy = try #require(try policyError("displayBitDepth", 10))
        do {
            _ = try ImageAnalyzer.analyze(contentsOf: CLI.example, settings: direct)
            Issue.record("an analysis ran with displayBitDepth 10")
        } catch {
            #expect(error.code == .invalidArgument && policy.hasSuffix(error.message), "\(error.message) vs \(policy)")
        }
    }
}
