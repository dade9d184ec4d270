import GamutKit

/// HEIF/AVIF decoding (libheif: ICC and nclx color, 8 to 12 bits, alpha), then a conversion and an analysis of
/// whatever decodes: any input must give an image or a GamutError, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = ImageFile.DecodingOptions()
    options.maximumPixels = 1 << 20  // keep iterations fast; the limit itself is tested elsewhere
    guard let image = try? ImageFile.decode(Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.heic", options: options)
    else { return 0 }
    _ = try? image.converted(to: .sRGB)
    _ = try? ImageAnalyzer.analyze(image, threads: 1)
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_heif_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzHEIF(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
