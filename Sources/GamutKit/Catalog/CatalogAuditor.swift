import Dispatch
import Foundation

/// The result of auditing asset catalogs: what was read, and the findings with the policy applied.
public struct CatalogAudit: Sendable {
    /// The catalogs read, in the order given.
    public var catalogs: [AssetCatalog]
    /// The findings, grouped by file (each `Contents.json` and each image read), with the policy's
    /// severities and suppressions applied.
    public var report: CheckReport
    /// The color sets' resolved entries and findings, per catalog (as `catalogs`), before the policy: the fix plan
    /// starts from them.
    var colorFindings: [ColorFindings] = []

    /// Every finding, with the policy's severities and suppressions applied, file by file.
    public var findings: [Finding] { report.findings }

    /// Findings at or above `severity`.
    public func findings(atLeast severity: Severity) -> [Finding] { report.findings.filter { $0.severity >= severity } }
}

/// Audits `.xcassets` catalogs against the HIG's color guidance: the rules in `Rules` (catalog section),
/// with the analyzer run on every PNG an image set references. The library behind `gamut-check PATH.xcassets`
/// and ``CatalogTestHarness``.
///
/// Catalogs audited together are taken as one app's (its main catalog, widgets, watch app): `missing-dark-variant`
/// applies only when one of them has dark variants, and a catalog that doesn't say which platforms it is for (no
/// app icon, say) is taken to be for the others' platforms (see `CatalogPlatform/infer(_:)`).
public enum CatalogAuditor {
    /// Audits catalogs.
    /// - Parameters:
    ///   - paths: `.xcassets` folders.
    ///   - policy: the policy to use; nil uses each catalog's own `.gamut-check.json` when it has one, else the defaults.
    ///   - target: the display to check against; nil uses the policy's target (sRGB by default).
    ///   - adjust: changes applied to each catalog's settings after its policy is loaded (the CLI's threshold options).
    ///   - showAdvisory: true turns advisory rules on (the CLI's `--advisory`) whatever the policy says; nil leaves it
    ///     to the policy (``GamutPolicy/showsAdvisory``).
    ///   - decoding: limits for the images the catalogs reference (pixel budget, file size).
    ///   - cacheDirectory: a folder (made when missing) where each image's analysis is kept between audits, keyed by the
    ///     file's bytes, the settings, the target, the decoding limits and this build of GamutKit, so that a rerun decodes
    ///     and analyzes only the images that changed and reports exactly what an uncached audit does; entries unused for
    ///     30 days are removed. nil analyzes every image. See <doc:CommandLineReference> (`--cache`).
    ///   - progress: called after each image (done, total), from any thread.
    /// - Throws: ``GamutError`` `.invalidCatalog` for a path that isn't a folder, `.io` for a cache folder that can't be
    ///   made, `.invalidPolicy` for a catalog's
    ///   invalid `.gamut-check.json`, `.unsupportedProfile` for a target that isn't an RGB matrix/TRC profile.
    public static func audit(
        _ paths: [String], policy: GamutPolicy? = nil, target: ColorProfile? = nil,
        adjust: ((inout AnalysisSettings) -> Void)? = nil, showAdvisory: Bool? = nil,
        decoding: ImageFile.DecodingOptions = .init(), cacheDirectory: String? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GamutError) -> CatalogAudit {
        let cache = try cacheDirectory.map { folder throws(GamutError) in try AnalysisCache(directory: folder) }
        let audit = try audit(
            paths, policy: policy, target: target, adjust: adjust, showAdvisory: showAdvisory, decoding: decoding,
            pictures: false, cache: cache, progress: progress)
        cache?.sweepIfDue()
        return audit
    }

