import Testing

@testable import GamutKit

/// `FindingBuilder.regionClusters`: findings of one rule whose regions overlap become one.
@Suite("Findings merged by region")
struct RegionClusterTests {
    @Test("Overlap is transitive; touching is not overlap; groups keep their items' order and come by their first item")
    func clusters() {
        let rects = [
            PixelRect(x: 0, y: 0, width: 10, height: 10),  // overlaps 2, which overlaps 3
            PixelRect(x: 200, y: 200, width: 5, height: 5),  // alone
            PixelRect(x: 8, y: 8, width: 100, height: 4),
            PixelRect(x: 100, y: 0, width: 4, height: 100),
            PixelRect(x: 10, y: 0, width: 10, height: 5),  // touches 0's right edge only: alone
        ]
        let groups = FindingBuilder.regionClusters(Array(rects.indices), bounds: { rects[$0] })
        #expect(groups == [[0, 2, 3], [1], [4]])
    }

    @Test("Thousands of small regions on a grid, each alone, and one across all of them: one group and the rest")
    func many() {
        var rects: [PixelRect] = []
        for y in 0..<100 { for x in 0..<100 { rects.append(PixelRect(x: x * 20, y: y * 10, width: 8, height: 4)) } }
        #expect(FindingBuilder.regionClusters(rects, bounds: { $0 }).count == 10_000)
        rects.append(PixelRect(x: 0, y: 2, width: 2_000, height: 1))  // crosses the first row of regions
        let groups = FindingBuilder.regionClusters(rects, bounds: { $0 })
        #expect(groups.count == 10_000 - 100 + 1)
        #expect(groups.first?.count == 101)
    }
}
