import Dispatch
import Foundation
import Synchronization

/// Checks image files, folders of them and asset catalogs into one report: the library behind `gamut-check check`.
public enum AssetChecker {
    /// The image files at `paths`: files as given, folders searched recursively for the extensions of the formats
    /// GamutKit reads (``ImageFormat/readableExtensions``: PNG, JPEG, TIFF, WebP, HEIF, AVIF; each file is then
    /// decoded by its content, not its name), hidden entries and symbolic links to folders skipped (so link loops
    /// end), sorted. Paths that don't exist are kept, and so are symbolic links with those extensions whose target is
    /// missing (dangling), so that checking them reports them as unreadable rather than skipping them silently.
    public static func imageFiles(in paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard
                let enumerator = FileManager.default.enumerator(
                    at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            else { continue }
            var found: [String] = []
            for case let url as URL in enumerator where ImageFormat.readableExtensions.contains(url.pathExtension.lowercased()) {
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                let dangling = values?.isSymbolicLink == true && !FileManager.default.fileExists(atPath: url.path)
                if values?.isRegularFile == true || dangling {
                    let relative = url.path.hasPrefix(root.path) ? String(url.path.dropFirst(root.path.count)) : "/" + url.lastPathComponent
                    found.append(path.hasSuffix("/") ? path + relative.dropFirst() : path + relative)
                }
            }
            files += found.sorted()
        }
        return files
    }

    /// Checks `paths` (files and folders) against the settings' target, analyzing files in parallel.
    /// A file that can't be read gets an `unreadable` finding; the others are still checked.
    /// - Parameters:
    ///   - paths: image files, and folders searched as ``imageFiles(in:)`` does.
    ///   - settings: the thresholds.
    ///   - decoding: limits for every image read.
    ///   - clipMaskDirectory: where to write a clip-mask PNG per image with out-of-gamut pixels (nil: none).
    ///   - progress: called after each file with (done, total), from any thread.
    ///   - target: the display to check against; nil uses the settings' built-in target (sRGB by default).
    ///   - pictures: make the HTML report's pictures of each file with findings while it is in memory
    ///     (``CheckReport/FileResult/pictures``).
    static func check(
        _ paths: [String], target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        decoding: ImageFile.DecodingOptions = .init(), clipMaskDirectory: String? = nil, pictures: Bool = false,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GamutError) -> CheckReport {
        try check(
            files: imageFiles(in: paths), target: target, settings: settings, decoding: decoding,
            clipMaskDirectory: clipMaskDirectory, pictures: pictures, progress: progress)
    }

