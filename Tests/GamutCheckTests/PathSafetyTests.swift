import Foundation
import GamutKit
import Testing

@Suite("Path safety of outputs")
struct PathSafetyTests {
    /// A folder with `inside/` (the output folder) and `outside/victim.png` (a file that must not change).
    static func layout() throws -> (root: String, victim: String, victimBytes: Data) {
        let root = CLI.temporaryDirectory()
        for folder in ["inside", "outside", "inputs/sub"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let victim = root + "/outside/victim.png"
        let bytes = Data("not to be touched".utf8)
        try bytes.write(to: URL(fileURLWithPath: victim))
        try FileManager.default.copyItem(atPath: CLI.example, toPath: root + "/inputs/sub/p3.png")
        return (root, victim, bytes)
    }

    @Test(
        "--output-dir writes only inside the folder: inputs named with `..` keep their base name, and an output name that is a symbolic link out of the folder replaces the link, not its target"
    )
    func outputDirectory() throws {
        let (root, victim, victimBytes) = try Self.layout()
        try FileManager.default.createSymbolicLink(atPath: root + "/inside/p3.png", withDestinationPath: victim)
        let result = try CLI.run(["convert", "sub/../sub/p3.png", "--to", "srgb", "--output-dir", root + "/inside"], in: root + "/inputs")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == victimBytes)
        let written = root + "/inside/p3.png"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: written)) == nil)
        #expect(try PNG.read(contentsOf: written).profile === ColorProfile.sRGB)
        let entries = try FileManager.default.contentsOfDirectory(atPath: root + "/inside")
        #expect(entries == ["p3.png"])  // no temporary files left behind
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/outside") == ["victim.png"])
    }

    @Test("--clip-mask names masks after the whole input path, flattened, inside the mask folder")
    func clipMasks() throws {
        let (root, _, _) = try Self.layout()
        let result = try CLI.run(
            ["check", "../inputs/sub/p3.png", "--clip-mask", root + "/inside", "--fail-on", "never"], in: root + "/outside")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/inside") == [".._inputs_sub_p3.clip.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/outside") == ["victim.png"])
    }
}
