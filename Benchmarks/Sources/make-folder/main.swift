import BenchmarkFixtures
import Foundation
import GamutKit

// Writes COUNT PNG images of SIZE² pixels (16-bit; two in three Display P3, one sRGB; hue sweeps rotated per image)
// into FOLDER, for Benchmarks/compare-jobs.sh.
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let size = Int(arguments[3]), count > 0, size > 1 else {
    FileHandle.standardError.write(Data("usage: make-folder FOLDER COUNT SIZE\n".utf8))
    exit(2)
}
do {
    try FileManager.default.createDirectory(atPath: arguments[1], withIntermediateDirectories: true)
    for i in 0..<count {
        try ImageFile.write(CatalogFixture.image(i, size: size), to: arguments[1] + "/image\(i).png")
    }
} catch {
    FileHandle.standardError.write(Data("make-folder: \(error)\n".utf8))
    exit(2)
}
