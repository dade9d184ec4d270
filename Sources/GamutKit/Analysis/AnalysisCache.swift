import Foundation

/// Image analyses kept in a folder between runs, so that a rerun decodes and analyzes only the images that changed (the
/// CLI's `--cache`, the library's `cacheDirectory` arguments): those of catalog audits, and of image files checked
/// alone.
///
/// An entry is keyed by the image file's bytes and everything its analysis depends on: the analysis settings, the
/// target profile, the decoding limits, and the build of GamutKit (a digest of the binary that holds its code), so an
/// entry is never used by other settings or by another version. The findings are made from the kept analysis each run,
/// with the catalog's current sets, slots and policy (or the file's current path); only the per-pixel work is skipped. A
/// cached run reports exactly what an uncached one does. In catalog audits, a file's key is also recorded under its
/// identity (path, inode, size, modification and change times), so a rerun finds an unchanged
/// image's key without reading the image.
///
/// Entries are small JSON files (a few KB), written atomically (a temporary file renamed into place), so audits
/// running at once may share a folder. An entry that can't be read or decoded is ignored and written again. Files
/// that can't be read are never kept (they are reported each run), nor are analyses made with the HTML report's
/// pictures or clip masks, which need the pixels.
///
/// Entries unused for ``unusedLifetime`` (30 days) are removed: a hit renews its entry's modification time, and at the
/// end of a run, after its hits, the folder is swept (``sweepIfDue(now:)``) at most once per ``sweepInterval`` (a day,
/// recorded by the time of its `.gamutkit-swept` file). A cache left alone for months keeps what its next run uses. Only
/// files the cache wrote are ever removed: entries (a key's name holding that key's entry) and the temporary files a
/// killed run left; other files and folders are left alone.
public final class AnalysisCache: Sendable {
    /// The folder the entries are kept in.
    public let directory: String
    /// Entries found and entries written in this cache's lifetime (for tests and figures).
    private let counts = Locked((found: 0, written: 0))

