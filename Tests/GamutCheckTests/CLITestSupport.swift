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
        return CLIResult(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs another program (an independent tool, a browser) and returns its exit status and what it printed.
    static func external(_ path: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Whether another program ran and exited 0.
    static func tool(_ path: String, _ arguments: [String]) throws -> Bool { try external(path, arguments).status == 0 }

    /// What another program printed.
    static func output(_ path: String, _ arguments: [String]) throws -> String { try external(path, arguments).stdout }

    /// The peak resident memory, in bytes, of one run of `gamut-check` with `arguments` (output discarded).
    ///
    /// Measured from a small Python process that starts it and reads its children's usage: the kernel counts a
    /// child's peak from the address space it was forked from, so a child forked (or spawned) straight from this
    /// test process reports this process's own, much larger, peak.
    static func peakMemory(_ arguments: [String]) throws -> Int {
        let script = """
            import resource, subprocess, sys
            subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(peak if sys.platform == "darwin" else peak * 1024)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, binary.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let bytes = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw CocoaError(.executableLoad)
        }
        return bytes
    }

    static func temporaryDirectory() -> String {
        TestScratch.folder("gamut-check-tests-")
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = repositoryRoot.appendingPathComponent("Examples/p3-assets.png").path
}
