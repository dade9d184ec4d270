/// The result of checking files: per-file analyses and findings, and totals.
package struct CheckReport: Sendable {
    /// One checked file.
    package struct FileResult: Sendable {
        /// The path as given (or found under a given folder).
        package var path: String
        /// The analysis, when the file could be read.
        package var analysis: ImageAnalysis?
        /// Its findings (an `unreadable` finding when it couldn't be read).
        package var findings: [Finding]
        /// The clip mask written for it, if any.
        package var clipMask: String?
        /// A failure to write its clip mask.
        package var outputError: GamutError?
        /// Set when the file was refused by a limit the caller can raise (an image over the pixel budget,
        /// ``PNG/DecodingOptions/maximumPixels``); it also has an `unreadable` finding. The CLI exits 2 for it.
        package var refusal: GamutError?
        /// Pictures for the HTML report, made while the file was checked when they were asked for.
        package var pictures: [HTMLVisuals.Picture]?
    }

    /// Checked files, in path order.
    package var files: [FileResult]
    /// The target display's profile name.
    package var target: String
    /// The settings used.
    package var settings: AnalysisSettings
    /// Findings of advisory rules the policy left out (see ``Rule/isAdvisory``), by rule id.
    package var notShown: [RuleID: Int] = [:]

    /// Creates a report.
    package init(files: [FileResult], target: String, settings: AnalysisSettings) {
        self.files = files
        self.target = target
        self.settings = settings
    }

    /// All findings, file by file.
    package var findings: [Finding] { files.flatMap(\.findings) }

    /// How many findings have each severity.
    package func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether any finding is at or above `severity`.
    package func hasFindings(atLeast severity: Severity) -> Bool { findings.contains { $0.severity >= severity } }
}

extension CheckReport {
    /// Writes a rendered report to `path` atomically (a temporary file renamed into place).
    /// - Throws: ``GamutError`` `.io` naming the file.
    package static func write(_ text: String, to path: String) throws(GamutError) {
        try FileIO.writeAtomically(Array(text.utf8), to: path)
    }
}
