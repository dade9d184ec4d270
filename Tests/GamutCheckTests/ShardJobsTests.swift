import Foundation
import Testing
@testable import GamutKit

/// `--jobs N` and `--shard K/N` on folders: shards are disjoint and together the whole run; the number of jobs
/// changes nothing in the report.
@Suite("check --jobs and --shard")
struct ShardJobsTests {
    /// A folder of `count` small P3 PNGs (some clip, some not) and one catalog.
    static func folder(count: Int) throws -> String {
        let folder = CLI.temporaryDirectory()
        for i in 0..<count {
            let green = Double(i) / Double(count - 1)
            let samples = (0..<8).flatMap { _ in (0..<32).flatMap { x in [0.2, x < 16 ? 1 : green, 0.1].map { UInt16($0 * 65535) } } }
            let image = Image(pixels: try PixelBuffer(width: 32, height: 8, layout: .rgb, samples: samples), profile: .displayP3)
            try ImageFile.write(image, to: folder + String(format: "/img-%02d.png", i))
        }
        return folder
    }

    static func files(_ json: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (root["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test("Three shards of 10 images and a catalog: disjoint, and together exactly the whole run")
    func shards() throws {
        let folder = try Self.folder(count: 10)
        let catalog = CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path
        let whole = try CLI.run(["check", folder, catalog, "--format", "json", "--fail-on", "never"])
        #expect(whole.status == 0, "\(whole.stderr)")
        var seen: [String] = []
        for k in 1...3 {
            let part = try CLI.run(["check", folder, catalog, "--shard", "\(k)/3", "--format", "json", "--fail-on", "never"])
            #expect(part.status == 0, "\(part.stderr)")
            let files = try Self.files(part.stdout)
            #expect(!files.isEmpty)
            seen += files
        }
        #expect(seen.sorted() == (try Self.files(whole.stdout)).sorted())
        #expect(Set(seen).count == seen.count)
    }

    @Test(
        "--jobs 1 and --jobs 2 give the same report; bad values are usage errors",
        arguments: [["--jobs", "0"], ["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "1"]])
    func jobs(bad: [String]) throws {
        let folder = try Self.folder(count: 6)
        let one = try CLI.run(["check", folder, "--jobs", "1", "--format", "json", "--fail-on", "never"])
        let two = try CLI.run(["check", folder, "--jobs", "2", "--format", "json", "--fail-on", "never"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout)
        #expect(try Self.files(one.stdout).count == 6)
        let usage = try CLI.run(["check", folder] + bad)
        #expect(usage.status == 2 && usage.stderr.contains(bad[0]), "\(usage.stderr)")
    }

    @Test("merge: the JSON of three shards equals the whole run's; SARIF shards merge into one run with every result")
    func merge() throws {
        let folder = try Self.folder(count: 9)
        let out = CLI.temporaryDirectory()
        // --advisory: the P3 greens' clips keep their hue, and the advice is what the shards hold.
        func run(_ extra: [String]) throws -> CLIResult { try CLI.run(["check", folder, "--fail-on", "never", "--advisory"] + extra) }
        let whole = try run(["--format", "json"])
        let wholeSARIF = try run(["--format", "sarif"])
        var jsonParts: [String] = [], sarifParts: [String] = []
        for k in 1...3 {
            jsonParts.append(out + "/shard-\(k).json")
            sarifParts.append(out + "/shard-\(k).sarif")
            #expect(try run(["--shard", "\(k)/3", "--format", "json", "-o", jsonParts.last!]).status == 0)
            #expect(try run(["--shard", "\(k)/3", "--format", "sarif", "-o", sarifParts.last!]).status == 0)
        }
        let merged = try CLI.run(["merge"] + jsonParts)
        #expect(merged.status == 0, "\(merged.stderr)")
        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let a = try object(merged.stdout), b = try object(whole.stdout)
        #expect(NSDictionary(dictionary: a["summary"] as! [String: Any]) == NSDictionary(dictionary: b["summary"] as! [String: Any]))
        func byPath(_ root: [String: Any]) -> [String: NSDictionary] {
            Dictionary(
                uniqueKeysWithValues: (root["files"] as! [[String: Any]]).map { ($0["path"] as! String, NSDictionary(dictionary: $0)) })
        }
        #expect(byPath(a) == byPath(b))
        // --fail-on applies to the merged findings (the P3 greens clip visibly, as advice: info).
        #expect(try CLI.run(["merge", "--fail-on", "warning"] + jsonParts).status == 0)
        #expect((a["summary"] as? [String: Any])?["info"] as? Int ?? 0 > 0)

        let sarif = try object(try CLI.run(["merge"] + sarifParts).stdout)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let wholeRuns = try #require(try object(wholeSARIF.stdout)["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        #expect((runs[0]["results"] as? [Any])?.count == (wholeRuns[0]["results"] as? [Any])?.count)
        #expect(((runs[0]["results"] as? [Any])?.count ?? 0) > 0)

        // Mixed kinds, or different settings, are refused.
        #expect(try CLI.run(["merge", jsonParts[0], sarifParts[1]]).status == 2)
        let other = out + "/other.json"
        #expect(try CLI.run(["check", folder, "--fail-on", "never", "--format", "json", "--visible-clip", "2", "-o", other]).status == 0)
        let mismatch = try CLI.run(["merge", jsonParts[0], other])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("different settings"), "\(mismatch.stderr)")
    }

    @Test(
        "merge refuses what isn't gamut-check's report of this schema, or a file that isn't there, naming it",
        arguments: [
            ("{}", "no schemaVersion, no runs"),
            (
                #"{"schemaVersion": 99, "tool": {"name": "gamut-check"}, "files": [], "target": "sRGB", "settings": {}}"#,
                "schema version 99"
            ),
            (
                #"{"schemaVersion": 1, "tool": {"name": "other"}, "files": [], "target": "sRGB", "settings": {}}"#,
                "not written by gamut-check"
            ),
            (#"{"schemaVersion": 1, "tool": {"name": "gamut-check"}}"#, "without its files, target or settings"),
            (#"{"version": "1.0", "runs": []}"#, "not a SARIF 2.1.0 log"),
            (#"{"version": "2.1.0", "runs": []}"#, "a SARIF log without runs"),
            (#"{"version": "2.1.0", "runs": [{}]}"#, "a run not written by gamut-check"),
            ("[1]", "not a JSON object"),
        ])
    func mergeRefuses(document: String, problem: String) throws {
        let path = CLI.temporaryDirectory() + "/report.json"
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["merge", path])
        #expect(
            result.status == 2 && result.stdout.isEmpty && result.stderr.contains("\(path): ") && result.stderr.contains(problem),
            "\(result)")
        let missing = try CLI.run(["merge", path + ".gone"])
        #expect(missing.status == 2 && missing.stderr.contains("report.json.gone: no such file"), "\(missing)")
    }
}
