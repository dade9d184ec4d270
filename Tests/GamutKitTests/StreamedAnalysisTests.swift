import Foundation
import Testing

@testable import GamutKit

/// The analysis of a PNG run on its rows as libspng decodes them (what `gamut-check check` does) against the analysis
/// of the whole decoded image (what the library's ``ImageAnalyzer/analyze(_:target:settings:includeClipMask:threads:)``
/// does): the same findings, numbers, warnings and clip mask, on files other encoders wrote and on generated images whose
/// chunk boundaries fall everywhere.
@Suite("Streamed analysis")
struct FileAnalysisTests {
    /// Everything an analysis says, as text (every stored property, nested ones included), and its clip mask's bytes.
    static func summary(_ output: ImageAnalyzer.Output) -> (text: String, mask: [UInt8]?) {
        (String(describing: output.analysis), output.clipMask?.pixels.bytes)
    }

    /// The streamed analysis of the PNG file at `path` (decoded from the file) and the whole-image one (of its bytes read
    /// whole), compared. Returns false when the file takes the whole-image path (nil from the streamed path).
    static func compare(
        path: String, threads: Int?, settings: AnalysisSettings = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let target = ColorProfile.sRGB
        let file = try #require(try PNGFile(path, maximumSize: 1 << 30), sourceLocation: sourceLocation)
        #expect(file.head == Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(16)), sourceLocation: sourceLocation)
        guard
            let streamed = try AnalysisPipeline.analyzePNG(
                file, options: .init(), target: target, settings: settings, includeClipMask: true, threads: threads,
                keepCells: true)
        else { return false }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageFile.decode(bytes, path: path).withIntegerSamples()
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: target,
            settings: settings)
        let whole = try AnalysisPipeline.analyze(
            image, pass: pass, target: target.name, includeClipMask: true,
            workers: Bands.cores(pixels: image.width * image.height, threads: threads), keepCells: true)
        // The cells (counts, interior counts, first pixels, bounds) show in findings only when they cross a threshold.
        let (cells, wholeCells) = (streamed.output.cells ?? [], whole.cells ?? [])
        let firstDifference = zip(cells, wholeCells).first { $0 != $1 }
        #expect(
            cells.count == wholeCells.count && firstDifference == nil,
            "\(path): \(cells.count) vs \(wholeCells.count) cells, first difference \(String(describing: firstDifference))",
            sourceLocation: sourceLocation)
        let (a, b) = (summary(streamed.output), summary(whole))
        #expect(a.text == b.text, "\(path)", sourceLocation: sourceLocation)
        #expect(a.mask == b.mask, "\(path): clip mask", sourceLocation: sourceLocation)
        #expect(streamed.warnings == image.warnings, "\(path)", sourceLocation: sourceLocation)
        #expect(streamed.profile.name == image.profile.name, "\(path)", sourceLocation: sourceLocation)
        return true
    }

    @Test("PngSuite and libpng's test images: the same analysis, warnings and clip mask as the whole image")
    func conformanceFiles() throws {
        var streamed = 0, refused = 0, whole = 0
        for file in PNGConformanceTests.Fixture.readFiles + PNGConformanceTests.Fixture.crasherFiles {
            let bytes = try PNGConformanceTests.Fixture.bytes(file)
            do {
                if try Self.compare(path: PNGConformanceTests.Fixture.path(file), threads: nil) { streamed += 1 } else { whole += 1 }
            } catch let error as GamutError {
                // A file the streamed path refuses is refused by the whole-image path too, or read there with a warning
                // (damage confined to ancillary chunks), as the checker does when streaming says invalidPNG.
                refused += 1
                if let image = try? ImageFile.decode(bytes, path: file) {
                    #expect(error.code == .invalidPNG, "\(file): \(error)")
                    #expect(image.warnings.contains { $0.contains("damaged ancillary data") }, "\(file)")
                }
            }
        }
        // Non-interlaced, non-palette files stream; the rest take the whole-image path.
        #expect(streamed >= 90 && whole >= 40 && refused >= 3, "streamed \(streamed), whole-image path \(whole), refused \(refused)")
    }

    @Test(
        "Generated P3 images: chunk boundaries anywhere, alpha, 8 and 16 bits, any number of threads",
        arguments: [
            // Chunks of 2¹⁵ pixels' rows, 4 to 16 of them (AnalysisPipeline.rowsPerChunk).
            (width: 2100, height: 31, sixteenBit: true, alpha: false),  // 15-row chunks, the last one row high
            (width: 2100, height: 18, sixteenBit: false, alpha: true),  // 15 + 3
            (width: 333, height: 33, sixteenBit: true, alpha: true),  // 16-row chunks, the last one row high
            (width: 40_000, height: 5, sixteenBit: true, alpha: false),  // 4-row chunks, the last one row high
            (width: 97, height: 1, sixteenBit: false, alpha: false),
        ])
    func generated(shape: (width: Int, height: Int, sixteenBit: Bool, alpha: Bool)) throws {
        let image = AnalysisFixtures.patchwork(
            width: shape.width, height: shape.height, sixteenBit: shape.sixteenBit, alpha: shape.alpha, seed: UInt64(shape.width))
        let path = TestScratch.folder("streamed-generated") + "/patchwork.png"
        try Data(try PNG.encode(image)).write(to: URL(fileURLWithPath: path))
        // Single-line runs count as gradients here, so that runs crossing chunk boundaries are compared too (the
        // patchwork's noise leaves no gradient of four lines).
        var settings = AnalysisSettings()
        (settings.gradientMinimumLines, settings.gradientMinimumSteps) = (1, 1)
        for threads in [1, 3, nil] {
            #expect(try Self.compare(path: path, threads: threads, settings: settings))
        }
        let streamed = try AnalysisPipeline.analyzePNG(
            try #require(try PNGFile(path, maximumSize: 1 << 30)), options: .init(), target: .sRGB, settings: settings,
            includeClipMask: false, threads: 1)
        let analysis = try #require(streamed).output.analysis
        // Not a vacuous comparison: every part of the analysis has something to say about these images.
        #expect(analysis.outOfGamutPixels > analysis.countedPixels / 2)
        if shape.height >= 30 && shape.width >= 200 {
            #expect(!analysis.collapseGroups.isEmpty)
            // Transparent diagonals cut every run.
            #expect(analysis.clippingGradients.isEmpty == shape.alpha)
        }
    }

    @Test("The checker reads a PNG on the streamed path and still reports a truncated one as unreadable, naming it")
    func checkerUsesStream() throws {
        let folder = TestScratch.folder("streamed-check")
        let image = AnalysisFixtures.patchwork(width: 500, height: 300, sixteenBit: true, alpha: false, seed: 9)
        let bytes = try PNG.encode(image)
        let good = folder + "/good.png", cut = folder + "/cut.png"
        try Data(bytes).write(to: URL(fileURLWithPath: good))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut))
        let report = try AssetChecker.check([good, cut])
        let whole = try ImageAnalyzer.analyze(image).analysis
        let checked = try #require(report.files.first { $0.path == good }?.analysis)
        #expect(String(describing: checked) == String(describing: whole))
        let unreadable = try #require(report.files.first { $0.path == cut })
        #expect(unreadable.analysis == nil)
        #expect(unreadable.findings.map(\.ruleID) == [.unreadable])
        #expect(unreadable.findings.first?.location.file == cut)
    }

    @Test("ImageAnalyzer.analyze(contentsOf:) gives the decoded image's analysis and names a file it can't read")
    func analyzeFile() throws {
        let folder = TestScratch.folder("analyze-file")
        let image = AnalysisFixtures.patchwork(width: 300, height: 90, sixteenBit: false, alpha: true, seed: 4)
        let path = folder + "/patchwork.png"
        try Data(try PNG.encode(image)).write(to: URL(fileURLWithPath: path))
        let fromFile = try ImageAnalyzer.analyze(contentsOf: path, includeClipMask: true)
        let fromImage = try ImageAnalyzer.analyze(image, includeClipMask: true)
        #expect(String(describing: fromFile.analysis) == String(describing: fromImage.analysis))
        #expect(fromFile.clipMask?.pixels.bytes == fromImage.clipMask?.pixels.bytes)
        #expect(fromFile.analysis.outOfGamutPixels > 0)
        let missing = folder + "/missing.png"
        #expect { try ImageAnalyzer.analyze(contentsOf: missing) } throws: { ($0 as? GamutError)?.path == missing }
    }

    @Test("An image with more collapse cells than the budget keeps its largest ones, the same whatever the threads")
    func cellBudget() throws {
        let image = AnalysisFixtures.patchwork(width: 400, height: 300, sixteenBit: true, alpha: false, seed: 11)
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: .sRGB,
            settings: .init())
        func run(workers: Int, budget: Int?) throws -> ImageAnalyzer.Output {
            try AnalysisPipeline.analyze(
                image, pass: pass, target: "sRGB", includeClipMask: false, workers: workers, keepCells: true, cellBudget: budget)
        }
        let unlimited = try run(workers: 2, budget: .max)
        let all = try #require(unlimited.cells)
        // An image within the budget keeps every cell (its chunks share cells, so a prune counting a chunk's cells
        // rather than the new ones among them would drop some).
        for workers in [1, 2] {
            #expect(try run(workers: workers, budget: all.count).cells == all, "workers \(workers)")
        }
        let budget = 3000
        #expect(all.count > 2 * budget, "the image must overflow the budget: \(all.count) cells")
        let bounded = try (1...3).map { try run(workers: $0, budget: budget) }
        for output in bounded.dropFirst() {
            #expect(output.cells == bounded[0].cells)
            #expect(String(describing: output.analysis) == String(describing: bounded[0].analysis))
        }
        let kept = try #require(bounded[0].cells)
        #expect(kept.count <= budget && kept.count > budget / 4)
        // Kept cells are cells of the whole image with at most its pixels (earlier pixels of a cell dropped while small
        // are not counted again), and the largest cells are all kept whole.
        let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
        #expect(kept.allSatisfy { cell in byKey[cell.key].map { $0.count >= cell.count } ?? false })
        let largest = all.sorted { $0.count > $1.count }.prefix(50)
        let keptByKey = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0) })
        #expect(largest.allSatisfy { keptByKey[$0.key]?.count == $0.count })
        // Counting, clipping and gradients don't use the cells: unchanged.
        #expect(bounded[0].analysis.outOfGamutPixels == unlimited.analysis.outOfGamutPixels)
        #expect(bounded[0].analysis.clippingGradients == unlimited.analysis.clippingGradients)
    }
}
