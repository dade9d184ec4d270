import Dispatch
import Synchronization

/// Converts image files (any format GamutKit reads) from their own profile to another, as `gamut-check convert` does.
///
/// Non-interlaced images stream: one thread decodes rows with libspng while the calling thread converts
/// and filters them and the other cores deflate them, so everything overlaps the decode and only a few
/// rows are held in memory (libspng reads the input file as it decodes; its chunks other than the image data are
/// held). Interlaced and palette images, gray 16-bit images with `tRNS`, files with a misplaced chunk and files with
/// more ancillary chunks than one libspng context accepts take the whole-image path (`PNG/read(contentsOf:options:)`, ``Image/converted(to:bitDepth:intent:blackPointCompensation:threads:)``,
/// `PNG/write(_:to:options:)`), with the same results.
public enum ImageConversion {
    /// What to convert to, and how.
    public struct Settings: Sendable {
        /// The destination profile (gray or RGB).
        public var profile: ColorProfile
        /// 8 or 16; nil keeps the input's depth (8 for depths below 8).
        public var bitDepth: Int?
        /// The rendering intent.
        public var intent: RenderingIntent
        /// Whether to use black-point compensation.
        public var blackPointCompensation: Bool
        /// Decoder limits.
        public var decoding: ImageFile.DecodingOptions
        /// Encoder choices for each output format (PNG compression and filters, JPEG quality, TIFF compression).
        public var encoding: ImageFile.EncodingOptions
        /// How colors outside the destination gamut are handled (``GamutMapping/clip`` is the rendering intent's own
        /// handling; the others need RGB matrix/TRC profiles and take the whole-image path).
        public var gamutMapping: GamutMapping = .clip
        /// The ΔE00 collapsing colors keep with ``GamutMapping/preserveSeparation``.
        public var separation: Double = 2
        /// The output's format (PNG, JPEG or TIFF); nil takes it from the output's extension (`.jpg`/`.jpeg`,
        /// `.tif`/`.tiff`, otherwise PNG). Inputs of any format GamutKit reads are accepted (told by content); only a
        /// PNG converted to PNG streams.
        public var format: ImageFormat?

        /// Creates settings; everything but the profile has a default.
        public init(
            profile: ColorProfile, bitDepth: Int? = nil, intent: RenderingIntent = .relativeColorimetric,
            blackPointCompensation: Bool = false, decoding: ImageFile.DecodingOptions = .init(),
            encoding: ImageFile.EncodingOptions = .init()
        ) {
            self.profile = profile
            self.bitDepth = bitDepth
            self.intent = intent
            self.blackPointCompensation = blackPointCompensation
            self.decoding = decoding
            self.encoding = encoding
        }
    }

    /// What a conversion did.
    public struct Summary: Sendable {
        /// The input's profile name.
        public var sourceProfile: String
        /// The input's bits per channel as stored in the file.
        public var sourceBitDepth: Int
        /// The output's bits per channel.
        public var destinationBitDepth: Int
        /// Width and height in pixels.
        public var width: Int, height: Int
        /// Whether the rows streamed (false: the whole-image path).
        public var streamed: Bool
        /// Decoder warnings (for example an ignored cICP).
        public var warnings: [String]
    }

