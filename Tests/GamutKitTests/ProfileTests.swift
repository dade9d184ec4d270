import Foundation
@testable import GamutKit
import Testing

@Suite("Profiles")
struct ProfileTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Built-ins describe themselves", arguments: ColorProfile.BuiltIn.allCases)
    func inspection(which: ColorProfile.BuiltIn) throws {
        let info = ColorProfile.builtIn(which).info
        #expect(info.description == which.profileDescription)
        #expect(info.version == "4.4")  // what LittleCMS 2.14+ writes
        #expect(info.deviceClass == .display)
        #expect(info.pcs == .xyz)
        #expect(info.created == "2024-01-01T00:00:00Z")
        #expect(info.profileID != String(repeating: "0", count: 32))
        #expect(info.copyright?.isEmpty == false)
        if which.primaries != nil {
            #expect(info.colorSpace == .rgb && info.colorants.count == 3 && info.toneCurves.count == 3)
            #expect(info.isMatrixShaper && !info.hasLookupTables)
        } else {
            #expect(info.colorSpace == .gray && info.toneCurves.count == 1 && info.colorants.isEmpty)
        }
    }

    @Test("sRGB's curve is the IEC 61966-2-1 parametric curve (ICC type 4)")
    func sRGBCurve() throws {
        guard case .parametric(let type, let p) = ColorProfile.sRGB.info.toneCurves[0] else {
            Issue.record("sRGB curve is not parametric")
            return
        }
        #expect(type == 4)
        let expected = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        for (a, b) in zip(p, expected) { #expect(abs(a - b) < 1e-4) }
    }

    @Test("The same code writes the same bytes (fixed date, profile ID)")
    func deterministic() throws {
        let again = try ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3")
        #expect(again.data == ColorProfile.displayP3.data)
        let other = try ColorProfile(primaries: .displayP3, transfer: .sRGB, description: "Display P3 (copy)")
        #expect(other.info.profileID != ColorProfile.displayP3.info.profileID)
    }

    /// `Profiles/` ships the built-ins; set GAMUTKIT_REGENERATE_PROFILES=1 to rewrite them after a deliberate change.
    @Test("Shipped Profiles/*.icc are byte-identical to what the code makes", arguments: ColorProfile.BuiltIn.allCases)
    func shippedFiles(which: ColorProfile.BuiltIn) throws {
        let path = Self.repositoryRoot.appendingPathComponent("Profiles/\(which.fileName)").path
        if ProcessInfo.processInfo.environment["GAMUTKIT_REGENERATE_PROFILES"] == "1" {
            try ColorProfile.builtIn(which).write(to: path)
        }
        let shipped = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        #expect([UInt8](shipped) == ColorProfile.builtIn(which).data, "\(which.fileName) differs from the code's output")
    }

    /// The colorants must be the published primaries (sRGB: IEC 61966-2-1; Display P3: SMPTE EG 432-1;
    /// Adobe RGB (1998): Adobe's specification), scaled to the D65 white and Bradford-adapted to the ICC D50
    /// illuminant (ICC.1:2010 Annex E), then rounded to s15Fixed16.
    @Test(
        "Colorants are the published primaries, Bradford-adapted to D50, as s15Fixed16",
        arguments: [ColorProfile.BuiltIn.sRGB, .displayP3, .adobeRGB, .linearSRGB, .linearDisplayP3])
    func colorants(which: ColorProfile.BuiltIn) throws {
        let published: [ColorProfile.BuiltIn: [(Double, Double)]] = [
            .sRGB: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], .linearSRGB: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)],
            .displayP3: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)],
            .linearDisplayP3: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)],
            .adobeRGB: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)],
        ]
        let xy = published[which]!
        // Independent computation: RGB→XYZ from xy (Y of white = 1), then Bradford D65 → D50.
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let white = xyz((0.3127, 0.3290))
        let primaries = Matrix3(columns: xyz(xy[0]), xyz(xy[1]), xyz(xy[2]))
        let scale = primaries.inverse! * white
        let bradford = Matrix3([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
        let d50 = [0.9642, 1.0, 0.8249]
        let cone = (bradford * d50).enumerated().map { $1 / (bradford * white)[$0] }
        let adapt = bradford.inverse! * Matrix3.diagonal(cone) * bradford
        let expected = adapt * primaries * Matrix3.diagonal(scale)
        let colorants = ColorProfile.builtIn(which).info.colorants
        for (column, colorant) in colorants.enumerated() {
            let values = [colorant.x, colorant.y, colorant.z]
            for row in 0..<3 {
                // s15Fixed16 has a step of 1/65536; LittleCMS rounds to nearest.
                #expect(abs(values[row] - expected[row, column]) <= 1.0 / 65536, "\(which) colorant \(column) row \(row)")
            }
        }
    }

    @Test("Profile ID is the MD5 of the profile with flags, intent and ID zeroed (ICC.1:2010 7.2.18), checked with md5sum")
    func profileIDMatchesMD5() throws {
        let data = ColorProfile.displayP3.data
        var zeroed = data
        for range in [44..<48, 64..<68, 84..<100] { zeroed.replaceSubrange(range, with: [UInt8](repeating: 0, count: range.count)) }
        let directory = PNGFixtures.temporaryDirectory
        let path = directory + "/zeroed.icc"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(zeroed)))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["md5sum", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output.split(separator: " ").first.map(String.init) == ColorProfile.displayP3.info.profileID)
    }

    @Test("A loaded profile without an ID gets one when serialized; load from a file")
    func serializeLoaded() throws {
        var bytes = ColorProfile.sRGB.data
        bytes.replaceSubrange(84..<100, with: [UInt8](repeating: 0, count: 16))
        let loaded = try ColorProfile(data: bytes)
        #expect(loaded.info.profileID == String(repeating: "0", count: 32))
        let saved = try loaded.serialized()
        #expect(try ColorProfile(data: saved).info.profileID == ColorProfile.sRGB.info.profileID)
        let path = PNGFixtures.temporaryDirectory + "/p.icc"
        try loaded.write(to: path)
        #expect(try ColorProfile(contentsOf: path).info.profileID == ColorProfile.sRGB.info.profileID)
    }
}
