import Dispatch
import Foundation

/// Pictures for the HTML report, made from the image files of a report that have findings: each image as authored
/// and as the target display shows it, its clip mask, strips of its clipping gradients (source and shown) and, only
/// beside a color-vision finding, what it looks like with simulated color-vision deficiencies.
///
/// Pictures are thumbnails (at most ``thumbnailSide`` pixels on the longest side, 8 bits per channel) that keep their
/// profile: the image as authored carries its own (a Display P3 image stays Display P3, so a browser on a P3 display
/// shows it in P3), the pictures of what is shown carry the target's. They are made while the image is checked, from
/// the decoded image and its analysis, so the report never reads an image again; identical pictures are embedded once.
/// A value is safe to share across tasks.
public struct HTMLVisuals: Sendable {
    /// One embedded picture.
    public struct Picture: Sendable, Hashable {
        /// What it shows.
        public enum Kind: String, Sendable {
            /// The image as authored (its own profile embedded).
            case source
            /// What the target display shows.
            case shown
            /// The clip mask (see ``ImageAnalyzer``).
            case clipMask = "clip-mask"
            /// A clipping gradient's region as authored.
            case gradientSource = "gradient-source"
            /// The same region as shown.
            case gradientShown = "gradient-shown"
            /// What a display shows, as seen with a simulated color-vision deficiency.
            case simulation
        }
        /// What it shows.
        public var kind: Kind
        /// A caption.
        public var caption: String
        /// PNG bytes of the thumbnail, with its profile embedded, so browsers color-manage it.
        public var png: [UInt8]
        /// The thumbnail's width in pixels.
        public var width: Int
        /// The thumbnail's height in pixels.
        public var height: Int
        /// The region of the image it shows (gradient strips), in the image's pixels; nil for the whole image.
        public var region: PixelRect?
    }

    /// Pictures by file path.
    public var pictures: [String: [Picture]] = [:]

    /// The display the pictures of what is shown are made for; the report also draws the shown color of each
    /// swatch in its color space.
    public var target: ColorProfile = .sRGB

    /// No pictures, for an sRGB display.
    public init() {}

    /// Images larger than this many pixels get no pictures.
    public static let maximumPixels = 4_194_304

    /// Images larger than this get no color-vision previews.
    public static let maximumSimulatedPixels = 1_048_576

    /// Files with findings whose pictures were left out to keep the report within its picture budget, in path order.
    public var omitted: [String] = []

    /// The most PNG bytes of pictures the report embeds (chosen at init).
    public var pictureBudget = HTMLVisuals.defaultPictureBudget

    /// The default picture budget: 3,000,000 bytes of PNG, about 4 MB in the page as base64.
    public static let defaultPictureBudget = 3_000_000

    /// The longest side of a thumbnail, in pixels.
    public static let thumbnailSide = 256

    /// The rules whose findings concern color vision: only a file with one of them gets color-vision previews.
    public static let colorVisionRules: Set<RuleID> = [.cvdConfusable, .cvdHuePair]

    /// Collects the pictures the check made for the report's files that have findings (``AssetChecker/Options/pictures``
    /// asks for them, as the CLI does for `--format html`), and adds
    /// color-vision previews beside color-vision findings. No image is read or analyzed again: a file without pictures
    /// gets none. When the pictures exceed `pictureBudget`, the files with the most severe findings keep theirs.
    /// - Parameters:
    ///   - report: the report.
    ///   - settings: the report's settings (their target is the default display).
    ///   - target: the display the pictures of what is shown were made for; nil means `settings.target` (sRGB when that
    ///     is nil). Pass the profile the report was checked against (the CLI's `--target`).
    ///   - pictureBudget: the most PNG bytes to embed; files whose pictures don't fit are listed in ``omitted``.
    public init(
        for report: CheckReport, settings: AnalysisSettings, target: ColorProfile? = nil,
        pictureBudget: Int = HTMLVisuals.defaultPictureBudget
    ) {
        let target = settings.targetProfile(target)
        self.target = target
        self.pictureBudget = pictureBudget
        let files = report.files.filter { $0.pictures?.isEmpty == false && !$0.findings.isEmpty }
        // Color-vision previews are drawn from the small picture of what the display shows, only beside a finding.
        var lists: [[Picture]] = files.map { $0.pictures ?? [] }
        let simulated = files.indices.filter { i in
            files[i].findings.contains { Self.colorVisionRules.contains($0.ruleID) } && target.builtIn == .sRGB
                && (files[i].analysis.map { $0.width * $0.height <= Self.maximumSimulatedPixels } ?? false)
        }
        let previews = Locked([Int: [Picture]]())
        let made = lists
        DispatchQueue.concurrentPerform(iterations: simulated.count) { k in
            let i = simulated[k]
            guard let shown = made[i].first(where: { $0.kind == .shown }), let image = try? PNG.decode(shown.png) else { return }
            let made = ColorVisionSimulation.all().compactMap { simulation in
                Self.picture(.simulation, "on sRGB displays, seen with \(simulation)", Self.simulated(image, simulation))
            }
            previews.withLock { $0[i] = made }
        }
        for (i, made) in previews.withLock({ $0 }) { lists[i] += made }
        // Spend the budget on the files with the most severe findings first (report order among equals); a picture
        // already embedded (the same strip of two identical files) costs nothing again.
        let order = files.indices.sorted { a, b in
            let sa = files[a].findings.map(\.severity).max()!, sb = files[b].findings.map(\.severity).max()!
            return sa != sb ? sa > sb : a < b
        }
        var embedded = Set<[UInt8]>(), spent = 0
        for i in order {
            let list = lists[i]
            let cost = Set(list.map(\.png)).subtracting(embedded).reduce(0) { $0 + $1.count }
            guard spent + cost <= pictureBudget else {
                omitted.append(files[i].path)
                continue
            }
            spent += cost
            embedded.formUnion(list.map(\.png))
            pictures[files[i].path] = list
        }
        omitted.sort()
    }

