import Foundation
@testable import GamutKit

/// Small asset catalogs written into temporary folders, in the styles real projects use.
enum CatalogFixtures {
    /// A new empty folder under the temporary directory.
    static func temporaryFolder() -> String {
        TestScratch.folder("gamutkit-catalog-")
    }

    /// Writes `files` (relative path → text) into a new `Test.xcassets` and returns its path.
    static func catalog(_ files: [String: String], binary: [String: [UInt8]] = [:]) throws -> String {
        let root = temporaryFolder() + "/Test.xcassets"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: root + "/Contents.json"))
        for (path, text) in files { try write(Array(text.utf8), root + "/" + path) }
        for (path, bytes) in binary { try write(bytes, root + "/" + path) }
        return root
    }

    static func write(_ bytes: [UInt8], _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A colorset `Contents.json` with one entry per item: (color JSON, extra entry members JSON).
    static func colorset(_ entries: [(color: String, extra: String)]) -> String {
        let list = entries.map { entry in
            "{ \(entry.extra.isEmpty ? "" : entry.extra + ", ")\"color\" : \(entry.color), \"idiom\" : \"universal\" }"
        }
        return "{\n  \"colors\" : [\n    " + list.joined(separator: ",\n    ")
            + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
    }

    /// `{"color-space": space, "components": {…}}` from name → JSON value text.
    static func color(_ space: String, _ components: [(String, String)]) -> String {
        "{ \"color-space\" : \"\(space)\", \"components\" : { " + components.map { "\"\($0.0)\" : \($0.1)" }.joined(separator: ", ")
            + " } }"
    }

    static let dark = #""appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ]"#
    static let highContrast = #""appearances" : [ { "appearance" : "contrast", "value" : "high" } ]"#

    /// Components of the one color of a set.
    static func components(_ catalog: AssetCatalog, _ name: String) -> [Double]? {
        guard case .components(_, let values, _)? = catalog.assets.first(where: { $0.name == name })?.colors.first?.color else {
            return nil
        }
        return values
    }
}

extension CatalogFixer.Options {
    /// The fix of everything measured, advice included: a P3 green that only loses chroma gets its variant too, so the
    /// fixer's edits can be tested on the simplest wide color.
    static var advising: CatalogFixer.Options {
        var policy = GamutPolicy()
        policy.showsAdvisory = true
        return CatalogFixer.Options(policy: policy)
    }
}
