import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File reading with a size limit, and atomic writes (a temporary file renamed into place).
enum FileIO {
    /// Reads a whole file, refusing files larger than `maximumSize` before reading them.
    static func read(_ path: String, maximumSize: Int, what: String) throws(GamutError) -> [UInt8] {
        let (file, size) = try open(path, maximumSize: maximumSize, what: what)
        defer { close(file) }
        // Straight into the array, sized from stat (one copy of the file in memory, not two); a file that grew since
        // is read on to its end, up to the limit.
        var bytes = [UInt8]()
        var capacity = size + 1
        while true {
            bytes.reserveCapacity(capacity)
            let start = bytes.count
            var failure: Int32 = 0
            bytes.append(contentsOf: repeatElement(0, count: capacity - start))
            let filled = bytes.withUnsafeMutableBytes { buffer -> Int in
                let (filled, error) = fill(file, buffer, from: start)
                failure = error
                return filled
            }
            guard failure == 0 else { throw GamutError(.io, "cannot read \(what): \(String(cString: strerror(failure)))", path: path) }
            bytes.removeLast(bytes.count - filled)
            guard bytes.count <= maximumSize else {
                throw GamutError(.io, "\(what) grew past the limit of \(maximumSize) bytes while reading", path: path)
            }
            if filled < capacity { return bytes }
            capacity = min(maximumSize + 1, capacity * 2)
        }
    }

