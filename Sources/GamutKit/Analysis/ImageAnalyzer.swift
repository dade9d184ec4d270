import Dispatch
import Foundation

/// Measures what a target display (sRGB by default) does to an image: out-of-gamut and visibly
/// clipped pixels with ΔE00 statistics, colors that collapse, and gradients that clip.
///
/// Work is split across cores by rows; transparent pixels (alpha 0) are not counted.
public enum ImageAnalyzer {
    /// The analysis, and the clip mask when asked for.
    public struct Output: Sendable {
        /// The measurements.
        public var analysis: ImageAnalysis
        /// An 8-bit sRGB RGBA image: a desaturated copy of what the display shows, with out-of-gamut
        /// pixels colored by severity (blue: out of gamut, not visible; yellow ΔE00 1–2; orange 2–5;
        /// red ≥ 5) and transparent pixels left transparent.
        public var clipMask: Image?
        /// The collapse cells, sorted by key, when a test asked for them (``AnalysisPipeline``'s `keepCells`).
        var cells: [CellTable.Entry]?
    }

    /// Analyzes `image` against `target` (default: the settings' target, sRGB).
    /// - Throws: ``GamutError`` when the target isn't an RGB matrix/TRC profile or the image can't be read as the profile says.
    public static func analyze(
        _ image: Image, target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        includeClipMask: Bool = false, threads: Int? = nil
    ) throws(GamutError) -> Output {
        let target = settings.targetProfile(target)
        // A wide profile whose pixels stay in a box inside the target (P3 art in sRGB colors) is only counted too.
        let pass = try PixelPass(
            format: image.pixels.format, width: image.width, height: image.height, profile: image.profile, target: target,
            settings: settings, samples: includeClipMask ? nil : { fits in sampleRanges(image, while: fits) })
        return try AnalysisPipeline.analyze(
            image, pass: pass, target: target.name, includeClipMask: includeClipMask,
            workers: Bands.cores(pixels: image.width * image.height, threads: threads))
    }

    /// Analyzes the image file at `path` (any format GamutKit reads) against `target`. A PNG is analyzed on its rows as
    /// they are decoded, so memory holds a few rows of it rather than the decoded image (interlaced and palette PNGs, and
    /// other formats, are decoded whole first); the results are the same either way.
    /// - Throws: ``GamutError`` naming the file when it can't be read or decoded, or as
    ///   ``analyze(_:target:settings:includeClipMask:threads:)`` does.
    public static func analyze(
        contentsOf path: String, target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        options: ImageFile.DecodingOptions = .init(), includeClipMask: Bool = false, threads: Int? = nil
    ) throws(GamutError) -> Output {
        try analyzeFile(
            path, target: settings.targetProfile(target), settings: settings, options: options,
            includeClipMask: includeClipMask, threads: threads, keepImage: false
        ).analyzed.output
    }

    /// The analysis of the image file at `path`, what the file said about its colors, its first 16 bytes (its format),
    /// and the decoded image when it was decoded whole (always with `keepImage`, which turns streaming off). A PNG is
    /// decoded from the file as it is analyzed; other formats, and PNGs the streamed path leaves to the whole-image path
    /// (see ``AnalysisPipeline/analyzePNG(_:options:target:settings:includeClipMask:threads:keepCells:)``), are read whole.
    static func analyzeFile(
        _ path: String, target: ColorProfile, settings: AnalysisSettings, options: ImageFile.DecodingOptions,
        includeClipMask: Bool, threads: Int?, keepImage: Bool
    ) throws(GamutError) -> (analyzed: FileAnalysis, image: Image?, head: [UInt8]) {
        do throws(GamutError) {
            if !keepImage, let file = try PNGFile(path, maximumSize: options.maximumFileSize) {
                do throws(GamutError) {
                    if let streamed = try AnalysisPipeline.analyzePNG(
                        file, options: options, target: target, settings: settings, includeClipMask: includeClipMask,
                        threads: threads)
                    {
                        return (streamed, nil, file.head)
                    }
                } catch {
                    // Read again on the whole-image path, which reads damage confined to ancillary chunks with a warning.
                    guard error.code == .invalidPNG else { throw error }
                }
            }
            let bytes = try FileIO.read(path, maximumSize: options.maximumFileSize, what: "image file")
            let image = try ImageFile.decode(bytes, path: path, options: options).withIntegerSamples()
            let output = try analyze(image, target: target, settings: settings, includeClipMask: includeClipMask, threads: threads)
            return (FileAnalysis(output: output, profile: image.profile, warnings: image.warnings), image, Array(bytes.prefix(16)))
        } catch {
            throw error.at(path)
        }
    }

    /// The smallest and largest sample of each color channel of an 8- or 16-bit RGB image (transparent pixels included,
    /// which only widens the box), or nil for other formats, or as soon as the ranges of the rows read so far (every 64)
    /// fail `fits`: an image that leaves the target is told in its first rows, not after a walk over all of them. `fits`
    /// is asked again only when the ranges have grown since it last said yes (its answer can't change otherwise, and
    /// each answer walks the profile's tables over the ranges).
    static func sampleRanges(_ image: Image, while fits: ([ClosedRange<Int>]) -> Bool = { _ in true }) -> [ClosedRange<Int>]? {
        let format = image.pixels.format
        let channels = format.channelCount, width = image.width, rowBytes = image.pixels.rowBytes
        guard !format.sample.isFloat, format.colorChannelCount == 3, channels == 3 || channels == 4, width > 0, image.height > 0
        else { return nil }
        func walk<V>(_ ranges: ChannelRanges<V>) -> [ClosedRange<Int>]? {
            var ranges = ranges
            return image.pixels.withUnsafeBytes { bytes -> [ClosedRange<Int>]? in
                var asked: [ClosedRange<Int>]?
                for y in 0..<image.height {
                    if y > 0, y % 64 == 0 {
                        let current = ranges.current
                        if current != asked {
                            guard fits(current) else { return nil }
                            asked = current
                        }
                    }
                    ranges.add(UnsafeRawPointer(bytes.baseAddress! + y * rowBytes), pixels: width)
                }
                return ranges.current
            }
        }
        return format.sample == .uint16
            ? walk(ChannelRanges<SIMD8<UInt16>>(channels: channels)) : walk(ChannelRanges<SIMD16<UInt8>>(channels: channels))
    }

}
