import GamutKit

/// The encoder round trip: whatever decodes is encoded and decoded again, and must come back the same — pixels
/// sample for sample, profile byte for byte, through the public API (text and pHYs chunks
/// are package-level metadata; PNGTests checks that they are kept).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var options = ImageFile.DecodingOptions()
    options.maximumPixels = 1 << 20  // keep iterations fast; the limit itself is tested elsewhere
    guard let image = try? ImageFile.decode(Array(UnsafeBufferPointer(start: data, count: size)), path: "fuzz.png", options: options) else {
        return 0
    }
    let encoded: [UInt8]
    do {
        encoded = try ImageFile.encode(image, as: .png)
    } catch {
        preconditionFailure("a decoded image could not be encoded: \(error)")
    }
    let again: Image
    do {
        again = try ImageFile.decode(encoded, path: "again.png", options: options)
    } catch {
        preconditionFailure("GamutKit could not read what it wrote: \(error)")
    }
    precondition(again.pixels == image.pixels, "pixels changed in the round trip")
    precondition(again.profile.data == image.profile.data, "the profile changed in the round trip")
    return 0
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_png_roundtrip_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzPNGRoundTrip(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
