import Foundation

/// Runs the built `gamut-check` and captures what it prints and its exit code.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static var binary: URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("gamut-check"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamut-check"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gamut-check"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    static func run(_ arguments: [String], in directory: String? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                         stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The peak resident memory, in bytes, of one run of `gamut-check` with `arguments` (output discarded): the
    /// child's own figure from `wait4`, not the largest of every child the test process has run.
    static func peakMemory(_ arguments: [String]) throws -> Int {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw CocoaError(.executableLoad) }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on macOS
        #else
        return Int(usage.ru_maxrss) * 1024  // KiB on Linux
        #endif
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "gamut-check-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = repositoryRoot.appendingPathComponent("Examples/p3-assets.png").path
}
