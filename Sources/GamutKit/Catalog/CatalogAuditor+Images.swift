import Dispatch
import Foundation
import Synchronization

extension CatalogAuditor {
    /// Findings and analyses of a catalog's images.
    struct ImageResults {
        var findings: [Finding] = []
        var analyses: [String: ImageAnalysis] = [:]
        /// The HTML report's pictures of images with findings, when they were asked for.
        var pictures: [String: [HTMLVisuals.Picture]] = [:]
    }

    /// What one image's audit gives.
    private typealias ImageAudit = (findings: [Finding], analysis: ImageAnalysis?, pictures: [HTMLVisuals.Picture]?)

    /// One image entry to read, with what the rules need to know about its set.
    private struct Job {
        var asset: CatalogAsset
        var entry: CatalogImageEntry
        var path: String
        /// Whether the set has an sRGB display-gamut entry for this entry's idiom, scale and appearance.
        var hasSRGBVariant: Bool
        /// Whether another image of the catalog has the same size in bytes (it may be the same picture: see
        /// ``samePicture(_:digests:)``), so the bytes' digest is kept.
        var sizeShared = false
    }

    /// Reads every PNG an image or app icon set references (in parallel, one core per file) and applies the image
    /// rules. A problem the files of one set share (the sizes of an app icon, the scales of an image) is one finding
    /// that lists them (``FindingLocation/files``); in a catalog that doesn't ship (`ships` false), findings become
    /// advice before they are merged, so a set's advice and what was a real finding of one rule are one finding too.
    static func auditImages(
        _ catalog: AssetCatalog, target: ColorProfile, settings: AnalysisSettings, decoding: ImageFile.DecodingOptions,
        ships: Bool = true, pictures: Bool = false, cache: AnalysisCache? = nil, progress: (@Sendable (Int, Int) -> Void)?
    ) -> ImageResults {
        var results = ImageResults()
        var jobs: [Job] = []
        var perFile: [Finding] = []
        for asset in catalog.assets where asset.kind == .imageSet || asset.kind == .appIconSet {
            struct Variant: Hashable { var idiom: String, scale: String?, appearance: CatalogAppearance }
            var gamuts: [Variant: Set<CatalogDisplayGamut>] = [:]
            for e in asset.images where e.filename != nil {
                if let g = e.displayGamut {
                    gamuts[Variant(idiom: e.idiom, scale: e.scale, appearance: e.appearance), default: []].insert(g)
                }
            }
            var unpaired: [CatalogDisplayGamut: [CatalogImageEntry]] = [:]
            for entry in asset.images {
                let variant = Variant(idiom: entry.idiom, scale: entry.scale, appearance: entry.appearance)
                if let gamut = entry.displayGamut, entry.filename != nil, let slots = gamuts[variant], slots.count == 1 {
                    unpaired[gamut, default: []].append(entry)
                }
                guard let path = entry.path else { continue }
                if let format = nonPNGFormat(path) {
                    perFile.append(
                        finding(
                            Rules.notChecked, file: path, asset: asset.name,
                            message:
                                "\((path as NSString).lastPathComponent): only PNG, JPEG, TIFF, WebP, HEIF and AVIF images are checked (this is \(format))"
                        ))
                    continue
                }
                if let mismatch = ImageFormat.mismatch(at: path, head: FileIO.head(path)) {
                    perFile.append(
                        finding(
                            Rules.fileFormatMismatch, file: path, asset: asset.name,
                            message: "\((path as NSString).lastPathComponent) is \(mismatch); it was read by its content"))
                }
                jobs.append(Job(asset: asset, entry: entry, path: path, hasSRGBVariant: gamuts[variant]?.contains(.sRGB) == true))
            }
            for (gamut, entries) in unpaired.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let missing: CatalogDisplayGamut = gamut == .sRGB ? .displayP3 : .sRGB
                let variants = entries.map { e in
                    "\(e.appearance)" + ([e.idiom == "universal" ? nil : e.idiom, e.scale].compactMap { $0 }.map { " " + $0 }.joined())
                }
                var f = finding(
                    Rules.unpairedDisplayGamut, file: asset.contentsFile, line: entries[0].line, keyPath: entries[0].keyPath,
                    asset: asset.name,
                    message:
                        "\(asset.name) has \(gamut.rawValue) images (\(variants.joined(separator: "; "))) but no \(missing.rawValue) image for them"
                )
                if entries.count > 1 { f.values["entries"] = Double(entries.count) }
                results.findings.append(f)
            }
        }
        // Files of equal sizes may be copies of one picture: their digests are kept as they are read.
        var sizes: [Int: Int] = [:]
        let size = jobs.map { job in (try? FileManager.default.attributesOfItem(atPath: job.path))?[.size] as? Int }
        for s in size.compactMap({ $0 }) { sizes[s, default: 0] += 1 }
        for i in jobs.indices { jobs[i].sizeShared = size[i].map { sizes[$0, default: 0] > 1 } ?? false }
        let digests = Locked<[String: String]>([:])
        let queued = jobs
        let keyed = pictures ? nil : cache?.scope(target: target, settings: settings, decoding: decoding, for: .catalogImage)
        let collected = Locked([ImageAudit?](repeating: nil, count: queued.count))
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: queued.count) { index in
            let result = audit(
                queued[index], target: target, settings: settings, decoding: decoding, pictures: pictures, cache: keyed,
                digests: digests)
            collected.withLock { $0[index] = result }
            progress?(done.add(1, ordering: .relaxed).newValue, queued.count)
        }
        for (job, result) in zip(jobs, collected.withLock { $0 }) {
            guard let result else { continue }
            perFile += result.findings
            if let analysis = result.analysis { results.analyses[job.path] = analysis }
            if let made = result.pictures { results.pictures[job.path] = made }
        }
        if !ships { perFile = perFile.map(notShipping) }
        results.findings += samePicture(merged(perFile, analyses: results.analyses), digests: digests.withLock { $0 })
        return results
    }

    /// The rules whose findings are about a picture's pixels, not about its set.
    static let pictureRules: Set<RuleID> = [
        .imageNeedsSRGBVariant, .p3Image8Bit, .imageWithoutProfile, .wideProfileFitsSRGB, .colorCollapse, .gradientClipping,
        .unreadable, .formatNotBuilt, .decoderWarning, .fileFormatMismatch,
    ]

    /// One picture in several sets (an app icon's image also kept as an image set) is one problem: its findings of a
    /// rule are reported once, at the first set, naming the other sets' copies. Files are told apart by the digests of
    /// their bytes (`digests`, by path, kept as the images were read for the files whose size another shares).
    static func samePicture(_ findings: [Finding], digests: [String: String]) -> [Finding] {
        var twin: [String: String] = [:]  // a copy → the first file (in path order) with the same bytes
        var first: [String: String] = [:]
        for (path, digest) in digests.sorted(by: { $0.key < $1.key }) {
            if let original = first[digest] { twin[path] = original } else { first[digest] = path }
        }
        guard !twin.isEmpty else { return findings }
        func files(_ f: Finding) -> [String] { f.location.files ?? [f.location.file] }
        // The finding a copy's finding folds into: same rule, about the first file, in another set.
        var kept: [String: Int] = [:]
        for (i, f) in findings.enumerated() where pictureRules.contains(f.ruleID) {
            for file in files(f) where twin[file] == nil { kept["\(f.ruleID)\u{0}\(file)"] = i }
        }
        var result = findings
        var dropped = Set<Int>()
        for (i, f) in findings.enumerated() where pictureRules.contains(f.ruleID) {
            let copies = files(f).filter { twin[$0] != nil }
            guard copies.count == files(f).count,
                let target = copies.lazy.compactMap({ kept["\(f.ruleID)\u{0}\(twin[$0]!)"] }).first, target != i,
                result[target].location.asset != f.location.asset
            else { continue }
            dropped.insert(i)
            var into = result[target]
            into.location.files = (files(into) + copies).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let names = copies.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
            into.message += "; the same picture is \(f.location.asset ?? "another set")'s \(names)"
            result[target] = into
        }
        return result.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// The rules whose findings are merged per set: one finding for the files of a set that share the problem.
    static let mergedPerSet: Set<RuleID> = [
        .imageNeedsSRGBVariant, .p3Image8Bit, .imageWithoutProfile, .wideProfileFitsSRGB,
        .templateWideGamut, .srgbSlotOutOfGamut, .notChecked, .colorCollapse, .gradientClipping,
    ]

    /// Merges the image findings of one set and rule (and advice apart): the findings of its largest image (the one whose numbers are
    /// reported), each listing every file of the set with that rule.
    static func merged(_ findings: [Finding], analyses: [String: ImageAnalysis]) -> [Finding] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for f in findings {
            // Advice and a real finding of one rule (a banded and a flat 8-bit image) stay apart: neither hides the other.
            let key =
                mergedPerSet.contains(f.ruleID)
                ? "\(f.location.asset ?? "")\u{0}\(f.ruleID)\u{0}\(f.isAdvisory)" : "\(order.count)\u{0}single"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(f)
        }
        return order.flatMap { key -> [Finding] in
            let group = groups[key]!
            let files = Array(Set(group.map(\.location.file))).sorted()
            guard files.count > 1 else { return group }
            func size(_ file: String) -> Int { analyses[file].map { $0.width * $0.height } ?? 0 }
            let representative = files.max { (size($0), $1) < (size($1), $0) }!
            let names = files.map { ($0 as NSString).lastPathComponent }
            let listed =
                names.count <= 8 ? names.joined(separator: ", ") : names.prefix(7).joined(separator: ", ") + " and \(names.count - 7) more"
            return group.filter { $0.location.file == representative }.map { f in
                var f = f
                f.location.files = files
                f.message = "\(files.count) files of \(f.location.asset ?? "the set") (\(listed)); largest: " + f.message
                return f
            }
        }
    }

    /// What a file GamutKit doesn't check is, by its name and first bytes ("a GIF image", "a PDF"), or nil for an image
    /// ``ImageFile`` reads (PNG, JPEG, TIFF, WebP, HEIF, AVIF, told apart by content, whatever the name), or a file too
    /// short to tell, which the PNG decoder then reports.
    static func nonPNGFormat(_ path: String) -> String? {
        let ext = (path as NSString).pathExtension.lowercased()
        switch ImageFormat.sniff(FileIO.head(path)) {
        case .png, .jpeg, .tiff, .webp, .heif, .avif: return nil
        case let other?: return "a \(other.name) \(other == .pdf ? "document" : "image")" + (ext == "png" ? " named .png" : "")
        case nil: return ext == "png" ? nil : "a .\(ext) file"
        }
    }

    /// Whether a file of this bit depth holds 8 bits per channel or fewer (`p3-image-8-bit`): 8-bit RGB, and palettes of
    /// 1–8-bit indices, whose entries are 8-bit colors (a palette optimizer writes 4 bits for 16 colors).
    static func isEightBit(_ fileBitDepth: Int) -> Bool { (1...8).contains(fileBitDepth) }

    /// Whether colors of `profile` can visibly leave the target: one of its primaries or secondaries (the corners of
    /// its gamut) is outside it and clipped by ΔE00 ≥ `visibleClip`. Decided by the primaries, never by the profile's
    /// name: Apple's Generic RGB, whose primaries lie just outside sRGB (clipped by ΔE00 < 0.8), is not wide; a
    /// profile named "sRGB" with P3 primaries is.
    static func isWide(_ profile: ColorProfile, target: ColorProfile, visibleClip: Double = 1.0) -> Bool {
        guard profile.channelCount == 3, let simulation = try? DisplaySimulation(source: profile, target: target) else { return false }
        let corners: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1], [1, 0, 1], [1, 1, 0]]
        return corners.contains { corner in
            let e = simulation.evaluate(corner)
            return e.isOutOfGamut && e.deltaE >= visibleClip
        }
    }

    /// The rules of one image entry; `cache` (with its key context for this catalog) is nil when analyses aren't
    /// kept, and always with pictures.
    private static func audit(
        _ job: Job, target: ColorProfile, settings: AnalysisSettings,
        decoding: ImageFile.DecodingOptions, pictures: Bool, cache: AnalysisCache.Scope?, digests: Locked<[String: String]>
    ) -> ImageAudit {
        let path = job.path, name = job.asset.name
        let file = (path as NSString).lastPathComponent
        var findings: [Finding] = []
        func add(
            _ rule: Rule, _ message: String, values: [String: Double] = [:], region: PixelRect? = nil, advisory: Bool = false,
            fixHint: String? = nil
        ) {
            var f = finding(rule, file: path, asset: name, message: message, values: values, region: region)
            if let fixHint { f.fixHint = fixHint }
            findings.append(advisory ? f.advisory() : f)
        }
        func addUntagged() {
            add(
                Rules.imageWithoutProfile,
                "\(file) has no color profile (no iCCP, sRGB, cICP or gAMA/cHRM chunk); it is shown, and checked, as sRGB")
        }
        /// An image in the sRGB slot must fit sRGB.
        func checkSRGBSlot(_ analysis: ImageAnalysis) {
            guard job.entry.displayGamut == .sRGB, analysis.outOfGamutPixels > 0 else { return }
            add(
                Rules.srgbSlotOutOfGamut,
                "\(file) fills the sRGB slot but \(ColorText.fixed(analysis.outOfGamutPercent, places: 2))% of its pixels are outside \(analysis.targetProfile)",
                values: ["outOfGamutPercent": analysis.outOfGamutPercent])
        }
        // The image's facts: from the cache when it holds this file's bytes under these settings, else from its pixels
        // (and then kept). With pictures, the image itself is kept in memory to draw them from.
        var drawable: (image: Image, output: ImageAnalyzer.Output)?
        let facts: AnalysisCache.Entry
        var untagged = false
        enum Read {
            case kept(AnalysisCache.Entry)
            case decoded(Image, key: String?)
        }
        // The file's kept entry, or its decoded image (and key): the file's bytes are freed before the analysis.
        // An unchanged file's key comes from the index by its identity, without reading the file.
        let identity = cache?.identity(path)
        func read() throws(GamutError) -> Read {
            if let identity, let key = cache?.indexed(identity), let kept = cache?.cache.entry(key, maximumPixels: decoding.maximumPixels) {
                if job.sizeShared { digests.withLock { $0[path] = key } }
                return .kept(kept)
            }
            let bytes = try FileIO.read(path, maximumSize: decoding.maximumFileSize, what: "image file")
            let key = cache?.key(bytes)
            if job.sizeShared {
                let digest = key ?? ContentHash.digest(bytes)
                digests.withLock { $0[path] = digest }
            }
            if let key, let identity { cache?.index(identity, key) }
            if let key, let kept = cache?.cache.entry(key, maximumPixels: decoding.maximumPixels) { return .kept(kept) }
            return .decoded(try ImageFile.decode(bytes, path: path, options: decoding).withIntegerSamples(), key: key)
        }
        do {
            switch try read() {
            case .kept(let kept):
                facts = kept
                untagged = kept.untagged
            case .decoded(let image, let key):
                if case .untagged = image.colorSource { untagged = true }
                // A gray or matrix/TRC profile that can't visibly leave the target: every pixel is a mix of its
                // primaries, so nothing clips, collapses or flattens visibly, and the pixel pass is skipped.
                let wide = isWide(image.profile, target: target, visibleClip: settings.visibleClip)
                let contained = image.profile.channelCount == 1 || (image.profile.shaper != nil && !wide)
                var made = AnalysisCache.Entry(
                    key: key ?? "", untagged: untagged, wide: wide, fileBitDepth: image.fileBitDepth,
                    profile: contained ? "" : ColorText.space(of: image.profile), analysis: nil)
                if !contained {
                    let output = try ImageAnalyzer.analyze(
                        image, target: target, settings: settings, includeClipMask: pictures, threads: 1)
                    made.analysis = output.analysis
                    // What a 16-bit master would spare the derivative: the 8-bit file's bands (`p3-image-8-bit`).
                    if wide && Self.isEightBit(image.fileBitDepth) && !job.asset.isTemplate {
                        made.banding = try ImageAnalyzer.banding(in: image, settings: settings)
                    }
                    if pictures { drawable = (image, output) }
                }
                if key != nil { cache?.cache.keep(made) }
                facts = made
            }
        } catch {
            if untagged { addUntagged() }
            var unreadable = FindingBuilder.unreadable(path, error.at(path))
            unreadable.location.asset = name
            return (findings + [unreadable], nil, nil)
        }
        if untagged { addUntagged() }
        guard let analysis = facts.analysis else { return (findings, nil, nil) }
        // The report's pictures, drawn now from the image in memory, for an image with findings.
        func drawn(_ findings: [Finding]) -> [HTMLVisuals.Picture]? {
            guard let drawable, !findings.isEmpty else { return nil }
            return HTMLVisuals.pictures(of: drawable.image, output: drawable.output, target: target)
        }
        guard facts.wide else {
            checkSRGBSlot(analysis)
            return (findings, analysis, drawn(findings))
        }
        let profile = facts.profile
        if job.asset.isTemplate {
            add(
                Rules.templateWideGamut,
                "\(file) is rendered as a template (only its alpha is used) but carries the wide profile \(profile)")
            return (findings, analysis, drawn(findings))
        }
        if Self.isEightBit(facts.fileBitDepth) {
            if let b = facts.banding {
                add(
                    Rules.p3Image8Bit,
                    String(
                        format: "%@ uses the wide profile %@ with 8 bits per channel, and its smooth ramps band: up to %d band "
                            + "edges a line, lightness steps of ΔE00 up to %.2f (median %.2f), bands ≥ %d px wide, over %d %@%@",
                        file, profile, b.edges, b.largestStep, b.medianStep, b.narrowestBand, b.lines,
                        b.direction == .rows ? "rows" : "columns", b.regions > 1 ? " (\(b.regions) banded regions in all)" : ""),
                    values: ["bitDepth": 8, "bandEdges": Double(b.edges), "largestStep": b.largestStep, "medianStep": b.medianStep],
                    region: b.region)
            } else {
                add(
                    Rules.p3Image8Bit, "\(file) uses the wide profile \(profile) with 8 bits per channel; no banded ramp measured",
                    values: ["bitDepth": 8], advisory: true)
            }
        }
        if analysis.outOfGamutPixels == 0 {
            add(
                Rules.wideProfileFitsSRGB,
                "\(file) carries the wide profile \(profile) but all its pixels are inside \(analysis.targetProfile)")
        }
        if job.entry.displayGamut == .sRGB {
            checkSRGBSlot(analysis)
            return (findings, analysis, drawn(findings))
        }
        // What sRGB displays show when the set has no sRGB image: this image, clipped.
        guard !job.hasSRGBVariant else { return (findings, analysis, drawn(findings)) }
        // An app icon set holds no display-gamut variants: the icon is always matched to sRGB automatically.
        let icon = job.asset.kind == .appIconSet
        if analysis.visiblyClippedPixels >= settings.visibleClipMinimumPixels, let worst = analysis.worst {
            add(
                Rules.imageNeedsSRGBVariant,
                String(
                    format:
                        "%@: %.2f%% of pixels are visibly clipped on %@%@ (ΔE00 max %.2f, p95 %.2f); worst at %d,%d: %@ shown as %@; %@",
                    file, analysis.visiblyClippedPercent, analysis.targetProfile,
                    icon ? " by the automatic match (app icons have no sRGB variant)" : "", analysis.maxDeltaE,
                    analysis.p95DeltaE, worst.x, worst.y, ColorText.source(worst.source, profile), ColorText.hex(worst.shown),
                    FindingBuilder.hueText(analysis, settings)),
                values: [
                    "visiblyClippedPercent": analysis.visiblyClippedPercent, "maxDeltaE": analysis.maxDeltaE,
                    "p95DeltaE": analysis.p95DeltaE, "hueShiftedPixels": Double(analysis.hueShiftedPixels),
                    "maximumHueShift": analysis.maximumHueShift,
                ],
                region: analysis.visiblyClippedBounds, advisory: !FindingBuilder.turnsHue(analysis, settings),
                fixHint: icon ? Rules.appIconFixHint : nil)
        }
        for var f in FindingBuilder.findings(for: analysis, file: path, sourceColorSpace: profile, settings: settings)
        where f.ruleID == .colorCollapse || f.ruleID == .gradientClipping {
            f.location.asset = name
            if icon { f.fixHint = Rules.appIconFixHint }
            findings.append(f)
        }
        return (findings, analysis, drawn(findings))
    }
}
