import Foundation
import GamutKit
import HarnessApp
import Testing

/// What an app team's test target does: audit the app's asset catalogs on every test run. A real app would call
/// `try CatalogTestHarness.verify(…)` and let the thrown `CatalogAuditFailure` fail the test; this example's catalog
/// has one seeded collapse, so the test checks that exactly that is reported.
@Test func assetCatalogReportsTheSeededCollapse() throws {
    // This file is Tests/HarnessAppTests/CatalogAuditTests.swift: three levels up is the package's folder.
    let catalogs = CatalogTestHarness.catalogs(under: "Sources/HarnessApp", relativeTo: #filePath, levelsUp: 3)
    try #require(catalogs.count == 1 && catalogs[0].hasSuffix("/Sources/HarnessApp/Assets.xcassets"))

    let failure = try #require(throws: CatalogAuditFailure.self) {
        _ = try CatalogTestHarness.verify(catalogs)
    }
    // Every finding at warning or above: exactly the one collapse, nothing else.
    try #require(failure.findings.count == 1, "\(failure)")
    let collapse = failure.findings[0]
    #expect(collapse.ruleID == .colorCollapse)
    #expect(collapse.ruleID.rawValue == "color-collapse")
    #expect(collapse.severity == .error)
    #expect(collapse.location.asset == Palette.statusAlert.assetName)
    #expect(collapse.message.contains(Palette.statusUrgent.assetName))
    #expect(collapse.location.file.hasSuffix("StatusAlert.colorset/Contents.json"))
    // Apart on P3 (ΔE00 ≥ 1), together on sRGB (ΔE00 < 1).
    #expect((collapse.values["sourceDeltaE"] ?? 0) >= 1)
    #expect((collapse.values["shownDeltaE"] ?? .infinity) < 1)
    // The failure's description is what Xcode and `swift test` print: path:line: error: message.
    #expect(failure.description.contains("1 error at or above warning"))
    #expect(failure.description.contains("StatusAlert.colorset/Contents.json:3: error:"))
}

/// The palette names every color set in the catalog, and the catalog has no other.
@Test func paletteMatchesTheCatalog() throws {
    let catalog = try #require(
        CatalogTestHarness.catalogs(under: "Sources/HarnessApp", relativeTo: #filePath, levelsUp: 3).first)
    let sets = try FileManager.default.contentsOfDirectory(atPath: catalog)
        .filter { $0.hasSuffix(".colorset") }.map { String($0.dropLast(".colorset".count)) }
    #expect(Set(sets) == Set(Palette.allCases.map(\.assetName)))
}
