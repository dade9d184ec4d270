import CXXHash
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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

    /// The digest as 32 lowercase hex digits (high half first).
    consuming func hex() -> String {
        let digest = XXH3_128bits_digest(state)
        return String(format: "%016llx%016llx", digest.high64, digest.low64)
    }

    /// The digest of the file that holds GamutKit's code (the executable, or the library it is linked into), read once
    /// per process: a cache keyed by it is invalidated by any other build of GamutKit, so results never outlive the
    /// code that computed them. nil when that file can't be found or read.
    static let codeIdentity: String? = {
        guard let path = codeFile() else { return nil }
        // Read a MiB at a time: a debug build's test binary can be hundreds of MB.
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        var hash = ContentHash()
        while true {
            // nil (or empty) at the end of the file; a read error gives no identity.
            let read: Data?
            do { read = try file.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk = read, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { hash.add($0) }
        }
        return hash.hex()
    }()

    /// The path of the file mapped where GamutKit's code is (`#dsohandle`): on Linux from `/proc/self/maps` (glibc's
    /// `dladdr` isn't visible to Swift), elsewhere from `dladdr`.
    private static func codeFile() -> String? {
        let address = UInt(bitPattern: #dsohandle)
        #if os(Linux)
            guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
            // "start-end perms offset device inode path", addresses in hex.
            for line in maps.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                    let start = UInt(fields[0][..<dash], radix: 16), let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                    (start..<end).contains(address)
                else { continue }
                let path = fields[5].trimmingCharacters(in: .whitespaces)
                return path.hasPrefix("/") ? path : nil
            }
            return nil
        #else
            var info = Dl_info()
            guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
            return String(cString: name)
        #endif
    }
}
