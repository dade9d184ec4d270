import GamutKit

/// JPEG decoding (through GamutKit's C shim around libjpeg-turbo), then a conversion and a re-encode of whatever decodes: any input must give an image or a GamutError, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = ImageFile.DecodingOptions()
    options.maximumPixels = 1 << 20  // keep iterations fast; the limit itself is tested elsewhere
    guard let image = try? ImageFile.decode(Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.jpeg", options: options)
    else { return 0 }
    let sixteen = image.pixels.format.sample == .float32 ? try? image.converted(to: image.profile, bitDepth: 16) : image
    _ = try? image.converted(to: .sRGB, bitDepth: 16)
    if let sixteen {
        // The analysis too: a fuzzed matrix/TRC profile once made its ΔE NaN and trapped (regression test:
        // Tests/GamutKitTests/Fixtures/fuzz/analyzer-nan-deltae-tiff-crash.tif).
        _ = try? ImageAnalyzer.analyze(sixteen, threads: 1)
        _ = try? ImageFile.decode(try ImageFile.encode(sixteen, as: .jpeg))
    }
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_jpeg_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzJPEG(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