    /// Opens a regular file for reading (its descriptor, close-on-exec, and size), refusing it when it is larger than
    /// `maximumSize`, with errors that name what was being read (a dangling symbolic link, a folder, a file too large).
    static func open(_ path: String, maximumSize: Int, what: String) throws(GamutError) -> (descriptor: Int32, size: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errnoText()
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw GamutError(
                    .io, "cannot read \(what): it is a symbolic link to \(target), which does not exist (dangling link)", path: path)
            }
            throw GamutError(.io, "cannot read \(what): \(reason)", path: path)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw GamutError(.io, "cannot read \(what): not a regular file", path: path)
        }
        guard Int(info.st_size) <= maximumSize else {
            throw GamutError(.io, "\(what) of \(info.st_size) bytes exceeds the limit of \(maximumSize) bytes", path: path)
        }
        let file = openFile(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw GamutError(.io, "cannot open \(what): \(errnoText())", path: path) }
        return (file, Int(info.st_size))
    }

    /// Reads into `buffer` from `start` until it is full or the file ends: how far it got, and the `errno` of a failed
    /// read (0 when none failed; an interrupted read is retried).
    private static func fill(_ file: Int32, _ buffer: UnsafeMutableRawBufferPointer, from start: Int) -> (filled: Int, error: Int32) {
        var at = start
        while at < buffer.count {
            let n = readFile(file, buffer.baseAddress! + at, buffer.count - at)
            if n < 0 {
                if errno == EINTR { continue }
                return (at, errno)
            }
            if n == 0 { break }
            at += n
        }
        return (at, 0)
    }

    /// What tells a file's versions apart: its size, modification time and inode.
    static func identity(_ info: stat) -> [Int] {
        #if canImport(Darwin)
            [Int(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec), Int(info.st_ino)]
        #else
            [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
        #endif
    }

    /// The identity of the file at `path` (nil when it can't be examined).
    static func identity(of path: String) -> [Int]? {
        var info = stat()
        return stat(path, &info) == 0 ? identity(info) : nil
    }

    /// The first `count` bytes of the file at `path` (fewer for a shorter file, none when it can't be read or isn't a
    /// regular file): enough to tell its format. Through ``open(_:maximumSize:what:)``, so a FIFO is never opened
    /// (opening one waits for a writer) and a folder is never read.
    static func head(_ path: String, count: Int = 16) -> [UInt8] {
        guard let (file, _) = try? open(path, maximumSize: .max, what: "file") else { return [] }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = bytes.withUnsafeMutableBytes { fill(file, $0, from: 0).filled }
        return Array(bytes.prefix(filled))
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that a
    /// reader never sees a partial file and a failed write leaves any existing file untouched.
    ///
    /// On Linux the temporary file is anonymous (`O_TMPFILE`) until it is complete and synced: a process
    /// killed while writing leaves nothing behind. It is then linked under a hidden name and renamed over
    /// `path`. Where `O_TMPFILE` isn't supported (other systems, some file systems) a named temporary
    /// file (`mkstemp`) is used and removed on failure.
    /// `synced` false skips the sync before the rename, for files that are only worth keeping (a cache entry that a
    /// crash leaves damaged is written again).
    /// `replacing` false creates the file only if nothing is at `path` (the last step links instead of renaming, which
    /// fails when something is there), for new files that must never take the place of one of the user's.
    static func writeAtomically(_ bytes: [UInt8], to path: String, synced: Bool = true, replacing: Bool = true) throws(GamutError) {
        let file = try AtomicFile(path, replacing: replacing)
        _ = bytes.withUnsafeBytes { file.write($0) }
        try file.commit(synced: synced)
    }
}

/// A file written in pieces and put in place only when complete (see ``FileIO/writeAtomically(_:to:)``): written to a
/// temporary file in the output's folder (anonymous on Linux), then synced and renamed over the output by
/// ``commit()``. Until then, and after ``abort()`` or a failure, the output is untouched and no temporary file is left
/// (an anonymous one disappears with the process; a named one is removed).
final class AtomicFile {
    let path: String
    /// The permissions the output gets (see ``mode(replacing:mayReplace:)``).
    private let mode: mode_t
    /// Whether the output may replace a file already at `path` (false: ``commit(synced:)`` links, which fails if one is).
    private let replacing: Bool
    private var fd: Int32
    /// The named temporary file (nil while it is anonymous).
    private var temporary: String?
    private let hidden: String
    private var anonymous: Bool
    /// The first write failure (`errno` text); the following writes do nothing.
    private(set) var failure: String?
    private var done = false

    /// Creates the temporary file next to `path`.
    /// - Throws: ``GamutError`` `.io` when it can't be created.
    init(_ path: String, replacing: Bool = true) throws(GamutError) {
        self.path = path
        self.replacing = replacing
        mode = try Self.mode(replacing: path, mayReplace: replacing)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        hidden = "\(folder)/.\(url.lastPathComponent).gamutkit-"
        #if os(Linux)
            // O_TMPFILE is __O_TMPFILE (0o20000000) | O_DIRECTORY; the C macro isn't imported.
            let descriptor = open(folder, O_DIRECTORY | 0o20000000 | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                (fd, anonymous) = (descriptor, true)
                return
            }
            guard
                errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL
                    || errno == ENOENT && FileManager.default.fileExists(atPath: folder)
            else {
                throw GamutError(.io, "cannot create a temporary file next to the output: \(errnoText())", path: path)
            }
        #endif
        var template = Array((hidden + "XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard named >= 0 else {
            throw GamutError(.io, "cannot create a temporary file next to the output: \(errnoText())", path: path)
        }
        (fd, anonymous) = (named, false)
        temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { if !done { abort() } }

    /// The permissions the output gets: those of the regular file it replaces (a rename must not widen a private
    /// file's), else 0o644. A symbolic link is replaced, not followed (an output folder's link could point anywhere);
    /// anything else already at `path` (a folder, a FIFO, a device) is refused, as a rename would put the output in
    /// its place, as is anything at all when `mayReplace` is false.
    private static func mode(replacing path: String, mayReplace: Bool) throws(GamutError) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0o644 }
        guard mayReplace else { throw GamutError(.io, "cannot write the output: a file of that name exists", path: path) }
        guard (info.st_mode & S_IFMT) != S_IFLNK else { return 0o644 }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw GamutError(
                .io, "cannot write the output: something other than a regular file is there (a folder, a FIFO or a device)", path: path)
        }
        return info.st_mode & 0o777
    }

    /// Appends bytes; returns false once a write failed (see ``failure``).
    @discardableResult
    func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, !done else { return false }
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errnoText()
                return false
            }
            offset += n
        }
        return true
    }

    /// Syncs the file (unless `synced` is false) and renames it over the output.
    /// - Throws: ``GamutError`` `.io` with the first failure (a write's, the sync's, the rename's); the output is then
    ///   untouched and the temporary file removed.
    func commit(synced: Bool = true) throws(GamutError) {
        guard !done else { return }
        done = true
        if synced, failure == nil, fsync(fd) != 0 { failure = errnoText() }
        if failure == nil, fchmod(fd, mode) != 0 { failure = errnoText() }
        #if os(Linux)
            if anonymous, failure == nil {
                let name = hidden + String(UInt64.random(in: 0...UInt64.max), radix: 36)
                if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) != 0 {
                    failure = errnoText()
                } else {
                    temporary = name
                }
            }
        #endif
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if failure == nil, let temporary {
            if replacing {
                if rename(temporary, path) != 0 { failure = errnoText() }
            } else if link(temporary, path) != 0 {
                failure = errno == EEXIST ? "a file of that name exists" : errnoText()
            } else {
                unlink(temporary)
            }
        }
        if let failure {
            if let temporary { unlink(temporary) }
            throw GamutError(.io, "cannot write the output: \(failure)", path: path)
        }
    }

    /// Gives up: the output is left as it was and the temporary file removed.
    func abort() {
        guard !done else { return }
        done = true
        close(fd)
        if let temporary { unlink(temporary) }
    }
}

/// The text of the current `errno`.
func errnoText() -> String {
    String(cString: strerror(errno))
}

/// `read(2)` (inside ``FileIO`` the name means its own `read`).
private func readFile(_ file: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(file, buffer, count)
}

/// `open(2)` (inside ``FileIO`` the name means its own `open`).
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
