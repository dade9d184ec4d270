import Dispatch
import Foundation
import Synchronization

/// Runs a ``PixelPass`` over an image in chunks of rows on several workers, while a sequencer takes the finished chunks
/// in order for what needs the rows in order: the runs down columns, the ΔE00 sum and the clip mask. Chunks come from an
/// image in memory (``analyze(_:pass:target:includeClipMask:workers:)``) or from a decoder as it decodes
/// (``ImageAnalyzer`` on a PNG file), so the analysis itself holds a few chunks of rows, never a copy of the image.
///
/// Results don't depend on how many workers ran or which chunk each ran: chunk boundaries depend on the image only,
/// counts add up, ties of the worst pixel go to the first in reading order, and each chunk's collapse cells and ΔE00
/// sum are added in chunk order. Nor on which emptied cell table the pipeline was handed (``CellTablePool``).
///
/// Memory is bounded whatever the image: the collapse cells (one per display code and 1 ΔE76 source cell, out of
/// gamut or at the gamut's edge) are kept in one table of at most `cellBudget` cells, 1 for every 64 pixels (65,536 at
/// least; about 1.5 bytes a pixel). An image with more, nearly all of its colors different (noise, a photograph of foliage), keeps
/// its largest cells: the cells of fewer pixels than a threshold, the smallest power of two that frees half the table,
/// are dropped, before merging a chunk's cells would take the table past the budget (when it holds more than half of
/// it) and after a merge that did, in chunk order, so the same ones whatever the threads; an image within the budget
/// keeps every cell, and the table never holds more than the budget and one chunk's cells. Only cells of many pixels can make a collapse finding; the dropped ones no longer count in the
/// collapse groups' pixels.
///
/// `@unchecked Sendable`: the sequencer's state is touched only by the thread holding the sequencing turn (handed over
/// under `queue`'s lock); everything else is immutable or behind a lock.
final class AnalysisPipeline: @unchecked Sendable {
    let pass: PixelPass
    let scan: GradientScan
    let rowsPerChunk: Int
    let chunkCount: Int
    let buffers: ChunkPool

    /// A chunk the pass has run: its codes, its ΔE00 sum and the runs found along its rows.
    struct Finished {
        let chunk: RowChunk
        let storage: ChunkStorage
        let sum: Double
        let runs: [GradientScan.Run]
        let cells: [CellTable.Entry]
    }

    private struct Queue {
        var ready: [Int: Finished] = [:]
        var next = 0
        var sequencing = false
    }
    private let queue = Locked(Queue())
    // The sequencer's state.
    private let columns: GradientScan.Columns
    private var rowRuns: [GradientScan.Run] = []
    private var sum = 0.0
    private var cells = CellTable()
    /// The most slots its table needs: room for the budget and one chunk's cells, and no more cells than pixels.
    private let maximumSlots: Int
    private let mask: UnsafeMutableBufferPointer<UInt8>?
    /// The most collapse cells kept (see above).
    let cellBudget: Int
    /// Whether the chunks' pixels are only counted: when no pixel can leave the target's gamut
    /// (``PixelPass/insideTarget``), nothing can clip, collapse (a cluster holds an out-of-gamut code) or flatten (a run
    /// is of out-of-gamut pixels), so the analysis is its counted pixels. Not with a clip mask (which shows every
    /// pixel's code) or when the cells are kept (tests, which see the in-gamut edge cells the pass would add).
    let countsOnly: Bool
    private let keepCells: Bool
    private let tables: CellTablePool

    /// Idle workers' states.
    private let idle = Locked<[WorkerState]>([])

