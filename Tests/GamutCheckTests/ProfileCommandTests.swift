import Foundation
import GamutKit
import Testing

@Suite("gamut-check profile")
struct ProfileCommandTests {
    @Test("show prints a built-in as text")
    func showText() throws {
        let result = try CLI.run(["profile", "show", "display-p3"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Display P3\n"))
        #expect(result.stdout.contains("profile ID:   \(ColorProfile.displayP3.info.profileID)"))
        #expect(result.stdout.contains("parametric type 4"))
    }

    @Test("show --format json decodes to the library's ProfileInfo, for a file too")
    func showJSON() throws {
        let directory = CLI.temporaryDirectory()
        try ColorProfile.adobeRGB.write(to: directory + "/a.icc")
        let result = try CLI.run(["profile", "show", directory + "/a.icc", "--format", "json"])
        #expect(result.status == 0)
        let info = try JSONDecoder().decode(ProfileInfo.self, from: Data(result.stdout.utf8))
        #expect(info == ColorProfile.adobeRGB.info)
    }

    @Test("export writes the built-in's bytes")
    func export() throws {
        let directory = CLI.temporaryDirectory()
        let result = try CLI.run(["profile", "export", "srgb", "-o", directory + "/srgb.icc"])
        #expect(result.status == 0)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/srgb.icc"))) == ColorProfile.sRGB.data)
    }

    @Test(
        "Bad names and broken files exit 2",
        arguments: [
            ["profile", "show", "/nonexistent.icc"],
            ["profile", "export", "cmyk-fogra", "-o", "/tmp/x.icc"],
            ["profile", "show"],
        ])
    func errors(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2 && !result.stderr.isEmpty)
    }

    @Test("A truncated profile file is reported with its path")
    func truncatedFile() throws {
        let path = CLI.temporaryDirectory() + "/cut.icc"
        try Data(ColorProfile.displayP3.data.prefix(400)).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["profile", "show", path])
        #expect(result.status == 2 && result.stderr.contains(path) && result.stderr.contains("truncated"))
    }
}
