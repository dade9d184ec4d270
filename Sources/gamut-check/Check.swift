import ArgumentParser
import Foundation
import Synchronization
import GamutKit

/// `gamut-check check`: what does someone on an sRGB display lose?
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Check images (PNG, JPEG, TIFF, WebP, HEIF, AVIF), folders and asset catalogs for colors that clip, collapse or band on the target display.",
        discussion: """
            Images: \(Rules.analyzer.map { "\($0.id) (\(RulesCommand.severity($0)))" }.joined(separator: ", ")). \
            `gamut-check rules` lists every rule and explains one. Folders are searched recursively for image files (.png, .jpg/.jpeg, .tif/.tiff, .webp, .heic/.heif, \
            .avif; each read by its content); files are checked in parallel. A file that can't be read is an `unreadable` finding and the others are \
            still checked. Folders named *.xcassets are audited as asset catalogs with the catalog rules, using the catalog's .gamut-check.json unless --config is given. \
            Options given here override the policy file's thresholds. \
            Advisory rules (increased-contrast variants, images without a profile, sets not checked, …) are off \
            unless --advisory or the policy turns them on; the text summary says how many findings they left out.

            Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 usage error, an \
            output that could not be written, or an image over the pixel budget (--max-pixels).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, xcode, html }
    enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning, never }

    @Argument(help: "Image files, folders and .xcassets asset catalogs.")
    var paths: [String] = []

    @Option(
        help:
            "The display to check against: srgb, display-p3, adobe-rgb, linear-srgb, linear-display-p3, or an RGB matrix/TRC .icc file (default: the policy's target, sRGB)."
    )
    var target: String?

    @Option(help: "A policy file (thresholds, severities, target, suppressions); default: each catalog's .gamut-check.json.")
    var config: String?

    @Option(
        help:
            "Report format: text, json, sarif, xcode (path:line: warning: …, for an Xcode build phase) or html (one self-contained page with swatches and pictures)."
    )
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(name: .customLong("clip-mask"), help: "Write a clip-mask PNG per image with out-of-gamut pixels into this folder.")
    var clipMask: String?

    @Option(name: .customLong("visible-clip"), help: "ΔE00 at which clipping is visible (default 1.0).")
    var visibleClip: Double?

    @Option(name: .customLong("collapse-source"), help: "ΔE00 from which two source colors are distinguishable (default 1.0).")
    var collapseSource: Double?

    @Option(name: .customLong("collapse-shown"), help: "ΔE00 below which two shown colors are indistinguishable (default 1.0).")
    var collapseShown: Double?

    @Option(name: .customLong("collapse-min-pixels"), help: "Pixels each collapsing color must cover in an image (default 16).")
    var collapseMinimumPixels: Int?

    @Option(
        name: .customLong("gradient-min-length"), help: "Shortest flattened run, in pixels, reported as a clipping gradient (default 8).")
    var gradientMinimumLength: Int?

    @Option(name: .customLong("tolerance"), help: "Out-of-gamut tolerance in linear target light (default 0.0001).")
    var tolerance: Double?

    @Option(name: .customLong("display-depth"), help: "Bits per channel of the target display, 1–8 (default 8).")
    var displayDepth: Int?

    @Flag(
        help:
            "Also report advisory rules (missing-high-contrast-variant, image-without-profile, not-checked, …), as the policy key \"advisory\": true does."
    )
    var advisory = false

    @Option(
        help: ArgumentHelp(
            "Write this (empty) file when the check passes (no finding at or above --fail-on): the output SwiftPM and Xcode build plugins declare, so that the audit reruns only when a catalog changes or the last one failed.",
            valueName: "path"))
    var stamp: String?

    @Option(
        help:
            "How many images are read and analyzed at once, one core each (default: every core). Memory grows with --jobs, not with the number of files."
    )
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Check only shard K of N (1 ≤ K ≤ N): the inputs (image files, after expanding folders, and catalogs) sorted by path, every Nth from the Kth. Shards of the same inputs are disjoint and together cover them; run one per CI machine and combine their JSON or SARIF.",
            valueName: "K/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Keep each image's analysis in this folder (created when missing), keyed by the file's bytes, the settings and this build of gamut-check, so that a rerun decodes and analyzes only the images that changed; the report is the same. Entries unused for 30 days are removed. Not used with --format html or --clip-mask, which need the pixels.",
            valueName: "folder"))
    var cache: String?

    @Option(
        name: .customLong("max-pixels"),
        help:
            "Pixel budget: images with more pixels (width × height) are refused, exit 2 (default \(ImageFile.DecodingOptions.defaultMaximumPixels))."
    )
    var maxPixels: Int?

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one image file, folder or .xcassets catalog to check.") }
        // The same table and ranges as the policy file's thresholds.
        var scratch = AnalysisSettings()
        for (option, name, value) in thresholdOptions {
            do { try scratch.set(name, to: value) } catch { throw ValidationError("--\(option): \(error.message)") }
        }
        guard (maxPixels ?? 1) >= 1 else { throw ValidationError("--max-pixels must be at least 1.") }
        guard (jobs ?? 1) >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        if let shard, Self.parseShard(shard) == nil { throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, not \(shard).") }
        if let clipMask {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: clipMask, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--clip-mask \(clipMask) is not a folder.")
            }
        }
    }

    /// The threshold options given: option name, threshold name, value.
    var thresholdOptions: [(String, String, Double)] {
        let given: [(String, String, Double?)] = [
            ("visible-clip", "visibleClip", visibleClip), ("collapse-source", "collapseSource", collapseSource),
            ("collapse-shown", "collapseShown", collapseShown),
            ("collapse-min-pixels", "collapseMinimumPixels", collapseMinimumPixels.map(Double.init)),
            ("gradient-min-length", "gradientMinimumLength", gradientMinimumLength.map(Double.init)),
            ("tolerance", "gamutTolerance", tolerance), ("display-depth", "displayBitDepth", displayDepth.map(Double.init)),
        ]
        return given.compactMap { option, name, value in value.map { (option, name, $0) } }
    }

    /// "K/N" → (K, N), or nil unless 1 ≤ K ≤ N.
    static func parseShard(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    /// Shard `k` of `n`: of the inputs sorted by path (files and catalogs together), every `n`th from the `k`th.
    static func shardUnits(files: [String], catalogs: [String], shard k: Int, of n: Int) -> (files: [String], catalogs: [String]) {
        let units = (files.map { ($0, false) } + catalogs.map { ($0, true) }).sorted { $0.0 < $1.0 }
        let mine = units.enumerated().filter { $0.offset % n == k - 1 }.map(\.element)
        return (mine.filter { !$0.1 }.map(\.0), mine.filter { $0.1 }.map(\.0))
    }

    func run() throws {
        var options = AssetChecker.Options()
        options.policy = try config.map { path throws(GamutError) in try GamutPolicy.load(contentsOf: path) }
        options.target = try target.map { name throws(GamutError) in try ColorProfile.named(name) }
        let overrides = thresholdOptions
        options.adjustSettings = { settings in
            for (_, name, value) in overrides { try? settings.set(name, to: value) }  // validated in validate()
        }
        if advisory { options.showAdvisory = true }
        if let maxPixels { options.decoding.maximumPixels = maxPixels }
        options.clipMaskDirectory = clipMask
        options.pictures = format == .html
        options.jobs = jobs
        let analysisCache = try cache.map { folder throws(GamutError) in try AnalysisCache(directory: folder) }
        options.cache = analysisCache
        var (files, catalogs) = AssetChecker.inputs(paths)
        // The report and the stamp replace what is at their paths: never an image being checked, nor a catalog's file.
        let checked = Set(files.map(Convert.canonical)), catalogFolders = catalogs.map { Convert.canonical($0) + "/" }
        for (option, path) in [("-o/--output", output), ("--stamp", stamp)] {
            guard let path else { continue }
            let resolved = Convert.canonical(path)
            if checked.contains(resolved) || catalogFolders.contains(where: resolved.hasPrefix) {
                throw GamutError(.invalidArgument, "refusing to write \(option) over one of the inputs", path: path)
            }
        }
        if let (k, n) = shard.flatMap(Self.parseShard) {
            (files, catalogs) = Self.shardUnits(files: files, catalogs: catalogs, shard: k, of: n)
        }
        let report = try ProgressBar.showing { progress throws(GamutError) in
            try AssetChecker.check(files: files, catalogs: catalogs, options: options, progress: progress)
        }
        analysisCache?.sweepIfDue()

        let text: String
        switch format {
        case .text:
            let colors =
                output == nil && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            text = TextRenderer(colors: colors).render(report)
        case .json: text = JSONRenderer.render(report, toolVersion: GamutCheck.version)
        case .sarif: text = SARIFRenderer.render(report, toolVersion: GamutCheck.version)
        case .xcode: text = XcodeRenderer.render(report)
        case .html:
            // The pictures show the display the report was checked against: --target, else the policy's.
            let visuals = HTMLVisuals(
                for: report, settings: report.settings,
                target: report.settings.targetProfile(options.target))
            text = HTMLRenderer.render(report, toolVersion: GamutCheck.version, visuals: visuals)
        }
        if let output {
            try CheckReport.write(text, to: output)
        } else {
            print(text, terminator: "")
        }
        let outputErrors = report.files.compactMap { $0.outputError }
        for error in outputErrors { printError("gamut-check: \(error)") }
        let refusals = report.files.compactMap { $0.refusal }
        for error in refusals { printError("gamut-check: \(error)") }
        if !outputErrors.isEmpty || !refusals.isEmpty { throw ExitCode.usageOrInputError }
        let threshold: Severity? =
            switch failOn {
            case .error: .error
            case .warning: .warning
            case .never: nil
            }
        if let threshold, report.hasFindings(atLeast: threshold) { throw ExitCode.findings }
        if let stamp { try CheckReport.write("", to: stamp) }
    }
}

/// A progress bar on standard error, drawn only on a terminal and only for work of at least 8 files
/// (the total is known from the first report, so catalogs need no count up front).
final class ProgressBar: Sendable {
    private let drawn = Atomic<Bool>(false)

    private init?() {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
    }

    /// Runs `body` with a progress callback (nil when stderr isn't a terminal), clearing the bar afterwards.
    static func showing<Result>(_ body: ((@Sendable (Int, Int) -> Void)?) throws(GamutError) -> Result) throws(GamutError) -> Result {
        let bar = ProgressBar()
        defer { bar?.finish() }
        var progress: (@Sendable (Int, Int) -> Void)?
        if let bar { progress = { done, total in bar.update(done, total) } }
        return try body(progress)
    }

    private func update(_ done: Int, _ total: Int) {
        guard total >= 8 else { return }
        drawn.store(true, ordering: .relaxed)
        let width = 30
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        // Clear to the end of the line: the catalogs' count follows the files' and may be shorter.
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) files\u{1B}[K".utf8))
    }

    private func finish() {
        if drawn.load(ordering: .relaxed) { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
