import Foundation
import Testing
@testable import GamutKit

/// Gradients of known span and length, in the colors P3 art clips most (toward P3 red and P3 green), measured two ways:
/// by the analyzer with its floors off, and by ``BandVisibility`` (S-CIELAB), the model the floors were set against.
/// `GAMUTKIT_MEASURE_FLOORS=1` prints the table.
enum FloorMeasurement {
    struct Ramp {
        var family: String
        /// Encoded P3 color at t.
        var color: @Sendable (Double) -> [Double]
        var t0: Double, t1: Double
        var length: Int
    }

    struct Row {
        var ramp: Ramp
        /// The analyzer's region with every floor off (nil: no flat run at all).
        var region: ClippingGradientRegion?
        /// ``BandVisibility/visibility(source:shown:pixelsPerDegree:)`` at 60 and 95 pixels per degree.
        var visibility60: Double, visibility95: Double
        var loss: Double { region.map { $0.sourceDeltaE - $0.shownDeltaE } ?? 0 }
    }

    static let families: [(String, @Sendable (Double) -> [Double])] = [
        ("red", { t in [1, t, t] }),
        ("green", { t in [t, 1, t] }),
        ("magenta", { t in [1, t, 1] }),
        ("cyan", { t in [t, 1, 1] }),
    ]

    /// A P3 image of `length` × 4 pixels whose rows run from color(t0) to color(t1).
    static func image(_ ramp: Ramp) -> Image {
        AnalysisFixtures.image(width: ramp.length, rows: 4, profile: .displayP3) { x in
            ramp.color(ramp.t0 + (ramp.t1 - ramp.t0) * Double(x) / Double(max(ramp.length - 1, 1)))
        }
    }

