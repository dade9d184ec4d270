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

    static let xcodeScales = """
        {
          "images" : [
            {
              "filename" : "hero.png",
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "idiom" : "universal",
              "scale" : "3x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    static let srgbEntry =
        "    {\n      \"filename\" : \"hero-sRGB.png\",\n      \"idiom\" : \"universal\",\n      \"scale\" : \"1x\"\n    },\n"

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
            // CRLF lines keep their "\r"; a final CRLF is a final newline.
            ("a\r\nb\r\nc\r\n", "a\r\nb\r\nx\r\nc\r\n"),
            ("a\r\nb\n", "a\r\nb\r\nc\n"),
            // Xcode's image set with empty 2x and 3x slots: diff moves the new entry at most its context (3 lines) into
            // the lines the texts share at the end, so it goes after the 1x entry, not after the 2x entry's "{".
            (
                xcodeScales,
                xcodeScales.replacingOccurrences(
                    of: "    {\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\"",
                    with: srgbEntry + "    {\n      \"idiom\" : \"universal\",\n      \"scale\" : \"2x\"")
            ),
            // An insertion stays beside the deletion it replaces, where a copy of its lines could move it away.
            ("{\n\na\n\n}\n\n{\n\nb\n\n}\n", "{\n\nc\n\n}\n\n{\n\nd\n\n}\n\n{\n\nb\n\n}\n"),
        ])
    func sameAsGNU(old: String, new: String) throws {
        let expected = try #require(try Self.gnuDiff(old, new), "no diff(1) on this machine")
        #expect(Self.ours(old, new) == expected)
    }

    @Test("The same output as diff -u on 500 seeded random edits of texts made of a few repeated lines")
    func sameAsGNUOnRandomEdits() throws {
        // Few distinct lines, as in Contents.json ("{", "},", blank lines), so an edit could sit at several places and
        // some lines have many copies: where diff's own choices (its search, its discarding, its shifts) show.
        let alphabet = ["{", "}", "},", "", "a", "b", "  \"idiom\" : \"universal\""]
        var state: UInt64 = 34
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var differences: [String] = []
        for case_ in 0..<500 {
            var lines = (0..<(3 + next(case_ % 5 == 0 ? 150 : 25))).map { _ in alphabet[next(alphabet.count)] }
            let old = lines.joined(separator: "\n") + (next(4) == 0 ? "" : "\n")
            for _ in 0..<(1 + next(4)) {
                let at = next(lines.count + 1)
                switch next(4) {
                case 0 where at < lines.count: lines.removeSubrange(at..<min(lines.count, at + 1 + next(3)))
                case 1 where at < lines.count: lines[at] = alphabet[next(alphabet.count)]
                default:
                    // An insertion, the line above sometimes given a comma, as fix adds an entry.
                    lines.insert(contentsOf: (0..<(1 + next(6))).map { _ in alphabet[next(alphabet.count)] }, at: at)
                    if at > 0, lines[at - 1] == "}", next(2) == 0 { lines[at - 1] = "}," }
                }
            }
            let new = lines.joined(separator: "\n") + (next(4) == 0 ? "" : "\n")
            let expected = try #require(try Self.gnuDiff(old, new), "no diff(1) on this machine")
            if Self.ours(old, new) != expected { differences.append("case \(case_): \(old.debugDescription) → \(new.debugDescription)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.prefix(3))")
    }

    @Test("A path with a space gets a tab after it, as git writes it, so that patch reads the whole name")
    func headerWithSpace() {
        let diff = LineDiff.unified("a\n", "b\n", path: "C.xcassets/Hero image.imageset/Contents.json")
        #expect(
            diff.hasPrefix(
                "--- a/C.xcassets/Hero image.imageset/Contents.json\t\n+++ b/C.xcassets/Hero image.imageset/Contents.json\t\n@@ -1 +1 @@\n")
        )
        #expect(LineDiff.unified("a\n", "b\n", path: "f").hasPrefix("--- a/f\n+++ b/f\n"))
    }
}
