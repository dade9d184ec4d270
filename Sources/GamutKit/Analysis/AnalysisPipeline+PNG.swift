import Dispatch
import Foundation

/// The analysis of an image file (of a PNG, run on its rows as libspng decodes them), and what the file said about its
/// colors.
struct FileAnalysis {
    var output: ImageAnalyzer.Output
    var profile: ColorProfile
    var warnings: [String]
}

extension AnalysisPipeline {
    /// Analyzes the PNG `file` while decoding it: the calling thread decodes chunks of rows (libspng's progressive
    /// decoding, reading the file as it goes) and workers analyze each chunk as soon as the row below it is decoded, so
    /// neither the image data nor the decoded image is ever held whole and decoding and analysis overlap. Returns nil for files
    /// the whole-image path reads instead (``PNGChunkLayout/needsWholeImage``). A file this path refuses as an invalid PNG is for the caller to read again on the
    /// whole-image path, which reads damage confined to ancillary chunks with a warning (as ``ImageConversion`` does).
    static func analyzePNG(
        _ file: PNGFile, options: ImageFile.DecodingOptions, target: ColorProfile, settings: AnalysisSettings,
        includeClipMask: Bool, threads: Int?, keepCells: Bool = false
    ) throws(GamutError) -> FileAnalysis? {
        if file.layout.needsWholeImage { return nil }
        var rows = try PNGRowSource(file, options: options)
        let profile = rows.profile
        let (width, height) = (rows.decoder.header.width, rows.decoder.header.height)
        let pass = try PixelPass(
            format: rows.decoder.format, width: width, height: height, profile: profile, target: target, settings: settings)
        let workers = Bands.cores(pixels: width * height, threads: threads)
        let pipeline = AnalysisPipeline(
            pass: pass, includeClipMask: includeClipMask, workers: workers, streamed: true, keepCells: keepCells)
        try pipeline.decodeAndRun(&rows.decoder, workers: workers)
        try rows.decoder.finish()
        try file.checkUnchanged()
        let output = try pipeline.output(sourceProfile: profile.name, targetProfile: target.name)
        return FileAnalysis(output: output, profile: profile, warnings: rows.warnings)
    }

    /// Decodes every chunk into its own storage (with the rows above and below it copied in), handing each to a worker
    /// once the row below it is decoded; at most `workers` chunks run at once. Waits for every chunk to be sequenced.
    private func decodeAndRun(_ decoder: inout PNGRowDecoder, workers: Int) throws(GamutError) {
        let group = DispatchGroup()
        let running = DispatchSemaphore(value: workers)
        defer { group.wait() }  // also when decoding fails: the chunks already started use the storages

        func start(_ chunk: RowChunk, _ storage: ChunkStorage) {
            if workers == 1 {
                let worker = takeWorker()
                run(chunk, storage: storage, worker: worker)
                returnWorker(worker)
                return
            }
            running.wait()
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                let worker = self.takeWorker()
                self.run(chunk, storage: storage, worker: worker)
                self.returnWorker(worker)
                running.signal()
            }
        }
        var waiting: (chunk: RowChunk, storage: ChunkStorage)?
        for index in 0..<chunkCount {
            let rows = self.rows(of: index)
            let storage = buffers.take()
            for y in rows {
                do {
                    try decoder.decode(into: storage.slot(1 + y - rows.lowerBound))
                } catch {
                    if let waiting { buffers.give(waiting.storage) }
                    buffers.give(storage)
                    throw error
                }
            }
            let rowBytes = storage.rowBytes
            if let (chunk, previous) = waiting {
                // The row below the previous chunk is this chunk's first; the row above this chunk is the previous's last.
                previous.slot(chunk.rows.count + 1).copyMemory(from: storage.slot(1), byteCount: rowBytes)
                storage.slot(0).copyMemory(from: previous.slot(chunk.rows.count), byteCount: rowBytes)
                start(chunk, previous)
            }
            waiting = (RowChunk(index: index, rows: rows, first: storage.slot(1), rowBytes: rowBytes), storage)
        }
        if let (chunk, storage) = waiting { start(chunk, storage) }
    }
}
