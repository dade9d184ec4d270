import Foundation
import GamutKit

/// Asset catalog reading, auditing and fixing: the input becomes a colorset's `Contents.json` (and, from its
/// second half, an imageset's) in a scratch catalog, which is read and audited (with a contrast pair and a
/// distinct group), and a fix is planned: every `Contents.json` the fix edits must still be valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let root = scratch + "/Fuzz.xcassets"
    try? bytes.write(to: URL(fileURLWithPath: root + "/A.colorset/Contents.json"))
    try? bytes.suffix(size / 2).write(to: URL(fileURLWithPath: root + "/B.imageset/Contents.json"))
    if let fix = try? CatalogFixer.plan(root, options: .init(policy: policy)) {
        for change in fix.changes where change.kind == .edited {
            if (try? JSONSerialization.jsonObject(with: Data(change.original))) != nil,
                (try? JSONSerialization.jsonObject(with: Data(change.updated))) == nil
            {
                fatalError("fix turned valid JSON into invalid JSON:\n\(String(decoding: change.updated, as: UTF8.self))")
            }
        }
    }
    return 0
}

/// A policy that switches on the contrast and color-vision checks for the scratch sets.
let policy = try! GamutPolicy.parse(
    Array(
        #"{"contrast": [{"foreground": "A", "background": "A", "textSize": 12}], "distinct": [{"name": "g", "colors": ["A", "B"]}]}"#.utf8),
    path: "fuzz-policy.json")

/// A scratch catalog, made once per process (a folder an earlier process of the same id left is emptied first).
let scratch: String = {
    let path = NSTemporaryDirectory() + "gamutkit-fuzz-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    for set in ["A.colorset", "B.imageset"] {
        try? FileManager.default.createDirectory(atPath: path + "/Fuzz.xcassets/" + set, withIntermediateDirectories: true)
    }
    return path
}()

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_catalog_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    // The scratch catalog goes when libFuzzer exits; a crash leaves by `_Exit`, which skips this, so it stays.
    atexit { try? FileManager.default.removeItem(atPath: scratch) }
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzCatalog(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
