import Foundation

/// Audits a project's asset catalogs from its own XCTest or Swift Testing suite. GamutKit imports neither
/// framework: ``verify(_:failOn:policy:cacheDirectory:)`` throws a ``CatalogAuditFailure`` whose description lists every
/// finding as `path:line: severity: message`, with absolute paths Xcode opens, and both frameworks report a
/// thrown error with its description.
///
/// ```swift
/// import GamutKit
/// import Testing
///
/// @Test func assetCatalogsFollowTheHIG() throws {
///     try CatalogTestHarness.verify(CatalogTestHarness.catalogs(under: "MyApp", relativeTo: #filePath, levelsUp: 2))
/// }
/// ```
public enum CatalogTestHarness {
    /// Audits `catalogs` and throws when a finding is at or above `failOn`.
    /// - Parameters:
    ///   - catalogs: `.xcassets` folders; none is a failure (a moved catalog must not pass silently).
    ///   - failOn: the severity from which a finding fails (warning by default).
    ///   - policy: the policy; nil uses each catalog's `.gamut-check.json`, else the defaults.
    ///   - cacheDirectory: a folder where image analyses are kept between runs, so that a test run after a change
    ///     analyzes only the images that changed, with the same findings (as ``CatalogAuditor`` keeps them); nil
    ///     analyzes every image.
    /// - Returns: the audit, for further assertions.
    /// - Throws: ``CatalogAuditFailure`` listing the failing findings; ``GamutError`` when a catalog can't be read at all.
    @discardableResult
    public static func verify(
        _ catalogs: [String], failOn: Severity = .warning, policy: GamutPolicy? = nil, cacheDirectory: String? = nil
    ) throws -> CatalogAudit {
        guard !catalogs.isEmpty else {
            throw CatalogAuditFailure(findings: [], catalogs: [], failOn: failOn)
        }
        let audit = try CatalogAuditor.audit(catalogs, policy: policy, cacheDirectory: cacheDirectory)
        let failing = audit.findings(atLeast: failOn)
        if !failing.isEmpty { throw CatalogAuditFailure(findings: failing, catalogs: catalogs, failOn: failOn) }
        return audit
    }

    /// The `.xcassets` folders under `folder` (searched recursively, hidden folders skipped), sorted.
    /// A relative `folder` is taken relative to the folder `levelsUp` levels above `file` — pass `#filePath`
    /// to find the catalogs of the project a test file sits in.
    public static func catalogs(under folder: String, relativeTo file: String? = nil, levelsUp: Int = 1) -> [String] {
        var base = folder
        if let file, !folder.hasPrefix("/") {
            var url = URL(fileURLWithPath: file)
            for _ in 0..<max(levelsUp, 1) { url.deleteLastPathComponent() }
            base = url.appendingPathComponent(folder).standardizedFileURL.path
        }
        if CatalogAuditor.isCatalog(base) { return [base] }
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { enumerator.skipDescendants(); continue }
            if name.lowercased().hasSuffix(".xcassets") {
                found.append(base + "/" + relative)
                enumerator.skipDescendants()
            }
        }
        return found.sorted()
    }
}

/// The error ``CatalogTestHarness/verify(_:failOn:policy:cacheDirectory:)`` throws: the findings at or above the
/// failing severity, described one per line as Xcode diagnostics.
public struct CatalogAuditFailure: Error, CustomStringConvertible, Sendable {
    /// The failing findings.
    public var findings: [Finding]
    /// The catalogs audited.
    public var catalogs: [String]
    /// The severity that fails.
    public var failOn: Severity

    public var description: String {
        guard !catalogs.isEmpty else { return "No asset catalog to audit: check the path given to CatalogTestHarness." }
        let counts = Severity.allCases.reversed().compactMap { s -> String? in
            let n = findings.filter { $0.severity == s }.count
            return n == 0 ? nil : "\(n) \(s)" + (n == 1 || s == .info ? "" : "s")
        }
        return "Asset catalog audit failed (\(counts.joined(separator: ", ")) at or above \(failOn)):\n"
            + findings.map { XcodeRenderer.line($0) }.joined(separator: "\n")
    }
}