    /// Audits catalogs, as ``audit(_:policy:target:adjust:showAdvisory:decoding:cacheDirectory:progress:)`` does, with
    /// the analyses kept in `cache`; `pictures` also makes the HTML report's pictures of each image with findings while
    /// it is in memory (and then no analysis comes from the cache).
    static func audit(
        _ paths: [String], policy: GamutPolicy? = nil, target: ColorProfile? = nil,
        adjust: ((inout AnalysisSettings) -> Void)? = nil, showAdvisory: Bool? = nil,
        decoding: ImageFile.DecodingOptions = .init(), pictures: Bool, cache: AnalysisCache? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GamutError) -> CatalogAudit {
        var catalogs: [AssetCatalog] = []
        var colorFindings: [ColorFindings] = []
        var files: [CheckReport.FileResult] = []
        var targetName = (target ?? .sRGB).name
        var settings = (policy ?? GamutPolicy()).settings
        var notShown: [RuleID: Int] = [:]
        var read: [AssetCatalog] = []
        for path in paths { read.append(try CatalogReader.read(path)) }
        let contexts = CatalogContext.contexts(for: read)
        for (path, (catalog, context)) in zip(paths, zip(read, contexts)) {
            let ownPolicyPath = (path.hasSuffix("/") ? path : path + "/") + GamutPolicy.fileName
            var catalogPolicy = GamutPolicy()
            if let policy {
                catalogPolicy = policy
            } else if FileManager.default.fileExists(atPath: ownPolicyPath) {
                catalogPolicy = try GamutPolicy.load(contentsOf: ownPolicyPath)
            }
            adjust?(&catalogPolicy.settings)
            try catalogPolicy.settings.validate()
            if let showAdvisory { catalogPolicy.showsAdvisory = showAdvisory }
            let targetProfile = catalogPolicy.settings.targetProfile(target)
            // The color sets are audited on one thread while the images take the others (colors take a second or
            // so on a large catalog, most of it otherwise alone on one core).
            let colorAudit = Locked<Result<(ColorFindings, AccessibilityFindings), GamutError>?>(nil)
            let group = DispatchGroup()
            DispatchQueue.global(qos: .userInitiated).async(group: group) { [catalogPolicy] in
                let result: Result<(ColorFindings, AccessibilityFindings), GamutError>
                do throws(GamutError) {
                    let colors = try ColorFindings(
                        catalog: catalog, target: targetProfile, settings: catalogPolicy.settings, context: context,
                        declaredRoles: catalogPolicy.declaredRoles)
                    result = .success((colors, try AccessibilityFindings(catalog: catalog, colors: colors, policy: catalogPolicy)))
                } catch {
                    result = .failure(error)
                }
                colorAudit.withLock { $0 = result }
            }
            let shipping = ships(path, notShipping: catalogPolicy.notShipping)
            let images = auditImages(
                catalog, target: targetProfile, settings: catalogPolicy.settings, decoding: decoding, ships: shipping,
                pictures: pictures, cache: cache, progress: progress)
            group.wait()
            let (colors, accessibility) = try colorAudit.withLock { $0! }.get()
            var found = catalog.readingFindings + colors.findings + accessibility.findings + images.findings
            if !shipping { found = found.map(notShipping) }
            let (findings, hidden) = catalogPolicy.partition(found)
            notShown.merge(hidden, uniquingKeysWith: +)
            var byFile: [String: [Finding]] = [:]
            for finding in findings { byFile[finding.location.file, default: []].append(finding) }
            let paths = Set(catalog.contentsFiles).union(images.analyses.keys).union(byFile.keys)
            for file in paths.sorted() {
                var result = CheckReport.FileResult(
                    path: file, analysis: images.analyses[file], findings: byFile[file] ?? [], clipMask: nil, outputError: nil)
                result.pictures = images.pictures[file]
                files.append(result)
            }
            catalogs.append(catalog)
            colorFindings.append(colors)
            targetName = targetProfile.name
            settings = catalogPolicy.settings
        }
        var report = CheckReport(files: files, target: targetName, settings: settings)
        report.notShown = notShown
        return CatalogAudit(catalogs: catalogs, report: report, colorFindings: colorFindings)
    }

    /// The rules a catalog that doesn't ship is audited for: what stops Xcode building it, or ships nothing.
    static let buildBreaking: Set<RuleID> = [.catalogSyntax, .catalogInvalid, .unsafePath, .missingFile, .unreadable]

    /// A finding of a catalog that doesn't ship: advice, unless it is about what stops Xcode building the catalog.
    static func notShipping(_ finding: Finding) -> Finding {
        buildBreaking.contains(finding.ruleID) ? finding : finding.advisory()
    }

    /// Whether the catalog at `path` ships with the app: no folder of its path (relative to the current directory when
    /// it lies under it) matches a `notShipping` name (``GamutPolicy``: test folders and `Preview Content` by default).
    static func ships(_ path: String, notShipping: [String]) -> Bool {
        guard !notShipping.isEmpty else { return true }
        var relative = path
        let current = FileManager.default.currentDirectoryPath
        let root = current.hasSuffix("/") ? current : current + "/"
        if path.hasPrefix("/"), path.hasPrefix(root) { relative = String(path.dropFirst(root.count)) }
        let folders = relative.split(separator: "/").map(String.init)
        return !folders.contains { folder in notShipping.contains { fnmatch($0, folder, 0) == 0 } }
    }

    /// Whether `path` names an asset catalog (a folder whose name ends in `.xcassets`).
    public static func isCatalog(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lowercased().hasSuffix(".xcassets") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// A finding at a catalog location.
    static func finding(
        _ rule: Rule, file: String, line: Int? = nil, keyPath: String? = nil, asset: String?, message: String,
        values: [String: Double] = [:], region: PixelRect? = nil, swatches: [Swatch] = []
    ) -> Finding {
        var finding = Finding(
            ruleID: rule.id, severity: rule.defaultSeverity,
            location: FindingLocation(file: file, region: region, line: line, keyPath: keyPath, asset: asset),
            message: message, values: values, fixHint: rule.fixHint, swatches: swatches)
        finding.isAdvisory = rule.isAdvisory
        return finding
    }
}