    /// Thumbnails are small: spend the time on the smallest files.
    static let encoding: PNG.EncodingOptions = {
        var options = PNG.EncodingOptions()
        options.compressionLevel = 9
        options.filters = .adaptive
        return options
    }()

    /// A picture of a thumbnail, or nil when it can't be encoded.
    static func picture(_ kind: Picture.Kind, _ caption: String, _ thumbnail: Image, region: PixelRect? = nil) -> Picture? {
        guard let png = try? PNG.encode(thumbnail, options: encoding) else { return nil }
        return Picture(kind: kind, caption: caption, png: png, width: thumbnail.width, height: thumbnail.height, region: region)
    }

    /// The pictures of an image, made while it is checked, from the decoded image and its analysis: the image as
    /// authored and as `target` shows it, its clip mask (when `output` has one), and strips of its first four clipping
    /// gradients. None for an image over ``maximumPixels``.
    static func pictures(of image: Image, output: ImageAnalyzer.Output, target: ColorProfile) -> [Picture] {
        guard image.width * image.height <= maximumPixels, let shown = try? image.converted(to: target, bitDepth: 8, threads: 1)
        else { return [] }
        var list: [Picture] = []
        func add(_ kind: Picture.Kind, _ caption: String, _ thumbnail: Image, region: PixelRect? = nil) {
            if let made = picture(kind, caption, thumbnail, region: region) { list.append(made) }
        }
        let reduced = max(image.width, image.height) > thumbnailSide ? ", reduced" : ""
        add(.source, "as authored (\(image.profile.name)\(reduced))", image.thumbnail())
        add(.shown, "on \(target.name) displays (clipped\(reduced))", shown.thumbnail())
        if let mask = output.clipMask {
            let worst = reduced.isEmpty ? "" : "; reduced, each pixel shows the worst it covers"
            add(.clipMask, "clip mask: blue out of gamut, yellow ΔE00 1–2, orange 2–5, red ≥ 5\(worst)", mask.clipMaskThumbnail())
        }
        for region in output.analysis.clippingGradients.prefix(4) {
            let r = region.bounds
            add(.gradientSource, "gradient at \(r) as authored", image.cropped(r).thumbnail(), region: r)
            add(.gradientShown, "gradient at \(r) as shown", shown.cropped(r).thumbnail(), region: r)
        }
        return list
    }

    /// An 8-bit sRGB image as seen with a simulated deficiency (simulated in linear sRGB, clipped).
    static func simulated(_ image: Image, _ simulation: ColorVisionSimulation) -> Image {
        let reader = SampleReader(image.pixels.format)
        let scale = Double(reader.maximum)
        let linear = (0...reader.maximum).map { TransferFunction.sRGB.linearize(Double($0) / scale) }
        var result = image
        let rowBytes = image.pixels.rowBytes
        result.pixels.withUnsafeMutableBytes { raw in
            for y in 0..<image.height {
                let row = raw.baseAddress! + y * rowBytes
                for x in 0..<image.width {
                    let c = simulation.simulate(linearSRGB: (0..<3).map { linear[reader.integer(row, x, $0)] })
                    for k in 0..<3 {
                        let code = (TransferFunction.sRGB.encode(min(max(c[k], 0), 1)) * scale).rounded()
                        let index = x * reader.channels + k
                        if reader.sixteenBit {
                            row.storeBytes(of: UInt16(code), toByteOffset: index * 2, as: UInt16.self)
                        } else {
                            row.storeBytes(of: UInt8(code), toByteOffset: index, as: UInt8.self)
                        }
                    }
                }
            }
        }
        return result
    }
}

extension Image {
    /// The pixels inside `rect` (clamped to the image), same profile and metadata.
    func cropped(_ rect: PixelRect) -> Image {
        let x0 = max(0, min(rect.x, width - 1)), y0 = max(0, min(rect.y, height - 1))
        let w = max(1, min(rect.width, width - x0)), h = max(1, min(rect.height, height - y0))
        let bpp = pixels.format.bytesPerPixel
        var bytes: [UInt8] = []
        bytes.reserveCapacity(w * h * bpp)
        for y in y0..<(y0 + h) {
            let start = y * pixels.rowBytes + x0 * bpp
            bytes += pixels.bytes[start..<(start + w * bpp)]
        }
        var result = self
        result.pixels = (try? PixelBuffer(width: w, height: h, format: pixels.format, bytes: bytes)) ?? pixels
        return result
    }

