import Foundation
import Testing
import GamutKit

/// What `gamut-check check` prints, a pipeline that links GamutKit makes too: the CLI is a client of the public API.
@Suite("The CLI's report, made by the library")
struct LibraryReportTests {
    @Test("check's JSON equals JSONRenderer over AssetChecker.check, for files and a catalog with a threshold option")
    func sameReport() throws {
        let paths = [CLI.example, CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path]
        let cli = try CLI.run(["check"] + paths + ["--visible-clip", "2", "--format", "json", "--fail-on", "never", "--jobs", "1"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        let version = try #require((root["tool"] as? [String: Any])?["version"] as? String)

        var options = AssetChecker.Options()
        options.adjustSettings = { $0.visibleClip = 2 }
        options.jobs = 1
        let inputs = AssetChecker.inputs(paths)
        #expect(inputs.files == [CLI.example] && inputs.catalogs.count == 1)
        let report = try AssetChecker.check(files: inputs.files, catalogs: inputs.catalogs, options: options)
        #expect(report.count(.error) > 0)
        #expect(JSONRenderer.render(report, toolVersion: version) == cli.stdout)
    }
}
