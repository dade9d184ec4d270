import Foundation
import Testing
@testable import GamutKit

/// `LineDiff` against GNU `diff -u` itself, run as a process on the same two files: everything after the `---`/`+++`
/// headers (whose timestamps differ) must be identical.
@Suite("Unified diffs as diff -u writes them")
struct LineDiffTests {
    /// `diff -u` of two texts, without its two header lines; nil when there is no `diff` on this machine.
    static func gnuDiff(_ old: String, _ new: String) throws -> String? {
        guard let diff = ["/usr/bin/diff", "/bin/diff"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let folder = CatalogFixtures.temporaryFolder()
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/old"))
        try Data(new.utf8).write(to: URL(fileURLWithPath: folder + "/new"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: diff)
        process.arguments = ["-u", folder + "/old", folder + "/new"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            .dropFirst(2).first.map(String.init) ?? ""
    }

    static func ours(_ old: String, _ new: String) -> String {
        let diff = LineDiff.unified(old, new, path: "f")
        return String(diff.dropFirst("--- a/f\n+++ b/f\n".count))
    }

    static let xcodeImageset = """
        {
          "images" : [
            {
              "filename" : "a.png",
              "idiom" : "universal"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    static let numbered = (1...40).map { "line \($0)" }.joined(separator: "\n") + "\n"

    static func edit(_ text: String, _ change: ([String]) -> [String]) -> String {
        change(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)).joined(separator: "\n")
    }

    @Test(
        "The same output as diff -u",
        arguments: [
            ("a\nb\nc\nd\n", "a\nb\nx\nc\nd\n"),
            ("a\nb", "a\nb\nc"),  // no final newline on either side
            ("a\nb\n", "a\nb"),  // the final newline removed
            ("a\n", "b\n"),  // one line each: "@@ -1 +1 @@"
            ("", "b\n"),  // from nothing: "@@ -0,0 +1 @@"
            ("a\nx\na\nx\n", "a\nx\na\nx\na\nx\n"),  // an insertion among copies goes last
            (
                xcodeImageset,
                xcodeImageset.replacingOccurrences(
                    of: "      \"filename\" : \"a.png\",\n      \"idiom\" : \"universal\"\n    }",
                    with:
                        "      \"display-gamut\" : \"display-P3\",\n      \"filename\" : \"a.png\",\n      \"idiom\" : \"universal\"\n    },\n    {\n"
                        + "      \"display-gamut\" : \"sRGB\",\n      \"filename\" : \"a-sRGB.png\",\n      \"idiom\" : \"universal\"\n    }"
                )
            ),
            // Changes 6 lines apart share a hunk, 7 apart don't; a change, an insertion and a deletion.
            (
                numbered,
                edit(numbered) {
                    var l = $0; l.insert("X", at: 16); l.insert("Y", at: 10); return l
                }
            ),
            (
                numbered,
                edit(numbered) {
                    var l = $0; l.insert("X", at: 17); l.insert("Y", at: 10); return l
                }
            ),
            (
                numbered,
                edit(numbered) {
                    var l = $0; l[9] = "changed"; l.remove(at: 20); l.insert("new", at: 30); return l
                }
            ),
            (numbered, edit(numbered) { Array($0[5...]) }),
            (numbered, edit(numbered) { Array($0.dropLast(4)) + [""] }),
        ])
    func sameAsGNU(old: String, new: String) throws {
        let expected = try #require(try Self.gnuDiff(old, new), "no diff(1) on this machine")
        #expect(Self.ours(old, new) == expected)
    }
}