    /// A copy at most `side` pixels on its longest side, 8 bits per channel, with the same profile: each pixel is the
    /// area-weighted mean of the pixels it covers, in the image's own encoding, weighted by alpha so transparent
    /// pixels don't darken edges. An image that fits is only reduced to 8 bits (rounded).
    func thumbnail(side: Int = HTMLVisuals.thumbnailSide) -> Image {
        reduced(side: side, worst: nil)
    }

    /// A clip mask (8-bit RGBA, see ``ImageAnalyzer/Output/clipMask``) reduced like ``thumbnail(side:)``, except that a
    /// pixel covering any clipped pixel takes the most severe mask color among them, so no clipped spot disappears.
    func clipMaskThumbnail(side: Int = HTMLVisuals.thumbnailSide) -> Image {
        let ranks = PixelPass.clipMaskColors.enumerated().reduce(into: [Int: Int]()) { ranks, color in
            ranks[Int(color.element[0]) << 16 | Int(color.element[1]) << 8 | Int(color.element[2])] = color.offset + 1
        }
        return reduced(side: side) { r, g, b in ranks[r << 16 | g << 8 | b] }
    }

    /// Area-weighted reduction to 8 bits. `worst` ranks a source pixel's 8-bit color (nil: not ranked); when given, an
    /// output pixel covering ranked pixels takes the color of the highest-ranked one.
    private func reduced(side: Int, worst: ((Int, Int, Int) -> Int?)?) -> Image {
        let longest = max(width, height)
        let scale = longest > side ? Double(side) / Double(longest) : 1
        let outWidth = max(1, Int((Double(width) * scale).rounded())), outHeight = max(1, Int((Double(height) * scale).rounded()))
        let xs = Self.spans(width, outWidth), ys = Self.spans(height, outHeight)
        let reader = SampleReader(pixels.format)
        let channels = reader.channels, alpha = pixels.format.hasAlpha ? channels - 1 : nil
        let colors = alpha ?? channels
        let maximum = Double(reader.maximum)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        var sums = [Double](repeating: 0, count: colors)
        pixels.withUnsafeBytes { raw in
            for oy in 0..<outHeight {
                for ox in 0..<outWidth {
                    for k in 0..<colors { sums[k] = 0 }
                    // Σ w, Σ w·a (a = alpha in 0…1), Σ w·a·c per color channel.
                    var area = 0.0, covered = 0.0, bestRank = 0, best = (0, 0, 0)
                    for (y, wy) in ys[oy] {
                        let row = raw.baseAddress! + y * pixels.rowBytes
                        for (x, wx) in xs[ox] {
                            let w = wx * wy
                            let wa = w * (alpha.map { Double(reader.integer(row, x, $0)) / maximum } ?? 1)
                            for k in 0..<colors { sums[k] += Double(reader.integer(row, x, k)) * wa }
                            area += w
                            covered += wa
                            if let worst, colors == 3 {
                                let r = reader.integer(row, x, 0) * 255 / reader.maximum,
                                    g = reader.integer(row, x, 1) * 255 / reader.maximum
                                let b = reader.integer(row, x, 2) * 255 / reader.maximum
                                if let rank = worst(r, g, b), rank > bestRank { bestRank = rank; best = (r, g, b) }
                            }
                        }
                    }
                    let o = (oy * outWidth + ox) * channels
                    for k in 0..<colors {
                        let mean = covered > 0 ? sums[k] / covered : 0
                        out[o + k] = UInt8(min(255, max(0, (mean / maximum * 255).rounded())))
                    }
                    if let alpha { out[o + alpha] = UInt8(min(255, max(0, (covered / area * 255).rounded()))) }
                    if bestRank > 0 {
                        out[o] = UInt8(best.0); out[o + 1] = UInt8(best.1); out[o + 2] = UInt8(best.2)
                        if let alpha { out[o + alpha] = 255 }
                    }
                }
            }
        }
        var result = self
        result.pixels =
            (try? PixelBuffer(width: outWidth, height: outHeight, format: PixelFormat(pixels.format.layout, .uint8), bytes: out))
            ?? pixels
        result.fileBitDepth = 8
        result.metadata = PNGMetadata()
        return result
    }

    /// For each of `count` output pixels along an axis of `length` input pixels, the input pixels it covers and how
    /// much of each (the weights of one output pixel sum to `length / count`).
    private static func spans(_ length: Int, _ count: Int) -> [[(Int, Double)]] {
        let step = Double(length) / Double(count)
        return (0..<count).map { o in
            let start = Double(o) * step, end = Double(o + 1) * step
            return (Int(start)..<min(length, Int(end.rounded(.up)))).compactMap { i in
                let w = min(end, Double(i + 1)) - max(start, Double(i))
                return w > 1e-9 ? (i, w) : nil
            }
        }
    }
}