    /// Converts the image at `input` (any format GamutKit reads) and writes the result to `output` atomically (a temporary file
    /// renamed into place; a failure leaves no partial file and an existing `output` untouched).
    ///
    /// A file the streaming path refuses is tried once more on the whole-image path, which reads files whose damage is
    /// confined to ancillary chunks (with a warning), so both paths accept and refuse the same files.
    /// - Throws: ``GamutError`` naming the file that failed.
    @discardableResult
    public static func convert(file input: String, to output: String, settings: Settings) throws(GamutError) -> Summary {
        let format = settings.format ?? ImageFormat(writingExtensionOf: output) ?? .png
        let (encoded, summary): ([UInt8], Summary)
        do {
            if settings.gamutMapping == .clip, format == .png,
                let file = try PNGFile(input, maximumSize: settings.decoding.maximumFileSize)
            {
                do {
                    if let streamed = try PNGStream.convert(file, settings: settings, to: output) { return streamed }
                } catch  where error.code == .invalidPNG {
                    // Read again on the whole-image path, which reads damage confined to ancillary chunks with a warning.
                }
            }
            let bytes = try FileIO.read(input, maximumSize: settings.decoding.maximumFileSize, what: "image file")
            let image = try ImageFile.decode(bytes, path: input, options: settings.decoding)
            // Float samples (a float TIFF) are written at 16 bits unless asked otherwise; JPEG stores 8.
            let bitDepth = format == .jpeg ? 8 : settings.bitDepth ?? (image.pixels.format.sample.isFloat ? 16 : nil)
            let converted =
                settings.gamutMapping == .clip
                ? try image.converted(
                    to: settings.profile, bitDepth: bitDepth, intent: settings.intent,
                    blackPointCompensation: settings.blackPointCompensation)
                : try image.gamutMapped(
                    to: settings.profile, mapping: settings.gamutMapping, bitDepth: bitDepth,
                    separation: settings.separation)
            encoded = try ImageFile.encode(converted, as: format, options: settings.encoding)
            summary = Summary(
                sourceProfile: image.profile.name, sourceBitDepth: image.fileBitDepth,
                destinationBitDepth: converted.fileBitDepth, width: image.width, height: image.height,
                streamed: false, warnings: image.warnings)
        } catch {
            throw error.at(input)
        }
        try FileIO.writeAtomically(encoded, to: output)
        return summary
    }
}

/// The streaming path: a producer thread decodes rows; the caller converts and encodes them.
enum PNGStream {
    static let rowsPerChunk = 32
    static let chunksInFlight = 6

    /// What the producer learned from the header and color chunks.
    struct Header: Sendable {
        let width: Int, height: Int, fileBitDepth: Int
        let sourceProfile: String
        let destinationFormat: PixelFormat
        /// Converts the decoded rows; applied by the encoding caller, so the decoding thread (the longest) only decodes.
        let transform: ColorTransform
        let warnings: [String]
        let metadata: PNGMetadata
    }

    enum Message: Sendable {
        case header(Header)
        case rows([UInt8], count: Int)
        /// Every row was sent and the file was read to its end (IEND) without error.
        case finished
        case failure(GamutError)
    }

    /// Converts the PNG `file` (read as it is decoded) into the file at `output`, written as it is encoded and put in
    /// place only once complete (``AtomicFile``). Returns nil, writing nothing, when the file needs the whole-image path.
    static func convert(
        _ file: PNGFile, settings: ImageConversion.Settings, to output: String
    ) throws(GamutError) -> ImageConversion.Summary? {
        let (bytes, path) = (file.chunks, file.path)
        let types = file.layout
        if types.needsWholeImage { return nil }
        // Text after the image data (as ImageMagick writes its dates) is read ahead by libspng from the chunks alone,
        // so the output's header can carry every text chunk in file order, as the whole-image path writes them.
        let texts: [PNGMetadata.Text]? =
            types.afterData.isDisjoint(with: ["tEXt", "zTXt", "iTXt"])
            ? nil
            : try PNGChunks.withBytes(bytes) { (raw) throws(GamutError) -> [PNGMetadata.Text] in
                try PNGChunks.texts(inBatchesFrom: raw, path: path, options: settings.decoding)
            }
        let channel = Channel(capacity: chunksInFlight)
        DispatchQueue.global(qos: .userInitiated).async {
            produce(file, settings: settings, texts: texts, into: channel)
        }
        guard let first = channel.receive() else { throw GamutError(.invalidPNG, "the decoder stopped without a header", path: path) }
        let header: Header
        switch first {
        case .header(let value): header = value
        case .failure(let error): channel.close(); throw error
        case .rows, .finished: channel.close(); throw GamutError(.invalidPNG, "rows arrived before the header", path: path)
        }

        var encoder: SPNGRowEncoder
        let file: AtomicFile
        do throws(GamutError) {
            file = try AtomicFile(output)
            encoder = try SPNGRowEncoder(
                width: header.width, height: header.height, format: header.destinationFormat,
                profile: settings.profile, metadata: header.metadata, options: settings.encoding.pngOptions, path: path, output: file)
        } catch {
            channel.close()
            throw error
        }
        do throws(GamutError) {
            let rowLength = header.width * header.destinationFormat.bytesPerPixel
            var written = 0
            while written < header.height {
                guard let message = channel.receive() else { throw GamutError(.invalidPNG, "the decoder stopped early", path: path) }
                switch message {
                case .failure(let error): throw error
                case .header, .finished: throw GamutError(.invalidPNG, "the decoder stopped after \(written) rows", path: path)
                case .rows(let chunk, let count):
                    let source = try PixelBuffer(width: header.width, height: count, format: header.transform.sourceFormat, bytes: chunk)
                    let converted = try header.transform.convert(source, threads: 1)
                    for row in 0..<count {
                        try encoder.encode(converted.bytes, at: row * rowLength)
                        written += 1
                    }
                }
            }
            // The rows are all here; the output is kept only if the input is whole to its IEND.
            switch channel.receive() {
            case .finished: break
            case .failure(let error): throw error
            default: throw GamutError(.invalidPNG, "the decoder did not confirm the end of the file", path: path)
            }
        } catch {
            channel.close()
            file.abort()
            throw error
        }
        channel.close()
        try file.commit()
        let summary = ImageConversion.Summary(
            sourceProfile: header.sourceProfile, sourceBitDepth: header.fileBitDepth,
            destinationBitDepth: header.destinationFormat.bytesPerSample * 8,
            width: header.width, height: header.height, streamed: true, warnings: header.warnings)
        return summary
    }