    /// A pipeline for `pass`, with room for `workers` chunks being run at once; `streamed`: chunks carry their own rows.
    /// - Parameter keepCells: include the cell table in the output (for tests: interior counts and first pixels show in
    ///   findings only when they cross a threshold).
    /// - Parameter tables: where the collapse-cell table comes from and goes back to.
    init(
        pass: PixelPass, includeClipMask: Bool, workers: Int, streamed: Bool, cellBudget: Int? = nil, keepCells: Bool = false,
        tables: CellTablePool = .shared
    ) {
        self.pass = pass
        self.tables = tables
        self.keepCells = keepCells
        countsOnly = pass.insideTarget && !includeClipMask && !keepCells
        self.cellBudget = cellBudget ?? max(1 << 16, pass.width * pass.height / 64)
        scan = GradientScan(pass: pass)
        // About 32 K pixels per chunk (8 rows of a 4K image): enough that per-chunk work dwarfs its handing over, few
        // enough that the chunk's collapse cells (up to one per pixel) mostly stay in a core's L2 cache while the pass
        // adds to them (chunks of 128 K pixels took about 4% more CPU on the Catalog benchmark's saturated images).
        rowsPerChunk = max(4, min(16, (1 << 15) / max(1, pass.width)))
        chunkCount = (pass.height + rowsPerChunk - 1) / rowsPerChunk
        // Every worker's chunk, the chunk being decoded and the one waiting for its next row (streamed), and one more.
        // Finished chunks waiting for an earlier one hold theirs too; the earliest is always running, so taking one
        // only waits for it.
        buffers = ChunkPool(
            count: workers + 3, pixels: rowsPerChunk * pass.width,
            rowBytes: streamed ? pass.width * pass.channels * (pass.reader.sixteenBit ? 2 : 1) : 0, rows: rowsPerChunk + 2)
        columns = GradientScan.Columns(width: pass.width)
        let pixels = pass.width * pass.height  // the budget may be `.max`
        maximumSlots = CellTable.slotCount(for: min(pixels, min(self.cellBudget, pixels) + rowsPerChunk * pass.width))
        if includeClipMask {
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pass.width * pass.height * 4)
            bytes.initialize(repeating: 0)
            mask = bytes
        } else {
            mask = nil
        }
    }

    deinit {
        mask?.deallocate()
        var table = CellTable(capacity: 0)
        swap(&table, &cells)  // moved out, not copied: emptying a copy would copy its slots first
        tables.give(consume table)
    }

    /// The rows of chunk `index`.
    func rows(of index: Int) -> Range<Int> {
        index * rowsPerChunk..<min(pass.height, (index + 1) * rowsPerChunk)
    }

    // MARK: Workers

    /// A worker's state, for one thread at a time.
    final class WorkerState: @unchecked Sendable {
        var tally: WorkerTally
        init(width: Int) { tally = WorkerTally(bins: PixelPass.histogramBins, width: width) }
        deinit { tally.deallocate() }
    }

    /// An idle worker's state, or a new one.
    func takeWorker() -> WorkerState {
        idle.withLock { $0.popLast() } ?? WorkerState(width: pass.width)
    }

    func returnWorker(_ worker: WorkerState) { idle.withLock { $0.append(worker) } }

    /// Runs the pass over `chunk` into `storage`, then hands it to the sequencer.
    func run(_ chunk: RowChunk, storage: ChunkStorage, worker: WorkerState) {
        if countsOnly {
            worker.tally.result.counted += pass.countedPixels(chunk)
            submit(Finished(chunk: chunk, storage: storage, sum: 0, runs: [], cells: []))
            return
        }
        let codes = storage.codes
        let sum = pass.runChunk(chunk, output: codes, outside: storage.outside, tally: &worker.tally)
        let cells = worker.tally.cells.drain()
        var runs: [GradientScan.Run] = []
        // A run is of out-of-gamut pixels: a row without one has none.
        for y in chunk.rows where storage.outside[y - chunk.rows.lowerBound] > 0 {
            scan.scanRow(chunk.row(y), y: y, codes: codes.row(y - chunk.rows.lowerBound, width: pass.width), into: &runs)
        }
        submit(Finished(chunk: chunk, storage: storage, sum: sum, runs: runs, cells: cells))
    }

    // MARK: The sequencer

    /// Queues a finished chunk; the thread that finds the next chunk in order ready takes the sequencing turn and
    /// sequences every chunk ready in order, then gives the turn back.
    private func submit(_ finished: Finished) {
        let turn = queue.withLock { queue -> Bool in
            queue.ready[finished.chunk.index] = finished
            guard !queue.sequencing else { return false }
            queue.sequencing = true
            return true
        }
        guard turn else { return }
        while true {
            let next = queue.withLock { queue -> Finished? in
                if let next = queue.ready.removeValue(forKey: queue.next) {
                    queue.next += 1
                    return next
                }
                queue.sequencing = false
                return nil
            }
            guard let next else { return }
            sequence(next)
        }
    }

    private func sequence(_ finished: Finished) {
        sum += finished.sum
        rowRuns += finished.runs
        // Pruned before a merge that would take the table past the budget (counting only the chunk's cells it doesn't
        // hold yet, so an image within the budget is never pruned), when it holds more than half of it: so it never
        // holds more than the budget and a chunk's cells besides. And after a merge that passed the budget.
        if cells.used > cellBudget / 2, cells.used + finished.cells.count > cellBudget,
            cells.used + finished.cells.reduce(0, { $0 + (cells.contains($1.key) ? 0 : 1) }) > cellBudget
        {
            cells.keepLargest(atMost: cellBudget / 2)
        }
        // A table the merge would grow is traded for the largest kept one it may take (which grows in turn if need be).
        if !cells.hasRoom(for: finished.cells.count), var larger = tables.take(slots: 2 * cells.slots.count, atMost: maximumSlots) {
            larger.merge(cells.drain())
            swap(&larger, &cells)
            tables.give(consume larger)
        }
        cells.merge(finished.cells)
        if cells.used > cellBudget { cells.keepLargest(atMost: cellBudget / 2) }
        let chunk = finished.chunk, width = pass.width
        if !countsOnly {
            for y in chunk.rows {
                let codes = finished.storage.codes.row(y - chunk.rows.lowerBound, width: width)
                // A row without out-of-gamut pixels only ends the columns' runs: nothing to do when none is open.
                if finished.storage.outside[y - chunk.rows.lowerBound] > 0 || columns.open > 0 {
                    scan.scanColumns(chunk.row(y), y: y, codes: codes, into: columns)
                }
                if let mask { pass.clipMaskRow(codes.pointer, into: mask.baseAddress! + y * width * 4) }
            }
        }
        buffers.give(finished.storage)
    }

    // MARK: The result

    /// The analysis, once every chunk has been sequenced and every worker is done.
    func output(sourceProfile: String, targetProfile: String) throws(GamutError) -> ImageAnalyzer.Output {
        // Each worker's result is merged and dropped in turn, so the first table merged into is never copied.
        var workers = idle.withLock { idle in
            defer { idle = [] }
            return idle
        }
        var total = PixelPass.Totals(bins: PixelPass.histogramBins)
        while let worker = workers.popLast() { total.merge(pass.finish(&worker.tally)) }
        scan.finishColumns(columns)
        let regions = scan.regions(rows: rowRuns, columns: columns.runs)
        // One problem, one finding: a cluster that mostly lies on a flattened gradient is that gradient's clipping,
        // reported as the gradient; a gradient that mostly lies on a collapse and runs from one of its colors to the
        // other is a soft edge between them, reported with the collapse.
        let entries = cells.all
        var collapses = pass.collapseGroups(PixelPass.groups(entries), counted: total.counted).filter { group in
            !regions.contains { 2 * $0.bounds.intersectionArea(group.bounds) >= group.bounds.width * group.bounds.height }
        }
        let gradients = regions.filter { region in
            let edge = collapses.firstIndex { group in
                guard 2 * region.bounds.intersectionArea(group.bounds) >= region.bounds.width * region.bounds.height,
                    region.ends.count == 2
                else { return false }
                let (from, to) = (region.ends[0], region.ends[1])
                let near = 2 * pass.settings.collapseSource
                func close(_ a: Lab, _ b: Lab) -> Bool { CIEDE2000.difference(a, b) < near }
                return (close(from, group.firstLab) && close(to, group.secondLab))
                    || (close(from, group.secondLab) && close(to, group.firstLab))
            }
            guard let edge else { return true }
            collapses[edge].flattenedEdges += 1
            return false
        }
        // Hue only matters for a visible-clipping finding, which needs enough visibly clipped pixels.
        let hue =
            countsOnly || total.visible < pass.settings.visibleClipMinimumPixels ? (pixels: 0, largest: 0.0) : pass.hueShifts(entries)
        var analysis = ImageAnalysis(
            width: pass.width, height: pass.height, sourceProfile: sourceProfile, targetProfile: targetProfile,
            countedPixels: total.counted, outOfGamutPixels: total.outOfGamut, visiblyClippedPixels: total.visible,
            maxDeltaE: total.worst?.deltaE ?? 0,
            meanDeltaE: total.outOfGamut == 0 ? 0 : sum / Double(total.outOfGamut),
            p95DeltaE: PixelPass.percentile(total.histogram, 0.95),
            worst: total.worst, visiblyClippedBounds: total.visibleBounds, collapseGroups: collapses, clippingGradients: gradients)
        (analysis.hueShiftedPixels, analysis.maximumHueShift) = hue
        var clipMask: Image?
        if let mask {
            let pixels = try PixelBuffer(width: pass.width, height: pass.height, format: .rgba8, bytes: Array(mask))
            clipMask = Image(pixels: pixels, profile: .sRGB, colorSource: .iccp(name: "sRGB"))
        }
        return ImageAnalyzer.Output(
            analysis: analysis, clipMask: clipMask, cells: keepCells ? cells.all.sorted { $0.key < $1.key } : nil)
    }

    // MARK: Drivers

    /// Analyzes an image in memory: `workers` threads each take the next chunk (its rows are the image's own).
    static func analyze(
        _ image: Image, pass: PixelPass, target: String, includeClipMask: Bool, workers: Int, keepCells: Bool = false,
        cellBudget: Int? = nil, tables: CellTablePool = .shared
    ) throws(GamutError) -> ImageAnalyzer.Output {
        let pipeline = AnalysisPipeline(
            pass: pass, includeClipMask: includeClipMask, workers: workers, streamed: false, cellBudget: cellBudget,
            keepCells: keepCells, tables: tables)
        let rowBytes = image.pixels.rowBytes
        image.pixels.withUnsafeBytes { bytes in
            let base = ImageRows(base: bytes.baseAddress!)
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let worker = pipeline.takeWorker()
                defer { pipeline.returnWorker(worker) }
                while true {
                    // Storage first, then a chunk: a chunk once claimed never waits for storage, so the chunks the
                    // sequencer waits for are always running.
                    let storage = pipeline.buffers.take()
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < pipeline.chunkCount else {
                        pipeline.buffers.give(storage)
                        return
                    }
                    let rows = pipeline.rows(of: index)
                    let chunk = RowChunk(index: index, rows: rows, first: base.base + rows.lowerBound * rowBytes, rowBytes: rowBytes)
                    pipeline.run(chunk, storage: storage, worker: worker)
                }
            }
        }
        return try pipeline.output(sourceProfile: image.profile.name, targetProfile: target)
    }
}