    /// A cache in `directory`, created (with any missing parent folders) when it doesn't exist.
    /// - Throws: ``GamutError`` `.io` naming the folder when it can't be created or isn't a folder.
    public init(directory: String) throws(GamutError) {
        self.directory = directory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw GamutError(.io, "the analysis cache is not a folder", path: directory) }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw GamutError(.io, "cannot create the analysis cache folder: \(error.localizedDescription)", path: directory)
            }
        }
    }

    /// How long an entry is kept without being used.
    public static let unusedLifetime: TimeInterval = 30 * 24 * 3600
    /// How often a cache is swept.
    public static let sweepInterval: TimeInterval = 24 * 3600
    /// The file whose modification time records the last sweep.
    static let sweptMarker = ".gamutkit-swept"

    /// At the end of a run: removes the entries (and a killed run's temporary files) unused since `now` −
    /// ``unusedLifetime``, when the last sweep is older than ``sweepInterval``. An entry is removed only if it is a
    /// regular file whose name is a key and whose content is that key's entry; a file that can't be read or removed is
    /// left. A sweep never fails a run. A record of the last sweep dated more than ``sweepInterval`` ahead of `now` (a
    /// clock set back, a folder restored from another machine) is not believed: the cache is swept and the record
    /// re-dated, so such a record can't put sweeps off until the clock catches up with it.
    public func sweepIfDue(now: Date = Date()) {
        let files = FileManager.default
        let marker = (directory as NSString).appendingPathComponent(Self.sweptMarker)
        if let last = Self.modified(marker), abs(now.timeIntervalSince(last)) < Self.sweepInterval { return }
        guard files.createFile(atPath: marker, contents: nil), let names = try? files.contentsOfDirectory(atPath: directory) else { return }
        let cutoff = now.addingTimeInterval(-Self.unusedLifetime)
        for name in names where Self.isOwnFile(name) {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let modified = Self.modified(path), modified < cutoff else { continue }
            if name.hasSuffix(".json"), stored(String(name.dropLast(5))) == nil { continue }
            unlink(path)  // never a folder, never through a symbolic link
        }
        // The index: files named by an identity (a key) holding a key, unused as long.
        let index = (directory as NSString).appendingPathComponent(Self.indexFolder)
        for name in (try? files.contentsOfDirectory(atPath: index)) ?? [] where Self.isKey(Substring(name)) {
            let path = (index as NSString).appendingPathComponent(name)
            guard let modified = Self.modified(path), modified < cutoff else { continue }
            unlink(path)
        }
    }

    /// Whether `name` is one the cache writes: an entry (a key, 32 hex digits, then `.json`), or the hidden temporary
    /// file an entry is written to before its rename (``FileIO/writeAtomically(_:to:synced:)``'s fallback name).
    static func isKey(_ s: Substring) -> Bool {
        s.utf8.count == 32 && s.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func isOwnFile(_ name: String) -> Bool {
        if name.hasSuffix(".json"), !name.hasPrefix(".") { return isKey(name.dropLast(5)) }
        guard name.hasPrefix("."), let range = name.range(of: ".json.gamutkit-") else { return false }
        return isKey(name[name.index(after: name.startIndex)..<range.lowerBound])
    }

    /// A regular file's modification time (nil for anything else, or when it can't be read).
    private static func modified(_ path: String) -> Date? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return attributes[.modificationDate] as? Date
    }

    /// How many entries were found and how many written since this cache was made.
    public var statistics: (found: Int, written: Int) { counts.withLock { $0 } }

    /// Which rules read an entry: a catalog audit's image rules, or the checks of an image file given alone (which
    /// analyze every image, and report the decoder's warnings).
    enum Kind: String {
        case catalogImage = "catalog image"
        case imageFile = "image file"
    }

    /// What an image's analysis comes to: what the rules need of it, without its pixels.
    struct Entry: Codable {
        /// The key this entry was written under (checked on reading, so a misplaced or damaged file is never used).
        var key: String
        /// The image has no color profile (shown and checked as sRGB).
        var untagged: Bool
        /// Its profile's colors can visibly leave the target.
        var wide: Bool
        /// The file's bit depth.
        var fileBitDepth: Int
        /// Its profile's name, as findings quote it.
        var profile: String
        /// The pixel analysis; nil when the profile can't visibly leave the target (gray, or a narrow matrix/TRC
        /// profile), where a catalog audit analyzes no pixel.
        var analysis: ImageAnalysis?
        /// Banding in its smooth ramps, measured in 8-bit images with a wide profile only.
        var banding: Banding?
        /// What the decoder said about the file's colors (image files only).
        var warnings: [String]?
    }

    /// The part of every key that doesn't depend on the file: the entry format and kind, GamutKit's build and the
    /// libraries it runs with (``ContentHash/codeIdentity``), the settings, the target and the decoding limits (the
    /// settings and limits by their reflection, which lists every stored value; they hold plain numbers, no dictionary
    /// or set whose order could change between runs). The target counts by its bytes and by the model GamutKit computes
    /// with: a built-in profile and the same profile read from its exported bytes serialize alike, but the built-in's
    /// matrix comes unquantized from its primaries and its curves are exact, where the file's are LittleCMS's. nil when
    /// GamutKit's own binary can't be read, which turns the cache off.
    func context(target: ColorProfile, settings: AnalysisSettings, decoding: ImageFile.DecodingOptions, for kind: Kind) -> String? {
        guard let code = ContentHash.codeIdentity, let profile = try? target.serialized() else { return nil }
        var hash = ContentHash()
        hash.add("GamutKit analysis cache 1")
        hash.add(kind.rawValue)
        hash.add(code)
        hash.add(String(reflecting: settings))
        hash.add(profile)
        hash.add(target.builtIn.map { "built-in \($0.rawValue)" } ?? "not built in")
        hash.add(target.shaper.map { s in s.curves.map(\.origin).joined(separator: "; ") + " \(s.toXYZD50.m)" } ?? "no model")
        hash.add(String(reflecting: decoding))
        return hash.hex()
    }

    /// The cache under one run's context (see ``context(target:settings:decoding:for:)``): what the image loops hold.
    struct Scope: Sendable {
        let cache: AnalysisCache
        let context: String

        /// The key of an image file's bytes.
        func key(_ bytes: [UInt8]) -> String { cache.key(context: context, file: bytes) }

        /// The key of the file at `path` as it is now, by what the file system says of it (nil when it can't be
        /// examined): its absolute path, device, inode, size, and modification and change times to the nanosecond. A
        /// rewritten file gets a new change time, which only the kernel sets.
        func identity(_ path: String) -> String? {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            #if canImport(Darwin)
                let times = [info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec, info.st_ctimespec.tv_sec, info.st_ctimespec.tv_nsec]
            #else
                let times = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
            #endif
            var hash = ContentHash()
            hash.add(context)
            hash.add("file identity")
            hash.add(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            hash.add(
                ([Int(info.st_dev), Int(info.st_ino), Int(info.st_size)] + times.map { Int($0) }).map(String.init).joined(separator: " "))
            return hash.hex()
        }

        /// The key of the bytes the file had when its `identity` was recorded, if it was (see ``AnalysisCache/index``).
        func indexed(_ identity: String) -> String? { cache.indexed(identity) }

        /// Records that the file of `identity` holds the bytes of `key`.
        func index(_ identity: String, _ key: String) { cache.index(identity, key) }
    }

    /// This cache under the context of a run with these settings, or nil when the cache is off (see ``context(target:settings:decoding:for:)``).
    func scope(target: ColorProfile, settings: AnalysisSettings, decoding: ImageFile.DecodingOptions, for kind: Kind) -> Scope? {
        context(target: target, settings: settings, decoding: decoding, for: kind).map { Scope(cache: self, context: $0) }
    }

    /// The key of an image file's bytes under `context`.
    func key(context: String, file bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.add(context)
        hash.add(bytes)
        return hash.hex()
    }

    private func path(_ key: String) -> String { (directory as NSString).appendingPathComponent(key + ".json") }

    /// The folder of the index from files' identities to their bytes' keys: a rerun finds an unchanged image's key
    /// without reading the image (its entry is still read, and checked, under that key).
    static let indexFolder = "files"

    private func indexPath(_ identity: String) -> String {
        (directory as NSString).appendingPathComponent(Self.indexFolder + "/" + identity)
    }

    /// The key recorded for `identity`, if it is a key (renewed, as an entry is on a hit).
    func indexed(_ identity: String) -> String? {
        guard let bytes = try? FileIO.read(indexPath(identity), maximumSize: 64, what: "analysis cache index"),
            let key = String(bytes: bytes, encoding: .utf8), Self.isKey(Substring(key))
        else { return nil }
        _ = utimensat(AT_FDCWD, indexPath(identity), nil, AT_SYMLINK_NOFOLLOW)
        return key
    }

    /// Records `key` for `identity`; a failure only means the file is read again next time.
    func index(_ identity: String, _ key: String) {
        let folder = (directory as NSString).appendingPathComponent(Self.indexFolder)
        if !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        _ = try? FileIO.writeAtomically(Array(key.utf8), to: indexPath(identity), synced: false)
    }

    /// What the file named by `key` holds, if it is a regular file of at most 16 MiB holding an entry written under
    /// `key` (a misplaced or damaged file is never taken for one).
    private func stored(_ key: String) -> Entry? {
        guard let bytes = try? FileIO.read(path(key), maximumSize: 16 << 20, what: "analysis cache entry"),
            let entry = try? Self.decoder.decode(Entry.self, from: Data(bytes)), entry.key == key
        else { return nil }
        return entry
    }

    /// The entry kept under `key`, or nil when there is none or it can't be used: not a regular file of at most 16 MiB,
    /// not an entry, written under another key, or holding numbers no analysis within `maximumPixels` gives (so that
    /// a damaged or hand-made entry never reaches arithmetic that traps).
    func entry(_ key: String, maximumPixels: Int) -> Entry? {
        guard let entry = stored(key), (0...16).contains(entry.fileBitDepth),
            entry.analysis.map({ Self.isPlausible($0, maximumPixels: maximumPixels) }) ?? true
        else { return nil }
        // Used now: the sweep keeps it another lifetime (the entry itself, never a symbolic link's target; a read-only
        // cache simply ages).
        _ = utimensat(AT_FDCWD, path(key), nil, AT_SYMLINK_NOFOLLOW)
        counts.withLock { $0.found += 1 }
        return entry
    }

    /// Whether an analysis's sizes and counts are ones an image within `maximumPixels` can give.
    static func isPlausible(_ a: ImageAnalysis, maximumPixels: Int) -> Bool {
        let (pixels, overflow) = a.width.multipliedReportingOverflow(by: a.height)
        guard a.width >= 1, a.height >= 1, !overflow, pixels <= maximumPixels else { return false }
        let counts = [a.countedPixels, a.outOfGamutPixels, a.visiblyClippedPixels] + a.collapseGroups.map(\.pixelCount)
        return counts.allSatisfy { (0...pixels).contains($0) }
    }

    /// Reads entries, with the values JSON has no number for written as strings (none is expected in an analysis, but
    /// one must not lose an entry).
    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// Keeps `entry`; a failure to write it (a full disk, a read-only folder) only means the image is analyzed again
    /// next time.
    func keep(_ entry: Entry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(entry), (try? FileIO.writeAtomically([UInt8](data), to: path(entry.key), synced: false)) != nil
        else { return }
        counts.withLock { $0.written += 1 }
    }
}
