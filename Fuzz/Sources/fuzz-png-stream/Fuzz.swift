import Foundation
import GamutKit

/// The streaming converter (`gamut-check convert`'s path) against the whole-image path on the same input: both must
/// accept or refuse it alike, and when both accept, write the same bytes. Each deflate piece is deflated on whichever
/// thread claims it first, so this also holds ISA-L's level 1 to the same bytes on every thread's stack. The
/// whole-image path runs with every row decoded by libspng (`rowsByLibspng`), so GamutKit's own row decoder (ISA-L and
/// its filter kernel), which the streaming paths use, is held to libspng. A file that one path takes and the other
/// refuses (say, a damaged last chunk that only one of them notices) stops the fuzzer. The analysis of the file (what
/// `gamut-check check` does, decoding it as it analyzes) is held to the analysis of the decoded image the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var settings = ImageConversion.Settings(profile: .sRGB)
    settings.decoding.maximumPixels = 1 << 20  // keep iterations fast; the limit itself is tested elsewhere
    let folder = FileManager.default.temporaryDirectory.path + "/fuzz-png-stream-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Removed when the input passes; a failure traps before this runs, so its files stay for the post-mortem.
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/in.png", output = folder + "/out.png"
    guard FileManager.default.createFile(atPath: input, contents: Data(bytes)) else { return 0 }
    try? FileManager.default.removeItem(atPath: output)
    let streamed = Result { () throws(GamutError) in try ImageConversion.convert(file: input, to: output, settings: settings) }
    var libspng = settings.decoding
    libspng.rowsByLibspng = true
    func convertWhole() -> Result<[UInt8], GamutError> {
        Result { () throws(GamutError) -> [UInt8] in
            let image = try ImageFile.decode(bytes, path: input, options: libspng)
            return try ImageFile.encode(try image.converted(to: .sRGB), as: .png, options: settings.encoding)
        }
    }
    let whole = convertWhole()
    switch (streamed, whole) {
    case (.success, .success(let expected)):
        let written = FileManager.default.contents(atPath: output).map { [UInt8]($0) }
        if written != expected {
            // Kept beside the input for a post-mortem, with a second run of the whole-image path: which side changed?
            _ = FileManager.default.createFile(atPath: folder + "/expected.png", contents: Data(expected))
            let again = (try? convertWhole().get()).map {
                $0 == expected ? "the same bytes" : $0 == written ? "the streamed bytes" : "other bytes"
            }
            preconditionFailure(
                "the streaming converter wrote other bytes than the whole-image path: \(difference(written, expected)); "
                    + "the whole-image path run again gave \(again ?? "an error")")
        }
    case (.failure, .failure): precondition(!FileManager.default.fileExists(atPath: output), "a refused input left an output file")
    case (.success, .failure(let error)): preconditionFailure("streamed, but the whole-image path refused it: \(error)")
    case (.failure(let error), .success): preconditionFailure("the whole-image path read it, but streaming refused it: \(error)")
    }
    // The same for the analysis (`gamut-check check`'s path, which decodes the file as it analyzes it).
    let analyzedFile = Result { () throws(GamutError) in
        try ImageAnalyzer.analyze(contentsOf: input, options: settings.decoding, includeClipMask: true, threads: 2)
    }
    let analyzedWhole = Result { () throws(GamutError) in
        let image = try ImageFile.decode(bytes, path: input, options: libspng)
        return try ImageAnalyzer.analyze(image, includeClipMask: true, threads: 2)
    }
    switch (analyzedFile, analyzedWhole) {
    case (.success(let a), .success(let b)):
        precondition(String(describing: a.analysis) == String(describing: b.analysis), "the streamed analysis differs")
        precondition(a.clipMask?.pixels.bytes == b.clipMask?.pixels.bytes, "the streamed clip mask differs")
    case (.failure, .failure): break
    case (.success, .failure(let error)): preconditionFailure("analyzed from the file, but the whole image was refused: \(error)")
    case (.failure(let error), .success): preconditionFailure("the whole image was analyzed, but the file was refused: \(error)")
    }
    return 0
}

/// The chunks of a PNG file as the framing gives them (type, and the whole chunk from its length to its CRC), up to
/// where the framing stops.
func chunks(_ bytes: [UInt8]) -> [(type: String, bytes: ArraySlice<UInt8>)] {
    var result: [(type: String, bytes: ArraySlice<UInt8>)] = [], offset = 8
    while offset + 12 <= bytes.count {
        let end = offset + 12 + bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard end <= bytes.count else { break }
        result.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), bytes[offset..<end]))
        offset = end
    }
    return result
}

/// Where two outputs part: their sizes and the first differing byte, with the chunk it falls in (so that a failure says
/// whether the pixels, the deflate stream or a header chunk differ).
func difference(_ written: [UInt8]?, _ expected: [UInt8]) -> String {
    guard let written else { return "the output could not be read back" }
    let first = zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, expected.count)
    let chunk = chunks(written).last { $0.bytes.startIndex <= first }?.type ?? "signature"
    return "\(written.count) bytes written, \(expected.count) expected, first difference at byte \(first) (in \(chunk))"
}

/// SwiftPM links an executable's entry point under this name; hand the arguments to libFuzzer's driver.
@_cdecl("fuzz_png_stream_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzPNGStream(data, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
