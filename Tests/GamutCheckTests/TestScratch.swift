import Foundation

/// One temporary folder per test process, holding every folder the tests make, removed when the process exits
/// (the tests' catalogs, images and reports used to stay behind in the temporary directory, a thousand per run).
enum TestScratch {
    static let root: String = {
        let path = NSTemporaryDirectory() + "gamutkit-test-run-\(ProcessInfo.processInfo.processIdentifier)-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
        return path
    }()

    /// A new empty folder under ``root`` whose name starts with `prefix`.
    static func folder(_ prefix: String) -> String {
        let path = root + "/" + prefix + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
