import GamutKit

/// ICC profile loading and inspection, then a transform from and to the profile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let profile = try? ColorProfile(data: Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    _ = (
        profile.name, profile.colorSpace, profile.channelCount, profile.toXYZD50, profile.linearMatrix(to: .sRGB), try? profile.serialized()
    )
    _ = try? ColorTransform(from: profile, format: .rgb16, to: .sRGB, format: .rgb16).convert(samples: [0, 32768, 65535])
    _ = try? ColorTransform(from: .displayP3, format: .rgbFloat, to: profile, format: .rgbFloat).convert(samples: [1, 0, 0])
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_icc_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzICC(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
