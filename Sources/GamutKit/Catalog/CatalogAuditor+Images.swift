import Dispatch
import Foundation
import Synchronization

extension CatalogAuditor {
    /// Findings and analyses of a catalog's images.
    struct ImageResults {
        var findings: [Finding] = []
        var analyses: [String: ImageAnalysis] = [:]
    }

    /// One image entry to read, with what the rules need to know about its set.
    private struct Job {
        var asset: CatalogAsset
        var entry: CatalogImageEntry
        var path: String
        /// Whether the set has an sRGB display-gamut entry for this entry's idiom, scale and appearance.
        var hasSRGBVariant: Bool
    }

    /// Reads every PNG an image or app icon set references (in parallel, one core per file) and applies the image rules.
    static func auditImages(_ catalog: AssetCatalog, target: ColorProfile, settings: AnalysisSettings, decoding: PNG.DecodingOptions,
                            progress: (@Sendable (Int, Int) -> Void)?) -> ImageResults {
        var results = ImageResults()
        var jobs: [Job] = []
        for asset in catalog.assets where asset.kind == .imageSet || asset.kind == .appIconSet {
            struct Variant: Hashable { var idiom: String, scale: String?, appearance: CatalogAppearance }
            var gamuts: [Variant: Set<CatalogDisplayGamut>] = [:]
            for e in asset.images where e.filename != nil {
                if let g = e.displayGamut { gamuts[Variant(idiom: e.idiom, scale: e.scale, appearance: e.appearance), default: []].insert(g) }
            }
            for entry in asset.images {
                let variant = Variant(idiom: entry.idiom, scale: entry.scale, appearance: entry.appearance)
                if let gamut = entry.displayGamut, let slots = gamuts[variant], slots.count == 1 {
                    let missing: CatalogDisplayGamut = gamut == .sRGB ? .displayP3 : .sRGB
                    results.findings.append(finding(
                        Rules.unpairedDisplayGamut, file: asset.contentsFile, line: entry.line, keyPath: entry.keyPath, asset: asset.name,
                        message: "\(asset.name) has a \(gamut.rawValue) image for \(entry.appearance) (\([entry.idiom, entry.scale].compactMap { $0 }.joined(separator: " "))) but no \(missing.rawValue) image"))
                }
                guard let path = entry.path else { continue }
                guard path.lowercased().hasSuffix(".png") else {
                    results.findings.append(finding(
                        Rules.notChecked, file: path, asset: asset.name,
                        message: "\((path as NSString).lastPathComponent): only PNG images are checked (.\((path as NSString).pathExtension) is not)"))
                    continue
                }
                jobs.append(Job(asset: asset, entry: entry, path: path, hasSRGBVariant: gamuts[variant]?.contains(.sRGB) == true))
            }
        }
        let queued = jobs
        let collected = Locked([(findings: [Finding], analysis: ImageAnalysis?)?](repeating: nil, count: queued.count))
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: queued.count) { index in
            let result = audit(queued[index], target: target, settings: settings, decoding: decoding)
            collected.withLock { $0[index] = result }
            progress?(done.add(1, ordering: .relaxed).newValue, queued.count)
        }
        for (job, result) in zip(jobs, collected.withLock { $0 }) {
            guard let result else { continue }
            results.findings += result.findings
            if let analysis = result.analysis { results.analyses[job.path] = analysis }
        }
        return results
    }

    /// Whether colors of `profile` can leave the target: one of its primaries is outside it.
    static func isWide(_ profile: ColorProfile, target: ColorProfile) -> Bool {
        guard profile.channelCount == 3, let simulation = try? DisplaySimulation(source: profile, target: target) else { return false }
        return [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]].contains { simulation.evaluate($0).isOutOfGamut }
    }

    private static func audit(_ job: Job, target: ColorProfile, settings: AnalysisSettings,
                              decoding: PNG.DecodingOptions) -> (findings: [Finding], analysis: ImageAnalysis?) {
        let path = job.path, name = job.asset.name
        let file = (path as NSString).lastPathComponent
        var findings: [Finding] = []
        func add(_ rule: Rule, _ message: String, values: [String: Double] = [:], region: PixelRect? = nil) {
            findings.append(finding(rule, file: path, asset: name, message: message, values: values, region: region))
        }
        /// An image in the sRGB slot must fit sRGB.
        func checkSRGBSlot(_ analysis: ImageAnalysis) {
            guard job.entry.displayGamut == .sRGB, analysis.outOfGamutPixels > 0 else { return }
            add(Rules.srgbSlotOutOfGamut, "\(file) fills the sRGB slot but \(String(format: "%.2f", analysis.outOfGamutPercent))% of its pixels are outside \(analysis.targetProfile)",
                values: ["outOfGamutPercent": analysis.outOfGamutPercent])
        }
        let image: Image, analysis: ImageAnalysis, wide: Bool
        do {
            image = try PNG.read(contentsOf: path, options: decoding)
            if case .untagged = image.colorSource {
                add(Rules.imageWithoutProfile, "\(file) has no color profile (no iCCP, sRGB, cICP or gAMA/cHRM chunk); displays assume sRGB")
            }
            // A gray or matrix/TRC profile whose primaries are inside the target can't leave it: every pixel
            // is a mix of them, so nothing clips, collapses or flattens, and the pixel pass is skipped.
            wide = isWide(image.profile, target: target)
            let contained = image.profile.channelCount == 1 || (image.profile.shaper != nil && !wide)
            guard !contained else { return (findings, nil) }
            analysis = try ImageAnalyzer.analyze(image, target: target, settings: settings, threads: 1).analysis
        } catch {
            var unreadable = FindingBuilder.unreadable(path, error.at(path))
            unreadable.location.asset = name
            return (findings + [unreadable], nil)
        }
        guard wide else {
            checkSRGBSlot(analysis)
            return (findings, analysis)
        }
        let profile = ColorText.space(of: image.profile)
        if job.asset.isTemplate {
            add(Rules.templateWideGamut, "\(file) is rendered as a template (only its alpha is used) but carries the wide profile \(profile)")
            return (findings, analysis)
        }
        if image.fileBitDepth == 8 {
            add(Rules.p3Image8Bit, "\(file) uses the wide profile \(profile) with 8 bits per channel", values: ["bitDepth": 8])
        }
        if analysis.outOfGamutPixels == 0 {
            add(Rules.wideProfileFitsSRGB, "\(file) carries the wide profile \(profile) but all its pixels are inside \(analysis.targetProfile)")
        }
        if job.entry.displayGamut == .sRGB {
            checkSRGBSlot(analysis)
            return (findings, analysis)
        }
        // What sRGB displays show when the set has no sRGB image: this image, clipped.
        guard !job.hasSRGBVariant else { return (findings, analysis) }
        if analysis.visiblyClippedPixels >= settings.visibleClipMinimumPixels, let worst = analysis.worst {
            add(Rules.imageNeedsSRGBVariant,
                String(format: "%@: %.2f%% of pixels are visibly clipped on %@ (ΔE00 max %.2f, p95 %.2f); worst at %d,%d: %@ shown as %@",
                       file, analysis.visiblyClippedPercent, analysis.targetProfile, analysis.maxDeltaE, analysis.p95DeltaE, worst.x, worst.y,
                       ColorText.source(worst.source, profile), ColorText.hex(worst.shown)),
                values: ["visiblyClippedPercent": analysis.visiblyClippedPercent, "maxDeltaE": analysis.maxDeltaE, "p95DeltaE": analysis.p95DeltaE],
                region: analysis.visiblyClippedBounds)
        }
        for var f in FindingBuilder.findings(for: analysis, file: path, sourceColorSpace: profile, settings: settings)
        where f.ruleID == Rules.colorCollapse.id || f.ruleID == Rules.gradientClipping.id {
            f.location.asset = name
            findings.append(f)
        }
        return (findings, analysis)
    }
}