    /// Checks image files already listed (by ``imageFiles(in:)``), as ``check(_:target:settings:decoding:clipMaskDirectory:pictures:progress:)`` does.
    /// - Parameters:
    ///   - files: the image files.
    ///   - target: the display to check against; nil uses the settings' built-in target (sRGB by default).
    ///   - settings: the thresholds.
    ///   - decoding: limits for every image read.
    ///   - clipMaskDirectory: where to write a clip-mask PNG per image with out-of-gamut pixels (nil: none).
    ///   - pictures: make the HTML report's pictures of each file with findings while it is in memory.
    ///   - progress: called after each file with (done, total), from any thread.
    ///   - jobs: how many files are read and analyzed at once (each on one core); nil uses every core. Memory grows
    ///     with `jobs` (one decoded image each), never with the number of files.
    ///   - cache: where the files' analyses are kept between runs (``AnalysisCache``); not used with clip masks or
    ///     pictures, which need the pixels.
    static func check(
        files: [String], target: ColorProfile? = nil, settings: AnalysisSettings = .init(),
        decoding: ImageFile.DecodingOptions = .init(), clipMaskDirectory: String? = nil, pictures: Bool = false, jobs: Int? = nil,
        cache: AnalysisCache? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GamutError) -> CheckReport {
        let target = settings.targetProfile(target)
        let keyed =
            clipMaskDirectory != nil || pictures
            ? nil : cache?.scope(target: target, settings: settings, decoding: decoding, for: .imageFile)
        // Fail early, for every file at once, on settings out of range or a target that can't be simulated.
        try settings.validate()
        _ = try DisplaySimulation(source: .sRGB, target: target, displayBitDepth: settings.displayBitDepth)
        let results = Locked([CheckReport.FileResult?](repeating: nil, count: files.count))
        let done = Atomic<Int>(0)
        // Several files: one core each, `jobs` files at a time (each worker takes the next file when it is done); a
        // single file: all cores (or `jobs` of them) for it.
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, files.count))
        let threadsPerFile = files.count == 1 ? jobs : 1
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let result: CheckReport.FileResult
                switch keyed.flatMap({ lookUp(files[index], decoding: decoding, in: $0) }) {
                case .kept(let analysis, let profile, let warnings, let head)?:
                    result = CheckReport.FileResult(
                        path: files[index], analysis: analysis,
                        findings: findings(
                            analysis, path: files[index], profile: profile, warnings: warnings, head: head, settings: settings),
                        clipMask: nil, outputError: nil)
                case let lookUp:
                    result = checkFile(
                        files[index], target: target, settings: settings, decoding: decoding,
                        clipMaskDirectory: clipMaskDirectory, pictures: pictures, threads: threadsPerFile,
                        keepIn: lookUp?.missed)
                }
                results.withLock { $0[index] = result }
                let count = done.add(1, ordering: .relaxed).newValue
                progress?(count, files.count)
            }
        }
        return CheckReport(files: results.withLock { $0.compactMap { $0 } }, target: target.name, settings: settings)
    }

    /// What the cache holds for a file: its kept analysis (with what its findings need), or where to keep the one
    /// about to be made: the key of the bytes read, and the file's identity before they were read.
    enum LookUp {
        case kept(ImageAnalysis, profile: String, warnings: [String], head: [UInt8])
        case miss(Miss)

        var missed: Miss? {
            if case .miss(let miss) = self { return miss }
            return nil
        }
    }

    /// Where a file's analysis goes once made: under `key` in `scope`, if the file still has `identity` (so the bytes
    /// hashed are the bytes analyzed).
    struct Miss {
        var scope: AnalysisCache.Scope
        var key: String
        var identity: [Int]
    }

    /// Reads and hashes a file once: its kept entry, or a miss to keep its analysis under; nil when it can't be read
    /// or examined (the uncached check then reports why, in its own words).
    static func lookUp(_ path: String, decoding: ImageFile.DecodingOptions, in scope: AnalysisCache.Scope) -> LookUp? {
        guard let identity = FileIO.identity(of: path),
            let bytes = try? FileIO.read(path, maximumSize: decoding.maximumFileSize, what: "image file")
        else { return nil }
        let key = scope.key(bytes)
        guard let kept = scope.cache.entry(key, maximumPixels: decoding.maximumPixels), let analysis = kept.analysis,
            let warnings = kept.warnings
        else { return .miss(Miss(scope: scope, key: key, identity: identity)) }
        return .kept(analysis, profile: kept.profile, warnings: warnings, head: Array(bytes.prefix(16)))
    }

    /// A file's findings: its analysis's, the decoder's warnings, and a name that doesn't match its format.
    private static func findings(
        _ analysis: ImageAnalysis, path: String, profile: String, warnings: [String], head: [UInt8], settings: AnalysisSettings
    ) -> [Finding] {
        FindingBuilder.findings(for: analysis, file: path, sourceColorSpace: profile, settings: settings)
            + warnings.map { FindingBuilder.decoderWarning(path, $0) }
            + (ImageFormat.mismatch(at: path, head: head).map { [FindingBuilder.formatMismatch(path, $0)] } ?? [])
    }

    /// Checks one file; with `keepIn`, its analysis is kept in the cache under the key of the bytes read before it,
    /// when the file's size, time and inode didn't change meanwhile.
    static func checkFile(
        _ path: String, target: ColorProfile, settings: AnalysisSettings, decoding: ImageFile.DecodingOptions,
        clipMaskDirectory: String?, pictures: Bool = false, threads: Int?, keepIn miss: Miss? = nil
    ) -> CheckReport.FileResult {
        do throws(GamutError) {
            // A PNG is analyzed on its rows as they are decoded from the file; pictures need the whole image.
            let (analyzed, image, head) = try ImageAnalyzer.analyzeFile(
                path, target: target, settings: settings, options: decoding,
                includeClipMask: clipMaskDirectory != nil || pictures, threads: threads, keepImage: pictures)
            let output = analyzed.output
            let profile = ColorText.space(of: analyzed.profile)
            let findings = findings(
                output.analysis, path: path, profile: profile, warnings: analyzed.warnings, head: head, settings: settings)
            if let miss, FileIO.identity(of: path) == miss.identity {
                // A file's entry needs no catalog facts (untagged, wide, depth): its findings come from the analysis.
                miss.scope.cache.keep(
                    AnalysisCache.Entry(
                        key: miss.key, untagged: false, wide: true, fileBitDepth: 0, profile: profile, analysis: output.analysis,
                        warnings: analyzed.warnings))
            }
            var maskPath: String?
            var outputError: GamutError?
            if let directory = clipMaskDirectory, let mask = output.clipMask, output.analysis.outOfGamutPixels > 0 {
                let name = path.replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: ".png", with: "", options: [.caseInsensitive])
                let destination = (directory.hasSuffix("/") ? directory : directory + "/") + name + ".clip.png"
                do {
                    try PNG.write(mask, to: destination)
                    maskPath = destination
                } catch {
                    outputError = error
                }
            }
            var result = CheckReport.FileResult(
                path: path, analysis: output.analysis, findings: findings, clipMask: maskPath, outputError: outputError)
            if pictures, !findings.isEmpty, let image { result.pictures = HTMLVisuals.pictures(of: image, output: output, target: target) }
            return result
        } catch {
            let error = error.at(path)
            return .init(
                path: path, analysis: nil, findings: [FindingBuilder.unreadable(path, error)], clipMask: nil, outputError: nil,
                refusal: error.code == .imageTooLarge ? error : nil)
        }
    }
}
