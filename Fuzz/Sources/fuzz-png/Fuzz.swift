import Foundation
import GamutKit

/// PNG decoding with color resolution (cICP, iCCP, sRGB, gAMA/cHRM), then a conversion and an analysis of
/// whatever decodes: any input must give an image or a GamutError, never a crash or a hang. The decoding is done twice,
/// as it is (plain files' rows by GamutKit's own row decoder: ISA-L and its filter kernel) and with every row decoded
/// by libspng (`rowsByLibspng`): both must accept or refuse the input alike, with the same pixels, color and warnings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = ImageFile.DecodingOptions()
    options.maximumPixels = 1 << 20  // keep iterations fast; the limit itself is tested elsewhere
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoded = Result { () throws(GamutError) in try ImageFile.decode(bytes, path: "fuzz.png", options: options) }
    var libspng = options
    libspng.rowsByLibspng = true
    let reference = Result { () throws(GamutError) in try ImageFile.decode(bytes, path: "fuzz.png", options: libspng) }
    switch (decoded, reference) {
    case (.success(let a), .success(let b)):
        precondition(a.pixels.bytes == b.pixels.bytes, "the row decoder's pixels differ from libspng's")
        precondition(a.pixels.format == b.pixels.format && a.width == b.width && a.height == b.height, "the format differs")
        precondition(a.warnings == b.warnings && a.profile.name == b.profile.name, "the warnings or the profile differ")
        precondition(String(describing: a.colorSource) == String(describing: b.colorSource), "the color source differs")
    case (.failure, .failure): break
    case (.success, .failure(let error)): preconditionFailure("decoded, but libspng's rows refused it: \(error)")
    case (.failure(let error), .success): preconditionFailure("libspng's rows decoded it, but the row decoder refused it: \(error)")
    }
    guard let image = try? decoded.get() else { return 0 }
    _ = try? image.converted(to: .sRGB)
    _ = try? ImageAnalyzer.analyze(image, threads: 1)
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_png_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzPNG(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
