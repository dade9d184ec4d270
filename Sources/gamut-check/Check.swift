import ArgumentParser
import Foundation
import GamutKit

/// `gamut-check check`: what does someone on an sRGB display lose?
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check PNG files and folders for colors that clip, collapse or band on the target display.",
        discussion: """
            Rules: color-collapse (error), visible-clipping (warning), gradient-clipping (warning), \
            out-of-gamut (info), unreadable (error). Thresholds and their defaults are in the README. \
            Folders are searched recursively for .png files; files are checked in parallel. A file that \
            can't be read is an `unreadable` finding and the others are still checked.

            Exit codes: 0 no finding at or above --fail-on; 1 findings at or above it; 2 usage error or an \
            output that could not be written.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }
    enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning, never }

    @Argument(help: "PNG files and folders.")
    var paths: [String] = []

    @Option(help: "The display to check against: srgb, display-p3, adobe-rgb, linear-srgb, linear-display-p3, or an RGB matrix/TRC .icc file.")
    var target: String = "srgb"

    @Option(help: "Report format: text, json or sarif.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(name: .customLong("clip-mask"), help: "Write a clip-mask PNG per image with out-of-gamut pixels into this folder.")
    var clipMask: String?

    @Option(name: .customLong("visible-clip"), help: "ΔE00 at which clipping is visible.")
    var visibleClip: Double = AnalysisSettings().visibleClip

    @Option(name: .customLong("collapse-source"), help: "ΔE00 from which two source colors are distinguishable.")
    var collapseSource: Double = AnalysisSettings().collapseSource

    @Option(name: .customLong("collapse-shown"), help: "ΔE00 below which two shown colors are indistinguishable.")
    var collapseShown: Double = AnalysisSettings().collapseShown

    @Option(name: .customLong("collapse-min-pixels"), help: "Pixels each collapsing color must cover in an image.")
    var collapseMinimumPixels: Int = AnalysisSettings().collapseMinimumPixels

    @Option(name: .customLong("gradient-min-length"), help: "Shortest flattened run, in pixels, reported as a clipping gradient.")
    var gradientMinimumLength: Int = AnalysisSettings().gradientMinimumLength

    @Option(name: .customLong("tolerance"), help: "Out-of-gamut tolerance in linear target light.")
    var tolerance: Double = AnalysisSettings().gamutTolerance

    @Option(name: .customLong("display-depth"), help: "Bits per channel of the target display.")
    var displayDepth: Int = AnalysisSettings().displayBitDepth

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Give at least one PNG file or folder to check.") }
        guard visibleClip > 0, collapseSource > 0, collapseShown > 0, tolerance >= 0 else {
            throw ValidationError("Thresholds must be positive.")
        }
        guard (1...16).contains(displayDepth) else { throw ValidationError("--display-depth must be 1–16.") }
        guard collapseMinimumPixels >= 1, gradientMinimumLength >= 2 else {
            throw ValidationError("--collapse-min-pixels must be ≥ 1 and --gradient-min-length ≥ 2.")
        }
        if let clipMask {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: clipMask, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--clip-mask \(clipMask) is not a folder.")
            }
        }
    }

    func run() throws {
        var settings = AnalysisSettings()
        settings.visibleClip = visibleClip
        settings.collapseSource = collapseSource
        settings.collapseShown = collapseShown
        settings.collapseMinimumPixels = collapseMinimumPixels
        settings.gradientMinimumLength = gradientMinimumLength
        settings.gamutTolerance = tolerance
        settings.displayBitDepth = displayDepth
        let targetProfile = try ColorProfile.named(target)

        let files = AssetChecker.pngFiles(in: paths)
        let bar = ProgressBar(total: files.count)
        var progress: (@Sendable (Int, Int) -> Void)?
        if let bar { progress = { done, total in bar.update(done, total) } }
        let report = try AssetChecker.check(files: files, target: targetProfile, settings: settings, clipMaskDirectory: clipMask,
                                            progress: progress)
        bar?.finish()

        let text: String
        switch format {
        case .text:
            let colors = output == nil && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            text = TextRenderer(colors: colors).render(report)
        case .json: text = JSONRenderer.render(report, toolVersion: GamutCheck.version)
        case .sarif: text = SARIFRenderer.render(report, toolVersion: GamutCheck.version)
        }
        if let output {
            try CheckReport.write(text, to: output)
        } else {
            print(text, terminator: "")
        }
        let outputErrors = report.files.compactMap { $0.outputError }
        for error in outputErrors { printError("gamut-check: \(error)") }
        if !outputErrors.isEmpty { throw ExitCode.usageOrInputError }
        let threshold: Severity? = switch failOn {
        case .error: .error
        case .warning: .warning
        case .never: nil
        }
        if let threshold, report.hasFindings(atLeast: threshold) { throw ExitCode.findings }
    }
}

/// A progress bar on standard error, shown only for many files on a terminal.
final class ProgressBar: Sendable {
    let total: Int

    init?(total: Int) {
        guard total >= 8, isatty(STDERR_FILENO) == 1 else { return nil }
        self.total = total
    }

    func update(_ done: Int, _ total: Int) {
        let width = 30
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) files".utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
