import Foundation
@testable import GamutKit
import Testing

/// `fix` against the automatic sRGB derivative (the clip Apple's match gives), on the corpus app whose art is P3.
@Suite("fix beats the automatic derivative")
struct FixVersusDerivativeTests {
    /// Mean ΔE00 over every other pixel between the source image and, per pixel, its clip to sRGB and the fixed variant.
    static func meanDifferences(source: Image, variant: Image) throws -> (clip: Double, fix: Double) {
        let clip = try DisplaySimulation(source: source.profile), shown = try DisplaySimulation(source: variant.profile)
        var (clipSum, fixSum, n) = (0.0, 0.0, 0)
        for y in stride(from: 0, to: source.height, by: 2) {
            for x in stride(from: 0, to: source.width, by: 2) {
                let e = clip.evaluate((0..<3).map { source.pixels.value(x: x, y: y, channel: $0) })
                let fixed = Lab(xyzD50: shown.sourceXYZ((0..<3).map { variant.pixels.value(x: x, y: y, channel: $0) }))
                clipSum += e.deltaE
                fixSum += CIEDE2000.difference(e.sourceLab, fixed)
                n += 1
            }
        }
        return (clipSum / Double(n), fixSum / Double(n))
    }

    @Test("After fix, the logo that vanished and the glow that flattened are gone from check; elsewhere fix stays within 0.5 of the clip")
    func fixAgainstClip() throws {
        let catalog = try RealAppCorpusTests.corpus() + "/Pulse/Pulse/Assets.xcassets"
        let fix = try CatalogFixer.plan(catalog, options: .advising)
        let created = fix.changes.filter { $0.kind == .created }
        // App icon sets hold no display-gamut variants: the icon gets none.
        #expect(!created.contains { $0.path.contains(".appiconset/") }, "\(created.map(\.path))")
        var measured: [String: (clip: Double, fix: Double)] = [:]
        for change in created {
            let source = try #require(change.conversion?.source)
            let original = try ImageFile.read(contentsOf: source).withIntegerSamples()
            let variant = try ImageFile.decode(try change.contents(), path: change.path).withIntegerSamples()
            #expect(variant.profile.name == ColorProfile.sRGB.name)
            measured[(source as NSString).lastPathComponent] = try Self.meanDifferences(source: original, variant: variant)
        }
        #expect(Set(measured.keys) == ["Logo.png", "Glow.png", "Accents.png", "TabHome.png", "Photo.png", "TextMask.png", "Sky.png"])
        // Where nothing collapses or flattens, the variant is as close to the source as the clip, to 0.5 ΔE00 (mean).
        for name in ["Accents.png", "TabHome.png", "Photo.png", "TextMask.png", "Sky.png"] {
            let m = try #require(measured[name])
            #expect(m.fix - m.clip <= 0.5, "\(name): fix \(m.fix), clip \(m.clip)")
        }
        try fix.apply()
        let after = try CatalogAuditor.audit([catalog], showAdvisory: true).report.findings.filter {
            ["Logo", "Glow"].contains($0.location.asset ?? "")
                && [RuleID.colorCollapse, .gradientClipping, .imageNeedsSRGBVariant].contains($0.ruleID)
        }
        #expect(after.isEmpty, "\(after.map(\.message))")
        if ProcessInfo.processInfo.environment["GAMUTKIT_PRINT_FIX"] != nil {
            for (name, m) in measured.sorted(by: { $0.key < $1.key }) {
                print(String(format: "%@: mean ΔE00 clip %.3f, fix %.3f", name, m.clip, m.fix))
            }
        }
    }
}