    /// The t at which the ramp from t0 has changed by `span` ΔE00 (bisection).
    static func t(for span: Double, from t0: Double, _ color: (Double) -> [Double], _ p3: DisplaySimulation) -> Double {
        let start = p3.evaluate(color(t0)).sourceLab
        var lo = t0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if CIEDE2000.difference(start, p3.evaluate(color(mid)).sourceLab) < span { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Settings with the gradient floors off (every flat run reported).
    static var floorsOff: AnalysisSettings {
        var s = AnalysisSettings()
        s.flattenedSourceChange = 0.01
        s.gradientMinimumLoss = 0
        s.gradientMinimumLength = 2
        return s
    }

    static func measure(_ ramp: Ramp) throws -> Row {
        let image = image(ramp)
        let region = try ImageAnalyzer.analyze(image, settings: floorsOff, threads: 1).analysis.clippingGradients.first
        let p3 = try DisplaySimulation(source: .displayP3), srgb = try DisplaySimulation(source: .sRGB)
        var source: [[Double]] = [], shown: [[Double]] = []
        for x in 0..<image.width {
            let encoded = (0..<3).map { image.pixels.value(x: x, y: 0, channel: $0) }
            source.append(p3.sourceXYZ(encoded))
            shown.append(srgb.sourceXYZ(p3.evaluate(encoded).shown.map { Double($0) / 255 }))
        }
        return Row(
            ramp: ramp, region: region, visibility60: BandVisibility.visibility(source: source, shown: shown, pixelsPerDegree: 60),
            visibility95: BandVisibility.visibility(source: source, shown: shown, pixelsPerDegree: 95))
    }

    /// The grid: each family from its saturated end, spans 0.5…10 ΔE00, lengths 4…256 pixels.
    static let spans = [0.5, 1, 1.1, 1.25, 1.5, 1.6, 1.7, 1.8, 1.9, 2.1, 2.25, 2.4, 2.6, 3, 4, 5, 7, 10]
    static let lengths = [4, 6, 8, 10, 12, 14, 16, 24, 32, 64, 128, 256]

    static func grid(spans: [Double] = spans, lengths: [Int] = lengths) throws -> [Ramp] {
        let p3 = try DisplaySimulation(source: .displayP3)
        var ramps: [Ramp] = []
        for (family, color) in families {
            for span in spans {
                let t1 = t(for: span, from: 0, color, p3)
                for length in lengths { ramps.append(Ramp(family: family, color: color, t0: 0, t1: t1, length: length)) }
            }
        }
        return ramps
    }

    /// One line per family and span: the model's visibility at each length, `*` where the analyzer (floors off) found
    /// a flat run, `!` where it reports one with the default floors.
    static func compact(_ rows: [Row]) throws -> String {
        var text = "family   span | " + lengths.map { String(format: "%7d", $0) }.joined() + "   (V at 60 px/°; * flat run, ! reported)\n"
        var i = 0
        while i < rows.count {
            let line = rows[i..<min(i + lengths.count, rows.count)]
            let span = line.compactMap(\.region).first.map { $0.sourceDeltaE } ?? 0
            text += String(format: "%-7@ %5.2f | ", line.first!.ramp.family, span)
            for r in line {
                let reported = try !ImageAnalyzer.analyze(image(r.ramp), threads: 1).analysis.clippingGradients.isEmpty
                text += String(format: "%5.2f%@%@", r.visibility60, r.region == nil ? " " : "*", reported ? "!" : " ")
            }
            text += "\n"
            i += lengths.count
        }
        return text
    }

    static func table(_ rows: [Row]) -> String {
        var text = "family     t1  length |  run  spanΔE shownΔE  lossΔE | V(60 ppd) V(95 ppd) | reported\n"
        for r in rows {
            let region =
                r.region.map { String(format: "%4d  %6.2f  %6.2f  %6.2f", $0.longestRun, $0.sourceDeltaE, $0.shownDeltaE, r.loss) }
                ?? "   –       –       –       –"
            let reported = (try? ImageAnalyzer.analyze(image(r.ramp), threads: 1).analysis.clippingGradients.isEmpty == false) == true
            text += String(
                format: "%-6@ %6.3f  %6d | %@ |    %6.2f    %6.2f | %@\n", r.ramp.family, r.ramp.t1, r.ramp.length, region,
                r.visibility60, r.visibility95, reported ? "yes" : "no")
        }
        return text
    }
}

@Suite("Perceptual floors: gradient clipping")
struct GradientFloorTests {
    /// The band model gives a visibility in ΔE00 (1.0 is one just-noticeable difference) for each ramp; the floors
    /// (span and loss ≥ 2.0 ΔE00, ≥ 8 px) must agree with it where it is clear. Between 0.65 and 1.5 either answer is
    /// accepted: the model is one viewing condition (60 px/°) and one observer model, and hues differ (cyan bands,
    /// carried by the blurrier blue–yellow channel, need about twice the length of red ones to show as much).
    @Test(
        "The gradient floors agree with the S-CIELAB band model over 4 hues, spans 0.5–10 ΔE00 and lengths 4–256 px",
        .enabled(if: SlowTests.enabled, "slow: GAMUTKIT_SLOW_TESTS=1 (.ci/run) runs it"))
    func floorsMatchModel() throws {
        let rows = try FloorMeasurement.grid().map(FloorMeasurement.measure)
        if ProcessInfo.processInfo.environment["GAMUTKIT_MEASURE_FLOORS"] == "1" { print(try FloorMeasurement.compact(rows)) }
        if let path = ProcessInfo.processInfo.environment["GAMUTKIT_MEASURE_CSV"] {
            let csv = rows.map { r in
                "\(r.ramp.family),\(r.ramp.length),\(r.region?.longestRun ?? 0),\(r.region?.sourceDeltaE ?? 0),\(r.region?.shownDeltaE ?? 0),\(r.visibility60),\(r.visibility95)"
            }
            try (["family,length,run,span,shown,v60,v95"] + csv).joined(separator: "\n").write(
                toFile: path, atomically: true, encoding: .utf8)
        }
        var reportedCount = 0, clearlyVisible = 0, invisible = 0
        for row in rows {
            let reported = try !ImageAnalyzer.analyze(FloorMeasurement.image(row.ramp), threads: 1).analysis.clippingGradients.isEmpty
            if reported {
                reportedCount += 1
                #expect(
                    row.visibility60 >= 0.65,
                    "\(row.ramp.family) to t=\(row.ramp.t1), \(row.ramp.length) px: reported, but V \(row.visibility60)")
            }
            if let region = row.region, region.longestRun >= AnalysisSettings().gradientMinimumLength, row.visibility60 >= 1.5 {
                clearlyVisible += 1
                #expect(reported, "\(row.ramp.family) to t=\(row.ramp.t1), \(row.ramp.length) px: V \(row.visibility60), not reported")
            }
            if row.region != nil && row.visibility60 < 0.65 { invisible += 1 }
        }
        // The grid exercises both sides: many flat runs nobody sees, many everybody does.
        #expect(reportedCount > 150 && clearlyVisible > 100 && invisible > 120, "\(reportedCount) \(clearlyVisible) \(invisible)")
    }

    @Test("A gradient spanning ΔE00 1.1 (as the real apps' were) is not reported at any length or hue; without the floors it was")
    func realAppNoise() throws {
        let p3 = try DisplaySimulation(source: .displayP3)
        var old = AnalysisSettings()
        old.flattenedSourceChange = 1.0
        old.gradientMinimumLoss = 0
        for (family, color) in FloorMeasurement.families {
            let t1 = FloorMeasurement.t(for: 1.1, from: 0, color, p3)
            for length in [16, 64, 256] {
                let image = FloorMeasurement.image(.init(family: family, color: color, t0: 0, t1: t1, length: length))
                #expect(try ImageAnalyzer.analyze(image).analysis.clippingGradients.isEmpty, "\(family) \(length) px")
                #expect(
                    try !ImageAnalyzer.analyze(image, settings: old).analysis.clippingGradients.isEmpty,
                    "\(family) \(length) px, old floors")
            }
        }
    }

