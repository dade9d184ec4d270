import Foundation
import Testing
@testable import GamutKit

/// ``AnalysisCache``: a rerun reads the kept analyses and reports exactly what an uncached audit does; anything that
/// could change an image's analysis (its bytes, the settings) is a miss, and a damaged or misplaced entry is never used.
@Suite("Keeping catalog image analyses between audits")
struct AnalysisCacheTests {
    static func json(_ audit: CatalogAudit) -> String { JSONRenderer.render(audit.report, toolVersion: "test") }

    /// The entries kept in `cache` (the names of its `.json` files, sorted; the sweep's hidden marker left out).
    static func entries(_ cache: AnalysisCache) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A copy of the demo catalog, which fires every catalog rule (collapse and gradient clipping included).
    static func demoCopy() throws -> String {
        let copy = CatalogFixtures.temporaryFolder() + "/Demo.xcassets"
        try FileManager.default.copyItem(atPath: ExampleCatalogTests.catalog, toPath: copy)
        return copy
    }

    @Test("Cold and warm runs report byte for byte what an uncached audit does: the demo catalog and seven apps' catalogs")
    func sameReports() throws {
        let corpus = try RealAppCorpusTests.corpus()
        let runs: [(name: String, paths: [String])] =
            [("Demo", [ExampleCatalogTests.catalog])] + RealAppCorpus.apps.map { app in (app.name, app.catalogs.map { corpus + "/" + $0 }) }
        var analyzed = 0
        for run in runs {
            let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
            let plain = Self.json(try CatalogAuditor.audit(run.paths, showAdvisory: true))
            let cold = Self.json(try CatalogAuditor.audit(run.paths, showAdvisory: true, pictures: false, cache: cache))
            let first = cache.statistics
            let warm = Self.json(try CatalogAuditor.audit(run.paths, showAdvisory: true, pictures: false, cache: cache))
            #expect(cold == plain, "\(run.name): cold run")
            #expect(warm == plain, "\(run.name): warm run")
            // The cold run kept each analyzed image (or found a copy of one kept a moment before); the warm run found
            // every one and wrote nothing.
            let total = first.found + first.written
            #expect(cache.statistics == (found: first.found + total, written: first.written), "\(run.name): \(cache.statistics)")
            let entries = try Self.entries(cache)
            #expect(entries.count <= first.written, "\(run.name)")
            analyzed += total
        }
        #expect(analyzed > 25)
        // The demo's findings that only pixels give came from the cache on the warm run.
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        _ = try CatalogAuditor.audit([ExampleCatalogTests.catalog], showAdvisory: true, pictures: false, cache: cache)
        let warm = try CatalogAuditor.audit([ExampleCatalogTests.catalog], showAdvisory: true, pictures: false, cache: cache)
        #expect(cache.statistics.found > 0)
        for rule in [RuleID.colorCollapse, .gradientClipping, .imageNeedsSRGBVariant, .p3Image8Bit, .srgbSlotOutOfGamut] {
            #expect(warm.report.findings.contains { $0.ruleID == rule }, "\(rule)")
        }
    }

