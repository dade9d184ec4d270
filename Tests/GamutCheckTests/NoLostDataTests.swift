import Foundation
import GamutKit
import Testing

/// `convert` and `fix` under injected failures: a process killed mid-write (the file-size limit's SIGXFSZ,
/// with its default action restored by `env --default-signal`, since the test runner ignores it),
/// a full disk (an 8 KiB tmpfs) and a read-only folder (a tmpfs remounted read-only). The mounts are made in a
/// private mount namespace (`unshare -m`), which needs root; those tests are skipped elsewhere.
@Suite("No lost data")
struct NoLostDataTests {
    /// Runs a shell script with `$GC` set to the gamut-check binary; returns its exit status and output.
    static func sh(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["GC"] = CLI.binary.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let canMount: Bool = {
        let probe = CLI.temporaryDirectory()
        return (try? sh("unshare -m sh -c 'mount -t tmpfs -o size=16k none \(probe)'").status) == 0
    }()

    static func files(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.default.enumerator(
            atPath: "/nonexistent")!
        {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return result
    }

    @Test("convert killed while writing (SIGXFSZ) leaves the input untouched and no output or temporary file; so does --in-place")
    func interruptedConvert() throws {
        let folder = CLI.temporaryDirectory()
        let input = folder + "/asset.png"
        try FileManager.default.copyItem(atPath: CLI.example, toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        // 8 blocks of 512 bytes: the output (about 10 KiB) can't be written in full.
        let killed = try Self.sh("ulimit -f 8; exec env --default-signal=XFSZ \"$GC\" convert '\(input)' --to srgb -o '\(folder)/out.png'")
        #expect(killed.status != 0 && killed.status != 2, "the process should die from SIGXFSZ: \(killed)")
        #expect(Self.files(folder).keys.sorted() == ["asset.png"])
        let inPlace = try Self.sh("ulimit -f 8; exec env --default-signal=XFSZ \"$GC\" convert '\(input)' --to srgb --in-place")
        #expect(inPlace.status != 0 && inPlace.status != 2)
        #expect(Self.files(folder) == ["asset.png": before], "the original must survive until its replacement is complete")
        // With SIGXFSZ ignored, the write fails instead (EFBIG): exit 2, nothing changed.
        let failed = try Self.sh("ulimit -f 8; exec \"$GC\" convert '\(input)' --to srgb --in-place")
        // (ThreadSanitizer's runtime can't start under a 4 KiB file-size limit; then only the check below applies.)
        if !failed.output.contains("ThreadSanitizer") {
            #expect(failed.status == 2 && failed.output.contains("File too large") && failed.output.contains(input), "\(failed)")
        }
        #expect(Self.files(folder) == ["asset.png": before])
        #expect(Self.files(folder) == ["asset.png": before], "the original must survive until its replacement is complete")
        // The same write succeeds without the limit.
        #expect(try Self.sh("\"$GC\" convert '\(input)' --to srgb --in-place").status == 0)
        #expect(try PNG.read(contentsOf: input).profile === ColorProfile.sRGB && Self.files(folder).count == 1)
    }

    @Test("convert on a full disk: exit 2 naming the file, the existing output kept, no partial file", .enabled(if: canMount))
    func diskFull() throws {
        let folder = CLI.temporaryDirectory(), target = CLI.temporaryDirectory()
        try FileManager.default.copyItem(atPath: CLI.example, toPath: folder + "/asset.png")
        let result = try Self.sh(
            """
            unshare -m sh -c '
              mount -t tmpfs -o size=8k none \(target)
              printf "previous output" > \(target)/asset.png
              "$GC" convert \(folder)/asset.png --to srgb --output-dir \(target); echo "status=$?"
              ls -A \(target); cat \(target)/asset.png; echo'
            """)
        #expect(result.output.contains("status=2"), "\(result.output)")
        #expect(result.output.contains("No space left on device") && result.output.contains("\(target)/asset.png"), "\(result.output)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.suffix(2) == ["asset.png", "previous output"], "only the previous output, unchanged: \(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/asset.png")) == Data(contentsOf: URL(fileURLWithPath: CLI.example)))
    }

    @Test("convert into a read-only folder, and --in-place there: exit 2, nothing changed", .enabled(if: canMount))
    func readOnly() throws {
        let target = CLI.temporaryDirectory()
        let result = try Self.sh(
            """
            unshare -m sh -c '
              mount -t tmpfs -o size=1m none \(target)
              cp \(CLI.example) \(target)/asset.png
              mount -o remount,ro \(target)
              "$GC" convert \(CLI.example) --to srgb -o \(target)/out.png; echo "status=$?"
              "$GC" convert \(target)/asset.png --to srgb --in-place; echo "status=$?"
              ls -A \(target); cmp \(CLI.example) \(target)/asset.png && echo same'
            """)
        #expect(result.output.components(separatedBy: "status=2").count == 3, "\(result.output)")
        #expect(result.output.contains("Read-only file system"), "\(result.output)")
        #expect(result.output.hasSuffix("asset.png\nsame\n"), "\(result.output)")
    }

    static let demo = CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path

    @Test("fix --write on a full disk or a read-only catalog: exit 2 and the catalog byte-for-byte as before", .enabled(if: canMount))
    func fixFailures() throws {
        let target = CLI.temporaryDirectory()
        for (size, readOnly) in [("600k", false), ("1m", true)] {
            let result = try Self.sh(
                """
                unshare -m sh -c '
                  mount -t tmpfs -o size=\(size) none \(target)
                  cp -R \(Self.demo) \(target)/Demo.xcassets
                  dd if=/dev/zero of=\(target)/filler bs=1k count=100000 2>/dev/null
                  rm -f \(target)/filler; dd if=/dev/zero of=\(target)/filler bs=1k count=$(( $(df -k \(target) | tail -1 | tr -s " " | cut -d" " -f4) - 8 )) 2>/dev/null
                  \(readOnly ? "rm -f \(target)/filler; mount -o remount,ro \(target)" : "")
                  before=$(cd \(target)/Demo.xcassets && find . -type f | sort | xargs cksum)
                  "$GC" fix \(target)/Demo.xcassets --write > /dev/null; echo "status=$?"
                  after=$(cd \(target)/Demo.xcassets && find . -type f | sort | xargs cksum)
                  [ "$before" = "$after" ] && echo unchanged'
                """)
            #expect(
                result.output.contains("status=2") && result.output.contains("unchanged"),
                "\(size), read-only \(readOnly): \(result.output)")
        }
    }

    @Test("fix --write killed at each file: the catalog still reads, and running fix again gives the uninterrupted result")
    func interruptedFix() throws {
        let reference = CLI.temporaryDirectory() + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: Self.demo, toPath: reference)
        let sizes = try CatalogFixer.plan(reference).changes.map { try $0.contents().count }
        #expect(try CLI.run(["fix", reference, "--write"]).status == 0)
        let expected = Self.files(reference)
        // A file-size limit just below each file that is larger than every file before it kills the process there.
        var limits: [Int] = []
        var largest = 0
        for size in sizes where size > largest {
            let blocks = max(1, (largest + 511) / 512)
            if blocks * 512 < size { limits.append(blocks) }
            largest = size
        }
        #expect(limits.count >= 2, "\(sizes)")
        for blocks in limits {
            let copy = CLI.temporaryDirectory() + "/Demo.xcassets"
            try FileManager.default.copyItem(atPath: Self.demo, toPath: copy)
            let killed = try Self.sh("ulimit -f \(blocks); exec env --default-signal=XFSZ \"$GC\" fix '\(copy)' --write > /dev/null")
            #expect(killed.status != 0 && killed.status != 2, "limit \(blocks) blocks: \(killed)")
            let audit = try CatalogAuditor.audit([copy])
            let broken = audit.report.findings.filter { $0.ruleID == RuleID.catalogSyntax }.map(\.location.file)
            #expect(broken.allSatisfy { $0.hasSuffix("Broken.colorset/Contents.json") }, "limit \(blocks): \(broken)")
            #expect(try CLI.run(["fix", copy, "--write"]).status == 0)
            #expect(Self.files(copy) == expected, "limit \(blocks): \(Set(Self.files(copy).keys).symmetricDifference(expected.keys))")
        }
    }

    @Test(
        "Outputs never take the place of what is there: a FIFO, a file's permissions, another output, an input, someone's file in a catalog"
    )
    func outputsNeverReplaceOthers() throws {
        let folder = CLI.temporaryDirectory()
        let input = folder + "/x.png"
        try FileManager.default.copyItem(atPath: CLI.example, toPath: input)
        let original = try Data(contentsOf: URL(fileURLWithPath: input))
        // A FIFO (or a device) at the output is refused, not renamed over; the FIFO is still one.
        let fifo = try Self.sh(
            "cd '\(folder)' && mkfifo pipe.png && timeout 30 \"$GC\" convert x.png --to srgb -o pipe.png; echo rc=$?; test -p pipe.png && echo still-fifo"
        )
        #expect(
            fifo.output.contains("rc=2") && fifo.output.contains("pipe.png: cannot write the output") && fifo.output.contains("still-fifo"),
            "\(fifo)")
        // A private file stays private when its replacement is renamed over it.
        let private_ = try Self.sh(
            "cd '\(folder)' && cp x.png own.png && chmod 600 own.png && \"$GC\" convert x.png --to srgb -o own.png >/dev/null; echo rc=$?; stat -c %a own.png"
        )
        #expect(private_.output == "rc=0\n600\n", "\(private_)")
        // Two inputs of one name in different folders: the second is refused (exit 2), the first's output kept.
        let twice = try Self.sh(
            "cd '\(folder)' && mkdir -p a b out && cp x.png a/ && cp x.png b/ && \"$GC\" convert a/x.png b/x.png --to srgb --output-dir out; echo rc=$?"
        )
        #expect(twice.output.contains("rc=2") && twice.output.contains("refusing to overwrite the conversion of a/x.png"), "\(twice)")
        // check's report and stamp never go over an input.
        for option in ["-o", "--stamp"] {
            let result = try CLI.run(["check", input, option, input, "--fail-on", "never"])
            #expect(result.status == 2 && result.stderr.contains("refusing to write"), "\(option): \(result)")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: input))
        #expect(after == original)
        // fix --write never writes over a file no entry references that isn't its own image: it stops, changing nothing.
        let catalog = folder + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path, toPath: catalog)
        try Data("the designer's own export".utf8).write(to: URL(fileURLWithPath: catalog + "/Banner.imageset/banner-sRGB.png"))
        let before = Self.files(catalog)
        let fixed = try CLI.run(["fix", catalog, "--write"])
        #expect(fixed.status == 2 && fixed.stderr.contains("banner-sRGB.png: exists already, is referenced by no entry"), "\(fixed)")
        #expect(Self.files(catalog) == before)
    }

