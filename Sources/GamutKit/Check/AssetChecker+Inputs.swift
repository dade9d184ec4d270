extension AssetChecker {
    /// How image files and asset catalogs are checked together: the choices `gamut-check check` offers.
    public struct Options: Sendable {
        /// The display to check against; nil uses the policy's target (sRGB by default).
        public var target: ColorProfile?
        /// The policy for image files and catalogs; nil uses each catalog's own `.gamut-check.json` when it has one,
        /// and the defaults for image files.
        public var policy: GamutPolicy?
        /// Changes applied to every policy's settings once it is loaded (the CLI's threshold options). The result is
        /// checked with ``AnalysisSettings/validate()``: the given policy's before any file is analyzed, a catalog's own
        /// policy's when that catalog is audited.
        public var adjustSettings: (@Sendable (inout AnalysisSettings) -> Void)?
        /// True reports advisory rules whatever the policy says (the CLI's `--advisory`); nil leaves it to the policy
        /// (``GamutPolicy/showsAdvisory``).
        public var showAdvisory: Bool?
        /// Limits for every image read (pixel budget, file size).
        public var decoding = ImageFile.DecodingOptions()
        /// Where to write a clip-mask PNG per image file with out-of-gamut pixels; nil writes none.
        public var clipMaskDirectory: String?
        /// Make the HTML report's pictures of each image with findings while it is in memory
        /// (``CheckReport/FileResult/pictures``); the analyses then don't come from ``cache``.
        public var pictures = false
        /// How many image files are read and analyzed at once (each on one core); nil uses every core.
        public var jobs: Int?
        /// Where analyses are kept between runs; nil analyzes every image.
        public var cache: AnalysisCache?

        /// The defaults: each catalog's own policy, sRGB, every core, no cache.
        public init() {}
    }

    /// The inputs at `paths`: asset catalogs (folders named `*.xcassets`, as given) and the image files of the other
    /// paths (``imageFiles(in:)``: files as given, folders searched).
    public static func inputs(_ paths: [String]) -> (files: [String], catalogs: [String]) {
        (imageFiles(in: paths.filter { !CatalogAuditor.isCatalog($0) }), paths.filter(CatalogAuditor.isCatalog))
    }

    /// Checks image files and asset catalogs into one report, the one `gamut-check check` renders: the image files
    /// with the image rules, the catalogs with the catalog rules (``CatalogAuditor``), each under its policy, with
    /// advisory findings left out unless asked for and counted in ``CheckReport/notShown``.
    /// - Parameters:
    ///   - files: image files, as ``inputs(_:)`` lists them.
    ///   - catalogs: `.xcassets` folders.
    ///   - options: the target, policy, limits and cache.
    ///   - progress: called after each image (done, total) of the files, then of the catalogs, from any thread.
    /// - Throws: ``GamutError`` for a policy, target or setting that can't be used, or a catalog path that isn't one; a
    ///   file that can't be read is an `unreadable` finding instead, and the others are still checked.
    public static func check(
        files: [String], catalogs: [String], options: Options, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GamutError) -> CheckReport {
        var policy = options.policy ?? GamutPolicy()
        options.adjustSettings?(&policy.settings)
        try policy.settings.validate()
        if let showAdvisory = options.showAdvisory { policy.showsAdvisory = showAdvisory }
        var report = CheckReport(files: [], target: policy.settings.targetProfile(options.target).name, settings: policy.settings)
        if !files.isEmpty {
            let checked = try check(
                files: files, target: options.target, settings: policy.settings, decoding: options.decoding,
                clipMaskDirectory: options.clipMaskDirectory, pictures: options.pictures, jobs: options.jobs,
                cache: options.cache, progress: progress)
            let applied = policy.apply(to: checked)
            report.files += applied.files
            report.notShown.merge(applied.notShown, uniquingKeysWith: +)
        }
        if !catalogs.isEmpty {
            let audit = try CatalogAuditor.audit(
                catalogs, policy: options.policy, target: options.target, adjust: options.adjustSettings,
                showAdvisory: options.showAdvisory, decoding: options.decoding, pictures: options.pictures,
                cache: options.cache, progress: progress)
            report.files += audit.report.files
            report.notShown.merge(audit.report.notShown, uniquingKeysWith: +)
            // Catalogs alone: the report names what their (own) policies chose.
            if files.isEmpty {
                report.target = audit.report.target
                report.settings = audit.report.settings
            }
        }
        return report
    }
}
