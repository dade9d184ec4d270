import BenchmarkFixtures
import Foundation
import GamutKit

// Writes the benchmark image (3840×2160, 16-bit Display P3 PNG) to the path given, for the
// ImageMagick comparison script, with ±NOISE codes of noise.
let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 3, let noise = Int(arguments.count == 3 ? arguments[2] : "32") else {
    FileHandle.standardError.write(Data("usage: make-fixture OUTPUT.png [NOISE-CODES, a power of two or 0; default 32]\n".utf8))
    exit(2)
}
do {
    try ImageFile.write(Image(pixels: Fixtures.p3Image16(noise: noise), profile: .displayP3), to: arguments[1])
} catch {
    FileHandle.standardError.write(Data("make-fixture: \(error)\n".utf8))
    exit(2)
}
