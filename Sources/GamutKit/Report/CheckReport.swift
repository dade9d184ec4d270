/// The result of checking files: per-file analyses and findings, and totals.
public struct CheckReport: Sendable {
    /// One checked file.
    public struct FileResult: Sendable {
        /// The path as given (or found under a given folder).
        public var path: String
        /// The analysis, when the file could be read.
        public var analysis: ImageAnalysis?
        /// Its findings (an `unreadable` finding when it couldn't be read).
        public var findings: [Finding]
        /// The clip mask written for it, if any.
        public var clipMask: String?
        /// A failure to write its clip mask.
        public var outputError: GamutError?
        /// Set when the file was refused by a limit the caller can raise (an image over the pixel budget,
        /// ``ImageFile/DecodingOptions/maximumPixels``); it also has an `unreadable` finding. The CLI exits 2 for it.
        public var refusal: GamutError?
        /// Pictures for the HTML report, made while the file was checked when they were asked for.
        public var pictures: [HTMLVisuals.Picture]?
    }

    /// Checked files, in path order.
    public var files: [FileResult]
    /// The target display's profile name.
    public var target: String
    /// The settings used.
    public var settings: AnalysisSettings
    /// Findings of advisory rules the policy left out (see ``Rule/isAdvisory``), by rule id.
    public var notShown: [RuleID: Int] = [:]

    /// Creates a report.
    public init(files: [FileResult], target: String, settings: AnalysisSettings) {
        self.files = files
        self.target = target
        self.settings = settings
    }

    /// All findings, file by file.
    public var findings: [Finding] { files.flatMap(\.findings) }

    /// How many findings have each severity.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether any finding is at or above `severity`.
    public func hasFindings(atLeast severity: Severity) -> Bool { findings.contains { $0.severity >= severity } }
}

extension CheckReport {
    /// Writes a rendered report to `path` atomically (a temporary file renamed into place).
    /// - Throws: ``GamutError`` `.io` naming the file.
    public static func write(_ text: String, to path: String) throws(GamutError) {
        try FileIO.writeAtomically(Array(text.utf8), to: path)
    }
}
