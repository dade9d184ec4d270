import Foundation

/// Shared by both plugins (linked into each plugin's folder: plugins can't depend on a library target).
enum CatalogFinder {
    /// The `.xcassets` folders under `root` (not looking inside catalogs or build folders), sorted.
    static func catalogs(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name.hasPrefix(".build") || name == ".git" {
                walker.skipDescendants()
            } else if url.pathExtension == "xcassets" {
                found.append(url.path)
                walker.skipDescendants()
            }
        }
        return found.sorted()
    }
}