    @Test("A visibly clipped gradient still is: the P3 red ramp of Examples/p3-assets.png, and the same ramp 32 px long")
    func visibleStillReported() throws {
        let analysis = try ImageAnalyzer.analyze(ExampleImages.p3Assets()).analysis
        let region = try #require(analysis.clippingGradients.first)
        #expect(region.direction == .rows && region.bounds.y == 0 && region.bounds.height == 64)
        #expect(region.longestRun == 77 && region.sourceDeltaE > 7 && region.shownDeltaE < 0.1)
        let short = AnalysisFixtures.redRamp(width: 32 * 7, rows: 4)  // the flat stretch near red is about 32 px
        #expect(try !ImageAnalyzer.analyze(short).analysis.clippingGradients.isEmpty)
    }
}

/// Icons as drawing tools rasterize them: shapes over a background, their edges antialiased (4×4 supersampled coverage,
/// blended in encoded values as Core Graphics and most editors blend).
enum IconFixtures {
    /// A Display P3 16-bit RGB image of `size`² pixels: `background`, then each shape's color where it covers the pixel.
    static func icon(size: Int, background: [Double], shapes: [(color: [Double], covers: (Double, Double) -> Bool)]) -> Image {
        var samples = [UInt16](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                var color = background
                for shape in shapes {
                    var covered = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 where shape.covers(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                            covered += 1
                        }
                    }
                    let a = Double(covered) / 16
                    color = (0..<3).map { color[$0] * (1 - a) + shape.color[$0] * a }
                }
                for c in 0..<3 { samples[(y * size + x) * 3 + c] = UInt16((color[c] * 65535).rounded()) }
            }
        }
        return Image(pixels: try! PixelBuffer(width: size, height: size, layout: .rgb, samples: samples), profile: .displayP3)
    }

    static func disc(cx: Double, cy: Double, r: Double) -> (Double, Double) -> Bool {
        { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r }
    }
    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (Double, Double) -> Bool {
        { x, y in x >= x0 && x < x1 && y >= y0 && y < y1 }
    }
}

@Suite("Perceptual floors: collapse inside images")
struct ImageCollapseFloorTests {
    /// Settings as they were before the floors: any source color of 16 pixels counted, edge or not.
    static var edgesCounted: AnalysisSettings {
        var s = AnalysisSettings()
        s.collapseMinimumArea = 0
        s.collapseMaximumEdgeFraction = 1
        return s
    }

    @Test("A P3 green disc on white, antialiased: its edge blends clip onto the green, and that is not a collapse (it was)")
    func antialiasedEdgeIsNotCollapse() throws {
        let icon = IconFixtures.icon(size: 512, background: [1, 1, 1], shapes: [([0, 1, 0], IconFixtures.disc(cx: 256, cy: 256, r: 180))])
        let before = try ImageAnalyzer.analyze(icon, settings: Self.edgesCounted).analysis
        #expect(
            !before.collapseGroups.isEmpty, "the edge blends must collapse onto the green without the floors, or this test proves nothing")
        let after = try ImageAnalyzer.analyze(icon).analysis
        #expect(after.collapseGroups.isEmpty, "\(after.collapseGroups.map { ($0.pixelCount, $0.sourceDeltaE) })")
        // The green itself is still out of gamut and visibly clipped: only the collapse verdict changed.
        #expect(after.outOfGamutPixels > 90_000)
    }

    @Test("Two P3 greens as shapes of an icon, antialiased against white and each other, still collapse")
    func distinctShapesStillCollapse() throws {
        let icon = IconFixtures.icon(
            size: 512, background: [1, 1, 1],
            shapes: [
                ([0, 1, 0], IconFixtures.disc(cx: 180, cy: 256, r: 120)),
                ([0.1, 0.98, 0.15], IconFixtures.disc(cx: 340, cy: 256, r: 110)),
            ])
        let analysis = try ImageAnalyzer.analyze(icon).analysis
        let group = try #require(analysis.collapseGroups.first)
        #expect(analysis.collapseGroups.count == 1)
        #expect(group.sourceDeltaE > 1.5 && group.shownDeltaE < 1)
    }

    @Test("A distinct color on less than 0.1% of the image is not judged; at 0.2% it is")
    func smallAreaIgnored() throws {
        func icon(side: Double) -> Image {
            IconFixtures.icon(
                size: 512, background: [1, 1, 1],
                shapes: [
                    ([0, 1, 0], IconFixtures.rect(16, 16, 496, 256)),
                    ([0.1, 0.98, 0.15], IconFixtures.rect(64, 300, 64 + side, 300 + side)),
                ])
        }
        // 512² = 262,144 counted pixels; 0.1% is 263.
        #expect(try ImageAnalyzer.analyze(icon(side: 14)).analysis.collapseGroups.isEmpty)  // 196 px
        #expect(try !ImageAnalyzer.analyze(icon(side: 14), settings: Self.edgesCounted).analysis.collapseGroups.isEmpty)
        #expect(try ImageAnalyzer.analyze(icon(side: 24)).analysis.collapseGroups.count == 1)  // 576 px
    }
}