    @Test("Image files checked alone: cold and warm runs report what an uncached check does (PngSuite, libpng's images)")
    func files() throws {
        let example = ProfileTests.repositoryRoot.appendingPathComponent("Examples/p3-assets.png").path
        let files = AssetChecker.imageFiles(in: [PNGConformanceTests.Fixture.root.path, example])
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        func json(_ cache: AnalysisCache?, clipMasks: String? = nil) throws -> String {
            JSONRenderer.render(
                try AssetChecker.check(files: files, clipMaskDirectory: clipMasks, cache: cache), toolVersion: "test")
        }
        let plain = try json(nil)
        // Findings from pixels and from the decoder's warnings, and files that can't be read.
        for rule in ["color-collapse", "gradient-clipping", "decoder-warning", "unreadable"] {
            #expect(plain.contains("\"\(rule)\""), "\(rule)")
        }
        #expect(try json(cache) == plain)
        let first = cache.statistics
        #expect(first.found + first.written > 150 && first.written > 100)
        #expect(try json(cache) == plain)
        #expect(cache.statistics == (found: first.found + first.found + first.written, written: first.written))
        // Clip masks need the pixels: the cache is left alone.
        let before = cache.statistics
        _ = try json(cache, clipMasks: TestScratch.folder("gamutkit-masks-"))
        #expect(cache.statistics == before)
        // The same file under another name: found by its content, reported under its own path.
        let copy = TestScratch.folder("gamutkit-cache-copy-") + "/renamed.png"
        try FileManager.default.copyItem(atPath: example, toPath: copy)
        let cached = try AssetChecker.check(files: [copy], cache: cache)
        #expect(cache.statistics.found == before.found + 1)
        #expect(
            JSONRenderer.render(cached, toolVersion: "test")
                == JSONRenderer.render(try AssetChecker.check(files: [copy]), toolVersion: "test"))
    }

    @Test("A file with new bytes and other settings are analyzed again; a copy of a kept file is found by its content")
    func misses() throws {
        let catalog = try Self.demoCopy()
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        _ = try CatalogAuditor.audit([catalog], pictures: false, cache: cache)
        // Images analyzed per run, and entries kept (one per distinct file content).
        let total = cache.statistics.found + cache.statistics.written
        func kept() throws -> Int { try Self.entries(cache).count }
        let distinct = try kept()
        #expect(distinct >= 5 && distinct <= total)
        func delta(_ body: () throws -> Void) rethrows -> (found: Int, written: Int) {
            let before = cache.statistics
            try body()
            return (cache.statistics.found - before.found, cache.statistics.written - before.written)
        }
        // A text chunk added: the same pixels, other bytes.
        let tame = catalog + "/Tame.imageset/tame.png"
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tame)))
        try Data(PNGFixtures.inserting(PNGFixtures.chunk("tEXt", Array("Comment\u{0}edited".utf8)), into: original))
            .write(to: URL(fileURLWithPath: tame))
        var report = ""
        #expect(try delta { report = Self.json(try CatalogAuditor.audit([catalog], pictures: false, cache: cache)) } == (total - 1, 1))
        #expect(report == Self.json(try CatalogAuditor.audit([catalog])))
        #expect(try kept() == distinct + 1)
        // Another image's bytes: found under that image's key, and reported as that image.
        try FileManager.default.removeItem(atPath: tame)
        try FileManager.default.copyItem(atPath: catalog + "/Banner.imageset/banner.png", toPath: tame)
        #expect(try delta { report = Self.json(try CatalogAuditor.audit([catalog], pictures: false, cache: cache)) } == (total, 0))
        #expect(report == Self.json(try CatalogAuditor.audit([catalog])))
        #expect(try kept() == distinct + 1)
        // Another threshold: every image is analyzed again, under new keys (tame.png is now a copy of banner.png, so
        // one distinct content fewer).
        let stricter: (inout AnalysisSettings) -> Void = { $0.visibleClip = 2 }
        var counts = try delta { report = Self.json(try CatalogAuditor.audit([catalog], adjust: stricter, pictures: false, cache: cache)) }
        #expect(counts.found + counts.written == total && counts.written >= distinct - 1)
        #expect(report == Self.json(try CatalogAuditor.audit([catalog], adjust: stricter)))
        #expect(try kept() == distinct + 1 + distinct - 1)
        // Another target display.
        counts = try delta { _ = try CatalogAuditor.audit([catalog], target: .displayP3, pictures: false, cache: cache) }
        #expect(counts.found + counts.written == total && counts.written >= distinct - 1)
        #expect(try kept() == distinct + 1 + 2 * (distinct - 1))
        // The built-in sRGB and the same profile read from its bytes serialize alike but compute differently (the
        // built-in's matrix is unquantized, its curves exact): other keys.
        let exported = try ColorProfile(data: try ColorProfile.sRGB.serialized())
        #expect(try exported.serialized() == (try ColorProfile.sRGB.serialized()))
        counts = try delta { report = Self.json(try CatalogAuditor.audit([catalog], target: exported, pictures: false, cache: cache)) }
        #expect(counts.found + counts.written == total && counts.written >= distinct - 1)
        #expect(report == Self.json(try CatalogAuditor.audit([catalog], target: exported)))
        // The HTML report's pictures need the pixels: the cache is left alone.
        #expect(try delta { _ = try CatalogAuditor.audit([catalog], pictures: true, cache: cache) } == (0, 0))
    }

    @Test("A damaged entry, or one moved under another key, is analyzed again and rewritten")
    func damagedEntries() throws {
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        let plain = Self.json(try CatalogAuditor.audit([ExampleCatalogTests.catalog]))
        _ = try CatalogAuditor.audit([ExampleCatalogTests.catalog], pictures: false, cache: cache)
        let total = cache.statistics.found + cache.statistics.written
        let entries = try Self.entries(cache)
        #expect(entries.count >= 3)
        let path = { (name: String) in cache.directory + "/" + name }
        // Truncated JSON; an empty file; another entry's content under this name (its key doesn't match).
        let first = try Data(contentsOf: URL(fileURLWithPath: path(entries[0])))
        try first.prefix(first.count / 2).write(to: URL(fileURLWithPath: path(entries[0])))
        try Data().write(to: URL(fileURLWithPath: path(entries[1])))
        try FileManager.default.removeItem(atPath: path(entries[2]))
        try first.write(to: URL(fileURLWithPath: path(entries[2])))
        let before = cache.statistics
        #expect(Self.json(try CatalogAuditor.audit([ExampleCatalogTests.catalog], pictures: false, cache: cache)) == plain)
        let written = cache.statistics.written - before.written
        #expect(written >= 3 && cache.statistics.found - before.found + written == total)
        // An entry whose numbers no analysis gives (an image of 2^62 × 4 pixels, past the pixel budget, whose size
        // would overflow) is not used either.
        var forged = false
        for name in entries.dropFirst(3) {
            let url = URL(fileURLWithPath: path(name))
            guard var entry = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                var analysis = entry["analysis"] as? [String: Any]
            else { continue }
            analysis["width"] = 1 << 62
            analysis["height"] = 4
            entry["analysis"] = analysis
            try JSONSerialization.data(withJSONObject: entry).write(to: url)
            forged = true
            break
        }
        #expect(forged)
        let beforeForged = cache.statistics
        #expect(Self.json(try CatalogAuditor.audit([ExampleCatalogTests.catalog], pictures: false, cache: cache)) == plain)
        #expect(cache.statistics.written - beforeForged.written >= 1)
        // Rewritten: the next run finds every entry.
        let again = cache.statistics
        #expect(Self.json(try CatalogAuditor.audit([ExampleCatalogTests.catalog], pictures: false, cache: cache)) == plain)
        #expect(cache.statistics == (found: again.found + total, written: again.written))
        #expect(try Self.entries(cache) == entries)
    }

    @Test("Entries unused for 30 days are swept at the end of a run, at most once a day; a hit renews its entry")
    func sweep() throws {
        let catalog = try Self.demoCopy()
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        _ = try CatalogAuditor.audit([catalog], pictures: false, cache: cache)
        cache.sweepIfDue()  // the first sweep: every entry was just written
        let entries = try Self.entries(cache)
        #expect(entries.count >= 5)
        let files = FileManager.default
        let path = { (name: String) in cache.directory + "/" + name }
        func age(_ name: String, days: Double) throws {
            try files.setAttributes([.modificationDate: Date().addingTimeInterval(-days * 86_400)], ofItemAtPath: path(name))
        }
        // Every entry unused for 31 days but one (29 days); beside them, files the cache didn't write (an uppercase
        // name isn't a key; a key's name holding something else, or another key's entry, isn't an entry; a folder
        // named like an entry isn't a file), and a temporary file a killed run left.
        for name in entries { try age(name, days: 31) }
        try age(entries[0], days: 29)
        let temporary = "." + entries[1] + ".gamutkit-Ab12Cd"
        let foreign = [
            "notes.json", String(repeating: "A", count: 32) + ".json", String(repeating: "0", count: 32) + ".json.txt",
            String(repeating: "1", count: 32) + ".json",
        ]
        for name in foreign + [temporary] { try Data(#"{"key":"x"}"#.utf8).write(to: URL(fileURLWithPath: path(name))) }
        let misplaced = String(repeating: "2", count: 32) + ".json"
        try files.copyItem(atPath: path(entries[3]), toPath: path(misplaced))
        let folder = String(repeating: "0", count: 32) + ".json"
        try files.createDirectory(atPath: path(folder), withIntermediateDirectories: false)
        for name in foreign + [temporary, misplaced, folder] { try age(name, days: 400) }
        // Swept a moment ago: nothing is removed.
        let everything = try files.contentsOfDirectory(atPath: cache.directory).sorted()
        cache.sweepIfDue()
        #expect(try files.contentsOfDirectory(atPath: cache.directory).sorted() == everything)
        // A hit renews its entry.
        let renewed = entries[2]
        #expect(cache.entry(String(renewed.dropLast(5)), maximumPixels: 1 << 30) != nil)
        // A day later the old entries and the temporary file go; the rest stays.
        try age(AnalysisCache.sweptMarker, days: 1.01)
        cache.sweepIfDue()
        let others = foreign.filter { $0.hasSuffix(".json") } + [misplaced, folder]
        #expect(try Self.entries(cache) == ([entries[0], renewed] + others).sorted())
        #expect(files.fileExists(atPath: path(foreign[2])) && !files.fileExists(atPath: path(temporary)))
        // The public entry point renews what it uses before it sweeps: a cache left alone for months keeps them all.
        let plain = Self.json(try CatalogAuditor.audit([catalog]))
        #expect(Self.json(try CatalogAuditor.audit([catalog], cacheDirectory: cache.directory)) == plain)
        #expect(try Self.entries(cache) == (entries + others).sorted())
        for name in entries { try age(name, days: 90) }
        try age(AnalysisCache.sweptMarker, days: 90)
        // (Each entry's inode: renewed in place, not removed and written again.)
        func inodes() throws -> [Int] {
            try entries.map { try #require(files.attributesOfItem(atPath: path($0))[.systemFileNumber] as? Int) }
        }
        let before = try inodes()
        #expect(Self.json(try CatalogAuditor.audit([catalog], cacheDirectory: cache.directory)) == plain)
        #expect(try Self.entries(cache) == (entries + others).sorted())
        #expect(try inodes() == before)
        func sweptAgo() throws -> TimeInterval {
            Date().timeIntervalSince(
                try #require(try files.attributesOfItem(atPath: path(AnalysisCache.sweptMarker))[.modificationDate] as? Date))
        }
        #expect(try sweptAgo() < 3_600)
        // A record of the last sweep dated ahead (a clock set back) puts nothing off beyond a day: 12 hours ahead is
        // believed, a year ahead is not, and the cache is swept and the record re-dated.
        for name in entries { try age(name, days: 31) }
        try age(AnalysisCache.sweptMarker, days: -0.5)
        cache.sweepIfDue()
        #expect(try Self.entries(cache) == (entries + others).sorted())
        try age(AnalysisCache.sweptMarker, days: -365)
        cache.sweepIfDue()
        #expect(try Self.entries(cache) == others.sorted())
        #expect(try abs(sweptAgo()) < 3_600)
    }

    @Test("The cache's own file names: entries (32 lowercase hex digits, .json) and their hidden temporary files")
    func ownFiles() {
        let key = "0123456789abcdef0123456789abcdef"
        for name in [key + ".json", "." + key + ".json.gamutkit-x1Y2z3"] { #expect(AnalysisCache.isOwnFile(name), "\(name)") }
        for name in [
            key.uppercased() + ".json", String(key.dropLast()) + ".json", key + "0.json", key + ".json.bak", "." + key + ".json",
            "." + key + ".gamutkit-x", ".gamutkit-swept", "Contents.json", key, "../" + key + ".json",
        ] {
            #expect(!AnalysisCache.isOwnFile(name), "\(name)")
        }
    }

    @Test("An unreadable image is reported on every run and never kept")
    func unreadableNotKept() throws {
        let catalog = try Self.demoCopy()
        let tame = catalog + "/Tame.imageset/tame.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tame))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: tame))
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        for _ in 0..<2 {
            let findings = try CatalogAuditor.audit([catalog], pictures: false, cache: cache).report.findings
            #expect(findings.contains { $0.ruleID == RuleID.unreadable && $0.location.file == tame })
        }
        // The others were kept; no entry holds the truncated file's bytes.
        #expect(cache.statistics.written > 0)
        let context = try #require(cache.context(target: .sRGB, settings: AnalysisSettings(), decoding: .init(), for: .catalogImage))
        let truncated = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tame)))
        let entries = try Self.entries(cache)
        #expect(!entries.contains(cache.key(context: context, file: truncated) + ".json"))
        // (The key is computed as the audit does: an intact file's entry is there under it.)
        let banner = try [UInt8](Data(contentsOf: URL(fileURLWithPath: catalog + "/Banner.imageset/banner.png")))
        #expect(entries.contains(cache.key(context: context, file: banner) + ".json"))
    }

    @Test("A cache path that is a file, or under one, is a typed error naming it")
    func badFolder() throws {
        let file = TestScratch.folder("gamutkit-cache-") + "/plain-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for path in [file, file + "/below"] {
            do {
                _ = try AnalysisCache(directory: path)
                Issue.record("\(path) was accepted")
            } catch {
                #expect(error.code == .io && error.path == path, "\(error)")
            }
        }
        // A missing folder is made, parents included.
        let nested = TestScratch.folder("gamutkit-cache-") + "/a/b"
        _ = try AnalysisCache(directory: nested)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("The code a key covers: GamutKit's own file and the libraries it runs with (LittleCMS, libspng, zlib)")
    func codeFiles() throws {
        let (own, linked) = try #require(ContentHash.codeFiles())
        #expect(FileManager.default.isReadableFile(atPath: own) && !linked.contains(own))
        // The vendored LittleCMS, libspng and xxHash are in GamutKit's own file.
        #if SystemLibraries && os(Linux)
            let libraries = ["lcms2", "spng", "libz", "xxhash", "swiftCore"]
        #else
            let libraries = ["libz", "swiftCore"]
        #endif
        for library in libraries {
            #expect(linked.contains { ($0 as NSString).lastPathComponent.contains(library) }, "\(library) in \(linked)")
        }
        #expect(ContentHash.codeIdentity?.count == 32)
    }

    @Test("Keys: the same bytes give the same key, one byte more or another context another (XXH3-128, 32 hex digits)")
    func keys() throws {
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        let context = try #require(cache.context(target: .sRGB, settings: AnalysisSettings(), decoding: .init(), for: .catalogImage))
        let bytes: [UInt8] = Array(0..<200)
        let key = cache.key(context: context, file: bytes)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        #expect(cache.key(context: context, file: bytes) == key)
        #expect(cache.key(context: context, file: bytes + [0]) != key)
        var other = AnalysisSettings()
        other.collapseMinimumPixels += 1
        let otherContext = try #require(cache.context(target: .sRGB, settings: other, decoding: .init(), for: .catalogImage))
        #expect(otherContext != context && cache.key(context: otherContext, file: bytes) != key)
        var limits = ImageFile.DecodingOptions()
        limits.maximumPixels = 1000
        #expect(cache.context(target: .sRGB, settings: AnalysisSettings(), decoding: limits, for: .catalogImage) != context)
        #expect(cache.context(target: .displayP3, settings: AnalysisSettings(), decoding: .init(), for: .catalogImage) != context)
        #expect(cache.context(target: .sRGB, settings: AnalysisSettings(), decoding: .init(), for: .imageFile) != context)
    }
}

extension AnalysisCacheTests {
    @Test(
        "An unchanged image's key comes from its identity; new bytes under the old size and time are read again; old index files are swept")
    func identityIndex() throws {
        let catalog = try Self.demoCopy()
        let cache = try AnalysisCache(directory: TestScratch.folder("gamutkit-cache-"))
        _ = try CatalogAuditor.audit([catalog], pictures: false, cache: cache)
        let index = cache.directory + "/" + AnalysisCache.indexFolder
        let indexed = try FileManager.default.contentsOfDirectory(atPath: index)
        let total = cache.statistics.found + cache.statistics.written
        #expect(indexed.count == total && indexed.allSatisfy { AnalysisCache.isKey(Substring($0)) })
        // Other bytes of the same length under the same modification time: the change time still tells them apart.
        let tame = catalog + "/Tame.imageset/tame.png"
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tame)))
        func note(_ text: String) -> Data {
            Data(PNGFixtures.inserting(PNGFixtures.chunk("tEXt", Array("Comment\u{0}\(text)".utf8)), into: original))
        }
        try note("a").write(to: URL(fileURLWithPath: tame))
        _ = try CatalogAuditor.audit([catalog], pictures: false, cache: cache)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: tame)[.modificationDate] as? Date)
        try note("b").write(to: URL(fileURLWithPath: tame))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: tame)
        let before = cache.statistics
        let cached = Self.json(try CatalogAuditor.audit([catalog], pictures: false, cache: cache))
        #expect(cached == Self.json(try CatalogAuditor.audit([catalog])))
        #expect(cache.statistics.written - before.written == 1 && cache.statistics.found - before.found == total - 1)
        // Index files unused for 31 days go with the next sweep.
        cache.sweepIfDue()
        for name in try FileManager.default.contentsOfDirectory(atPath: index) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-31 * 86_400)], ofItemAtPath: index + "/" + name)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: cache.directory + "/" + AnalysisCache.sweptMarker)
        cache.sweepIfDue()
        #expect(try FileManager.default.contentsOfDirectory(atPath: index).isEmpty)
    }
}
