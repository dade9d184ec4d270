import Foundation

/// File reading with a size limit, and atomic writes (a temporary file renamed into place).
enum FileIO {
    /// Reads a whole file, refusing files larger than `maximumSize` before reading them.
    static func read(_ path: String, maximumSize: Int, what: String) throws(GamutError) -> [UInt8] {
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
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw GamutError(.io, "cannot open \(what): \(errnoText())", path: path)
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            guard data.count <= maximumSize else {
                throw GamutError(.io, "\(what) grew past the limit of \(maximumSize) bytes while reading", path: path)
            }
            return [UInt8](data)
        } catch let error as GamutError {
            throw error
        } catch {
            throw GamutError(.io, "cannot read \(what): \(error.localizedDescription)", path: path)
        }
    }

    /// The first `count` bytes of the file at `path` (fewer for a shorter file, none when it can't be read): enough to
    /// tell its format.
    static func head(_ path: String, count: Int = 16) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that a
    /// reader never sees a partial file and a failed write leaves any existing file untouched.
    ///
    /// On Linux the temporary file is anonymous (`O_TMPFILE`) until it is complete and synced: a process
    /// killed while writing leaves nothing behind. It is then linked under a hidden name and renamed over
    /// `path`. Where `O_TMPFILE` isn't supported (other systems, some file systems) a named temporary
    /// file (`mkstemp`) is used and removed on failure.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(GamutError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let hidden = "\(folder)/.\(url.lastPathComponent).gamutkit-"
        var failure: String?
        func writeAll(_ fd: Int32) {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errnoText()
                        return
                    }
                    offset += n
                }
            }
            if failure == nil, fsync(fd) != 0 { failure = errnoText() }
            if failure == nil, fchmod(fd, 0o644) != 0 { failure = errnoText() }
        }
        #if os(Linux)
            // O_TMPFILE is __O_TMPFILE (0o20000000) | O_DIRECTORY; the C macro isn't imported.
            let anonymous = open(folder, O_DIRECTORY | 0o20000000 | O_WRONLY | O_CLOEXEC, 0o600)
            if anonymous >= 0 {
                writeAll(anonymous)
                var temporary = ""
                if failure == nil {
                    temporary = hidden + String(UInt64.random(in: 0...UInt64.max), radix: 36)
                    if linkat(AT_FDCWD, "/proc/self/fd/\(anonymous)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) != 0 { failure = errnoText() }
                }
                if close(anonymous) != 0, failure == nil { failure = errnoText() }
                if failure == nil, rename(temporary, path) != 0 { failure = errnoText() }
                if let failure {
                    if !temporary.isEmpty { unlink(temporary) }
                    throw GamutError(.io, "cannot write the output: \(failure)", path: path)
                }
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
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw GamutError(.io, "cannot create a temporary file next to the output: \(errnoText())", path: path)
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        writeAll(fd)
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if failure == nil, rename(temporary, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary)
            throw GamutError(.io, "cannot write the output: \(failure)", path: path)
        }
    }
}

/// The text of the current `errno`.
func errnoText() -> String {
    String(cString: strerror(errno))
}
