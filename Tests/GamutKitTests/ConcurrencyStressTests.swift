import Foundation
import Testing
@testable import GamutKit

@Suite("Concurrency stress")
struct ConcurrencyStressTests {
    /// What one piece of work produced, compared between the serial and the concurrent runs.
    struct Outcome: Equatable, Sendable {
        var converted: [UInt8]
        var encoded: [UInt8]
        var outOfGamut: Int, visible: Int, maxDeltaE: Double, collapses: Int, gradients: Int
        var pairs: Int
    }

    static let images: [Image] = [
        AnalysisFixtures.redRamp(width: 300, rows: 6),
        AnalysisFixtures.twoGreens(width: 96),
        AnalysisFixtures.image(width: 200, rows: 10, profile: .displayP3) { x in [0.2, Double(x) / 199, 1 - Double(x) / 199] },
        AnalysisFixtures.image(width: 128, rows: 12, profile: .sRGB) { x in [Double(x) / 127, 0.5, 0.25] },
    ]

    static func work(_ index: Int, transform: ColorTransform) throws -> Outcome {
        let image = images[index % images.count]
        let converted = try transform.convert(image.pixels)
        let encoded = try PNG.encode(try image.converted(to: .sRGB))
        let analysis = try ImageAnalyzer.analyze(image, threads: index % 2 == 0 ? 1 : nil).analysis
        let colors = (0..<40).map {
            NamedColor(name: "c\($0)", profile: .displayP3, components: [0, 1 - Double($0) * 0.004, Double($0) * 0.003])
        }
        return Outcome(
            converted: converted.bytes, encoded: encoded, outOfGamut: analysis.outOfGamutPixels, visible: analysis.visiblyClippedPixels,
            maxDeltaE: analysis.maxDeltaE, collapses: analysis.collapseGroups.count, gradients: analysis.clippingGradients.count,
            pairs: try CollapseSearch.search(colors).pairs.count)
    }

    @Test("Conversions, encodes, analyses and catalog audits from 48 tasks sharing profiles and transforms match the serial run")
    func sharedWork() async throws {
        let transform = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16)
        let serial = try (0..<Self.images.count).map { try Self.work($0, transform: transform) }
        let serialAudit = try CatalogAuditor.audit([ExampleCatalogTests.catalog]).report.findings.map(\.message)
        let outcomes = try await withThrowingTaskGroup(of: (Int, Outcome?, [String]?).self) { group in
            for task in 0..<48 {
                group.addTask {
                    if task % 12 == 11 {
                        return (task, nil, try CatalogAuditor.audit([ExampleCatalogTests.catalog]).report.findings.map(\.message))
                    }
                    return (task, try Self.work(task, transform: transform), nil)
                }
            }
            var all: [(Int, Outcome?, [String]?)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(outcomes.count == 48)
        for (task, outcome, audit) in outcomes {
            if let outcome { #expect(outcome == serial[task % Self.images.count], "task \(task)") }
            if let audit { #expect(audit == serialAudit, "audit in task \(task)") }
        }
        #expect(serial.contains { $0.outOfGamut > 0 } && serial.contains { $0.collapses > 0 })
    }
}