    @Test("A folder or a FIFO where a file is read: exit 2 or an unreadable finding naming it, never a crash or a wait")
    func foldersAndFIFOs() throws {
        let folder = CLI.temporaryDirectory()
        let catalog = folder + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: CLI.repositoryRoot.appendingPathComponent("Examples/Demo.xcassets").path, toPath: catalog)
        let image = catalog + "/Poster.imageset/poster-srgb.png"
        let result = try Self.sh(
            """
            cd '\(folder)' && mkfifo pipe.png && rm '\(image)' && mkfifo '\(image)'
            timeout 30 "$GC" profile show '\(folder)'; echo rc=$?
            timeout 30 "$GC" profile show pipe.png; echo rc=$?
            timeout 30 "$GC" check '\(catalog)' --fail-on never --format xcode; echo rc=$?
            timeout 30 "$GC" fix '\(catalog)' >/dev/null; echo rc=$?
            """)
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("rc=") } == ["rc=2", "rc=2", "rc=0", "rc=0"], "\(result)")
        #expect(result.output.contains("\(folder): cannot read ICC profile: not a regular file"))
        #expect(result.output.contains("pipe.png: cannot read ICC profile: not a regular file"))
        #expect(
            result.output.contains("poster-srgb.png") && result.output.contains("cannot read image file: not a regular file"), "\(result)")
    }
}
