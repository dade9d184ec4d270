import BenchmarkFixtures
import Foundation
import GamutKit

// Writes the benchmark image (3840×2160, 16-bit Display P3 PNG) to the path given, for the
// ImageMagick comparison script.
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: make-fixture OUTPUT.png\n".utf8))
    exit(2)
}
do {
    try PNG.write(Image(pixels: Fixtures.p3Image16(), profile: .displayP3), to: arguments[1])
} catch {
    FileHandle.standardError.write(Data("make-fixture: \(error)\n".utf8))
    exit(2)
}
