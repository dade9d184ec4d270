#if SystemLibraries && os(Linux)
    internal import CXXHash
#else
    internal import CVendoredXXHash
#endif
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
    import MachO
#endif

/// A 128-bit digest of byte strings fed in order (xxHash's XXH3-128): the analysis cache's keys. Not a cryptographic
/// hash; it tells apart files and settings, which nobody crafts to collide with their own assets.
struct ContentHash: ~Copyable {
    private let state: OpaquePointer

    init() {
        // XXH3_createState fails only when malloc does.
        state = XXH3_createState()!
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    /// Adds `bytes`, preceded by their length, so that "ab" + "c" and "a" + "bc" differ.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var length = UInt64(bytes.count).littleEndian
        withUnsafeBytes(of: &length) { _ = XXH3_128bits_update(state, $0.baseAddress, $0.count) }
        if let base = bytes.baseAddress { _ = XXH3_128bits_update(state, base, bytes.count) }
    }

    mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    mutating func add(_ text: String) { add(Array(text.utf8)) }

    /// The digest of `bytes` alone.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.add(bytes)
        return hash.hex()
    }

    /// The digest as 32 lowercase hex digits (high half first).
    consuming func hex() -> String {
        let digest = XXH3_128bits_digest(state)
        return String(format: "%016llx%016llx", digest.high64, digest.low64)
    }

    /// The digest of the code that computes an analysis, worked out once per process: the bytes of the file that
    /// holds GamutKit's code (the executable, or the library it is linked into), and the path, size and modification
    /// time of every other file of code the process runs (LittleCMS, the image decoders, zlib, the Swift runtime, the C
    /// library), so a cache keyed by it is invalidated by another build of GamutKit or an upgrade of a library it links,
    /// and results never outlive the code that computed them. A library counts by its size and time rather than its
    /// bytes (a package manager installs the same version with the same time on every machine) and GamutKit's own file
    /// by its bytes (a build writes it anew each time). nil when GamutKit's file can't be found or read.
    static let codeIdentity: String? = {
        guard let (own, linked) = codeFiles() else { return nil }
        // Read a MiB at a time: a debug build's test binary can be hundreds of MB.
        guard let file = FileHandle(forReadingAtPath: own) else { return nil }
        defer { try? file.close() }
        var hash = ContentHash()
        while true {
            // nil (or empty) at the end of the file; a read error gives no identity.
            let read: Data?
            do { read = try file.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk = read, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hash.add($0) }
        }
        for path in linked {
            // Size and time (not the inode, which differs from machine to machine); the name alone for a library with
            // no file of its own (macOS's shared cache, which changes with the system version, added below).
            hash.add(path + " " + (FileIO.identity(of: path)?.prefix(3).map(String.init).joined(separator: " ") ?? "no file"))
        }
        #if !os(Linux)
            hash.add(ProcessInfo.processInfo.operatingSystemVersionString)
        #endif
        return hash.hex()
    }()

    /// The path of the file mapped where GamutKit's code is (`#dsohandle`), and the paths of the process's other files
    /// of code, sorted: on Linux from `/proc/self/maps` (glibc's `dladdr` isn't visible to Swift), elsewhere from
    /// `dladdr` and dyld's list of images.
    static func codeFiles() -> (own: String, linked: [String])? {
        let address = UInt(bitPattern: #dsohandle)
        #if os(Linux)
            // Read to its end (a /proc file has no size; a read sized by it stops after the first page).
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
            defer { try? handle.close() }
            guard let data = try? handle.readToEnd(), let maps = String(data: data, encoding: .utf8) else { return nil }
            var own: String?
            var code = Set<String>()
            // "start-end perms offset device inode path", addresses in hex.
            for line in maps.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                    let start = UInt(fields[0][..<dash], radix: 16), let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16)
                else { continue }
                let path = fields[5].trimmingCharacters(in: .whitespaces)
                guard path.hasPrefix("/") else { continue }
                if (start..<end).contains(address) { own = path }
                if fields[1].contains("x") { code.insert(path) }
            }
            guard let own else { return nil }
            code.remove(own)
            return (own, code.sorted())
        #else
            var info = Dl_info()
            guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
            let own = String(cString: name)
            var code = Set<String>()
            for i in 0..<_dyld_image_count() {
                if let image = _dyld_get_image_name(i) { code.insert(String(cString: image)) }
            }
            code.remove(own)
            return (own, code.sorted())
        #endif
    }
}