    /// Decodes rows and sends them; runs on its own thread, owning the decoder.
    static func produce(
        _ file: PNGFile, settings: ImageConversion.Settings, texts: [PNGMetadata.Text]?, into channel: Channel
    ) {
        do throws(GamutError) {
            try produceRows(file, settings: settings, texts: texts, into: channel)
        } catch {
            channel.send(.failure(error))
        }
    }

    private static func produceRows(
        _ file: PNGFile, settings: ImageConversion.Settings, texts: [PNGMetadata.Text]?, into channel: Channel
    ) throws(GamutError) {
        var rows = try PNGRowSource(file, options: settings.decoding)
        let width = rows.decoder.header.width, height = rows.decoder.header.height, format = rows.decoder.format
        let profile = rows.profile

        let destination = try PixelFormat.converting(format, to: settings.profile, bitDepth: settings.bitDepth)
        let transform = try ColorTransform(
            from: profile, format: format, to: settings.profile, format: destination,
            intent: settings.intent, blackPointCompensation: settings.blackPointCompensation)
        var metadata = try rows.decoder.metadata()
        if let texts { metadata.texts = texts }
        channel.send(
            .header(
                Header(
                    width: width, height: height, fileBitDepth: rows.decoder.header.bitDepth, sourceProfile: profile.name,
                    destinationFormat: destination, transform: transform, warnings: rows.warnings,
                    metadata: metadata)))

        let rowLength = width * format.bytesPerPixel
        var rowsDone = 0
        while rowsDone < height {
            let count = min(rowsPerChunk, height - rowsDone)
            var decoded = [UInt8](repeating: 0, count: rowLength * count)
            for row in 0..<count {
                try rows.decoder.decode(into: &decoded, at: row * rowLength)
            }
            guard channel.send(.rows(decoded, count: count)) else { return }  // the consumer gave up
            rowsDone += count
        }
        try rows.decoder.finish()
        try file.checkUnchanged()
        channel.send(.finished)
    }

    /// A bounded queue between the decoding thread and the encoding caller.
    final class Channel: Sendable {
        private struct State {
            var queue: [Message] = []
            var closed = false
        }
        private let state = Locked(State())
        private let slots: DispatchSemaphore
        private let items = DispatchSemaphore(value: 0)

        init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

        /// Blocks while the queue is full; returns false once the receiver has closed the channel.
        @discardableResult
        func send(_ message: Message) -> Bool {
            slots.wait()
            let open = state.withLock { state -> Bool in
                guard !state.closed else { return false }
                state.queue.append(message)
                return true
            }
            items.signal()
            return open
        }

        /// Blocks until a message arrives.
        func receive() -> Message? {
            items.wait()
            let message = state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
            slots.signal()
            return message
        }

        /// Stops the sender: its pending and future sends return false.
        func close() {
            state.withLock {
                $0.closed = true
                $0.queue.removeAll()
            }
            for _ in 0...PNGStream.chunksInFlight { slots.signal() }  // wake a sender blocked on a full queue
        }
    }
}