/// The rows of an image in memory. `@unchecked Sendable`: read-only during the analysis.
private struct ImageRows: @unchecked Sendable {
    let base: UnsafeRawPointer
}

/// Memory for one chunk: its display codes and ΔE00, each row's count of out-of-gamut pixels, and (streamed) its rows
/// with a row of room above and below.
final class ChunkStorage: @unchecked Sendable {
    let codes: PackedCodes
    let outside: UnsafeMutablePointer<Int32>
    /// Row slot 0 holds the row above the chunk, slots 1… the chunk's rows, then the row below.
    let rows: UnsafeMutableRawPointer?
    let rowBytes: Int

    init(pixels: Int, rowBytes: Int, rows: Int) {
        codes = PackedCodes(pointer: .allocate(capacity: pixels), deltaE: .allocate(capacity: pixels))
        outside = .allocate(capacity: rows)
        self.rowBytes = rowBytes
        self.rows = rowBytes > 0 ? .allocate(byteCount: rowBytes * rows, alignment: 16) : nil
    }

    /// Row slot `slot` (0: the row above the chunk).
    func slot(_ slot: Int) -> UnsafeMutableRawPointer { rows! + slot * rowBytes }

    deinit {
        codes.pointer.deallocate()
        codes.deltaE.deallocate()
        outside.deallocate()
        rows?.deallocate()
    }
}

/// At most `count` chunk storages, made when first needed and reused: taking one waits while all are in use, which
/// bounds the memory an analysis holds however far the decoder or some workers run ahead of the sequencer.
final class ChunkPool: Sendable {
    private let free = Locked<[ChunkStorage]>([])
    private let available: DispatchSemaphore
    private let pixels: Int, rowBytes: Int, rows: Int

    init(count: Int, pixels: Int, rowBytes: Int, rows: Int) {
        available = DispatchSemaphore(value: count)
        (self.pixels, self.rowBytes, self.rows) = (pixels, rowBytes, rows)
    }

    func take() -> ChunkStorage {
        available.wait()
        return free.withLock { $0.popLast() } ?? ChunkStorage(pixels: pixels, rowBytes: rowBytes, rows: rows)
    }

    func give(_ storage: ChunkStorage) {
        free.withLock { $0.append(storage) }
        available.signal()
    }
}
