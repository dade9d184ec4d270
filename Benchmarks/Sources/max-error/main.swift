import CLittleCMS
import Foundation

// The largest difference, in output codes, between a converted image and LittleCMS's double-precision transform
// (unoptimized) of the same input between the same profiles. Both images are raw big-endian RGB samples as
// ImageMagick writes them (`convert FILE -depth 16 rgb:-`), so neither side is decoded by GamutKit.
// Usage: max-error INPUT.rgb INPUT.icc OUTPUT.rgb OUTPUT.icc OUTPUT_DEPTH(8|16)
let arguments = CommandLine.arguments
guard arguments.count == 6, let depth = Int(arguments[5]), depth == 8 || depth == 16 else {
    FileHandle.standardError.write(Data("usage: max-error INPUT.rgb INPUT.icc OUTPUT.rgb OUTPUT.icc 8|16\n".utf8))
    exit(2)
}
func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("max-error: cannot read \(path)\n".utf8))
        exit(2)
    }
    return [UInt8](data)
}
let input = read(arguments[1]), inputProfile = read(arguments[2])
let output = read(arguments[3]), outputProfile = read(arguments[4])
let pixels = input.count / 6
guard output.count == pixels * 3 * depth / 8 else {
    FileHandle.standardError.write(Data("max-error: \(output.count) output bytes for \(pixels) input pixels at \(depth) bits\n".utf8))
    exit(2)
}
func open(_ bytes: [UInt8]) -> cmsHPROFILE {
    guard let profile = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
        FileHandle.standardError.write(Data("max-error: a profile does not open in LittleCMS\n".utf8))
        exit(2)
    }
    return profile
}
let source = open(inputProfile), destination = open(outputProfile)
// TYPE_RGB_DBL: FLOAT_SH(1) | COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | BYTES_SH(0) (function-like macros Swift does not import).
let rgbDouble = cmsUInt32Number(1 << 22 | UInt32(PT_RGB) << 16 | 3 << 3)
guard
    let transform = cmsCreateTransform(
        source, rgbDouble, destination, rgbDouble, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOOPTIMIZE))
else {
    FileHandle.standardError.write(Data("max-error: LittleCMS cannot build the transform\n".utf8))
    exit(2)
}
// In batches, so the doubles stay small.
let batch = 1 << 16, scale = Double((1 << depth) - 1)
var worst = 0, worstAt = 0, over1 = 0
var inDoubles = [Double](repeating: 0, count: batch * 3), outDoubles = [Double](repeating: 0, count: batch * 3)
var start = 0
while start < pixels {
    let count = min(batch, pixels - start)
    for i in 0..<count * 3 {
        let o = (start * 3 + i) * 2
        inDoubles[i] = Double(UInt16(input[o]) << 8 | UInt16(input[o + 1])) / 65535
    }
    cmsDoTransform(transform, inDoubles, &outDoubles, cmsUInt32Number(count))
    for i in 0..<count * 3 {
        let expected = Int((min(max(outDoubles[i], 0), 1) * scale).rounded())
        let index = start * 3 + i
        let actual = depth == 16 ? Int(UInt16(output[index * 2]) << 8 | UInt16(output[index * 2 + 1])) : Int(output[index])
        let error = abs(actual - expected)
        if error > 1 { over1 += 1 }
        if error > worst { (worst, worstAt) = (error, index / 3) }
    }
    start += count
}
print("\(worst) \(worstAt) \(over1)")
