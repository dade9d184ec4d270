import Foundation

/// The changes `gamut-check fix` makes to an asset catalog, planned by ``CatalogFixer`` and written by
/// ``apply()``: sRGB `display-gamut` variants for color sets and image sets that clip visibly or collapse on
/// sRGB displays. Planning writes nothing.
@_spi(Tools) public struct CatalogFix: Sendable {
    /// One file the fix edits or creates.
    public struct FileChange: Sendable {
        /// A `Contents.json` edited in place, or a new sRGB image.
        public enum Kind: String, Sendable {
            /// An existing `Contents.json`, edited.
            case edited
            /// A new sRGB image.
            case created
        }
        /// The file's path.
        public var path: String
        /// Edited or created.
        public var kind: Kind
        /// The file's bytes before (empty for a new file).
        public var original: [UInt8]
        /// The file's bytes after.
        public var updated: [UInt8]
        /// For new images: profile, depth and size.
        package var summary: String
        /// A new image replaces a file no entry references that an interrupted fix left (same name).
        package var replacesLeftover = false
    }

    /// One sRGB variant the fix writes (or an entry it pairs with an existing sRGB variant, marking it `display-P3`).
    package struct Variant: Sendable, Hashable {
        /// The set's name (`Brand/Accent`).
        package var asset: String
        /// What the variant is for ("dark", "any, 2x").
        package var appearance: String
        /// The wide-gamut value, as CSS, and the sRGB value written, as CSS.
        package var source: String, written: String
        /// ΔE00 between them.
        package var deltaE: Double
    }

    /// The catalog.
    public var catalog: String
    /// Files to edit or create, `Contents.json` files last.
    public var changes: [FileChange]
    /// The variants, in catalog order.
    package var variants: [Variant]
    /// Sets the fix can't handle, and why.
    public var skipped: [String]

    /// Whether there is nothing to change.
    public var isEmpty: Bool { changes.isEmpty }

    /// A readable diff: unified diffs of the `Contents.json` files, one line per new image.
    public var diff: String {
        let base = (catalog as NSString).deletingLastPathComponent
        func relative(_ p: String) -> String { p.hasPrefix(base + "/") ? String(p.dropFirst(base.count + 1)) : p }
        return changes.map { change in
            switch change.kind {
            case .created: "new file: \(relative(change.path)) (\(change.summary))\n"
            case .edited:
                LineDiff.unified(
                    String(decoding: change.original, as: UTF8.self), String(decoding: change.updated, as: UTF8.self),
                    path: relative(change.path))
            }
        }.joined()
    }

    /// Writes the changes: new images first, then each `Contents.json`, each through a temporary file and a
    /// rename. A file that changed since planning is not overwritten. On failure, images already written are
    /// removed and `Contents.json` files already replaced are restored, so the catalog is as before.
    /// - Throws: ``GamutError`` `.io` naming the file.
    public func apply() throws(GamutError) {
        var done: [FileChange] = []
        do throws(GamutError) {
            for change in changes {
                switch change.kind {
                case .created:
                    guard change.replacesLeftover || !FileManager.default.fileExists(atPath: change.path) else {
                        throw GamutError(.io, "exists already; run the fix again", path: change.path)
                    }
                case .edited:
                    guard (try? FileIO.read(change.path, maximumSize: 1 << 22, what: "Contents.json")) == change.original else {
                        throw GamutError(.io, "changed since the fix was planned; run it again", path: change.path)
                    }
                }
                try FileIO.writeAtomically(change.updated, to: change.path)
                done.append(change)
            }
        } catch {
            for change in done.reversed() {
                switch change.kind {
                case .created: if !change.replacesLeftover { unlink(change.path) }
                case .edited: try? FileIO.writeAtomically(change.original, to: change.path)
                }
            }
            throw error
        }
    }
}
