import Foundation
import GamutKit

/// `.gamut-check.json` policy parsing, and applying what parses to a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicy(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let policy = try? GamutPolicy.parse(Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.json") else { return 0 }
    _ = policy.apply(to: [finding])
    return 0
}

/// A finding as a report's JSON holds it (findings are made by the analyzer, not by library users).
let finding: Finding = {
    let json =
        #"{"ruleID": "color-collapse", "severity": "error", "location": {"file": "a", "asset": "Brand/Accent"}, "#
        + #""message": "m", "values": {}, "fixHint": "f", "swatches": []}"#
    return try! JSONDecoder().decode(Finding.self, from: Data(json.utf8))
}()

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_policy_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzPolicy(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
