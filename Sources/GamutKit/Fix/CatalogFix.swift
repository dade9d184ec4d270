import Dispatch
import Foundation

/// The changes `gamut-check fix` makes to an asset catalog, planned by ``CatalogFixer`` and written by
/// ``apply()``: sRGB `display-gamut` variants for color sets and image sets that clip visibly or collapse on
/// sRGB displays. Planning writes nothing.
public struct CatalogFix: Sendable {
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
        /// The file's bytes after; empty for a new image, which is made when the fix is applied (``contents()``).
        public var updated: [UInt8]
        /// For new images: profile, size and mapping.
        public var summary: String
        /// For a new image: a file no entry references has its name, as an interrupted fix leaves one. ``apply()``
        /// keeps it when its bytes are the new image's, and otherwise stops before changing anything more.
        public var replacesLeftover = false
        /// For a new image: the image it is converted from, and how.
        public var conversion: PlannedConversion?

        /// The file's bytes after: ``updated``, or for a new image the converted image, decoded, mapped and encoded now
        /// (planning a fix converts no image, so that a catalog's new images are never all in memory at once).
        /// - Throws: ``GamutError`` naming the source image when it can't be read or converted.
        public func contents() throws(GamutError) -> [UInt8] {
            try conversion?.encoded() ?? updated
        }
    }

    /// How a new sRGB image is made from an image set's wide-gamut image.
    public struct PlannedConversion: Sendable {
        /// The image converted (any format the audit reads).
        public var source: String
        /// How the source's colors are brought into sRGB.
        public var mapping: GamutMapping
        /// The ΔE00 collapsing colors keep (``GamutMapping/preserveSeparation``).
        public var separation: Double
        /// The analyzer's thresholds, for finding the collapsing colors.
        public var settings: AnalysisSettings
        /// The limits the source is read with.
        public var decoding: ImageFile.DecodingOptions
        /// The source's collapsing colors as the audit found them (nil: found again when converting).
        public var collapseGroups: [ImageCollapseGroup]?
        /// The source's identity when the fix was planned (its path, inode, size and times); a source changed since is refused.
        public var sourceIdentity: [Int]?

        /// The source converted to sRGB with the mapping, at 16 bits for sources of 16 bits or more and 8 otherwise, the
        /// sRGB profile embedded, as PNG bytes. Runs on one core (``CatalogFix/apply()`` converts one image per core).
        func encoded() throws(GamutError) -> [UInt8] {
            do throws(GamutError) {
                guard FileIO.identity(of: source) == sourceIdentity else {
                    throw GamutError(.io, "changed since the fix was planned; run it again", path: source)
                }
                let image = try ImageFile.read(contentsOf: source, options: decoding).withIntegerSamples()
                let converted = try image.gamutMapped(
                    to: .sRGB, mapping: mapping, bitDepth: image.fileBitDepth >= 16 ? 16 : 8, separation: separation,
                    settings: settings, threads: 1, collapseGroups: collapseGroups)
                return try PNG.encode(converted)
            } catch {
                throw error.at(source)
            }
        }
    }

    /// One sRGB variant the fix writes (or an entry it pairs with an existing sRGB variant, marking it `display-P3`).
    public struct Variant: Sendable, Hashable {
        /// The set's name (`Brand/Accent`).
        public var asset: String
        /// What the variant is for ("dark", "any, 2x").
        public var appearance: String
        /// The wide-gamut value, as CSS, and the sRGB value written, as CSS.
        public var source: String, written: String
        /// ΔE00 between them.
        public var deltaE: Double
    }

    /// The catalog.
    public var catalog: String
    /// Files to edit or create, `Contents.json` files last.
    public var changes: [FileChange]
    /// The variants, in catalog order.
    public var variants: [Variant]
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

    /// Writes the changes: new images first (converted now, as many at once as there are cores, and written in order by
    /// the calling thread), then each `Contents.json`, each through a temporary file and a rename. A file that changed
    /// since planning is not overwritten. On failure (an image that can't be converted, a file that can't be written),
    /// images already written are removed and `Contents.json` files already replaced are restored, so the catalog is as
    /// before.
    /// - Throws: ``GamutError`` naming the file.
    public func apply() throws(GamutError) {
        let created = changes.filter { $0.kind == .created }, edited = changes.filter { $0.kind == .edited }
        var done: [FileChange] = []
        do throws(GamutError) {
            for change in created where !change.replacesLeftover && FileManager.default.fileExists(atPath: change.path) {
                throw GamutError(.io, "exists already; run the fix again", path: change.path)
            }
            let batch = max(1, ProcessInfo.processInfo.activeProcessorCount)
            for start in stride(from: 0, to: created.count, by: batch) {
                let range = start..<min(created.count, start + batch)
                let converted = Locked([Int: Result<[UInt8], GamutError>]())
                DispatchQueue.concurrentPerform(iterations: range.count) { k in
                    let change = created[range.lowerBound + k]
                    let result = Result { () throws(GamutError) in try change.contents() }
                    converted.withLock { $0[k] = result }
                }
                let results = converted.withLock { $0 }
                for k in 0..<range.count {
                    let change = created[range.lowerBound + k]
                    let bytes = try results[k]!.get()
                    if change.replacesLeftover, let existing = try? FileIO.read(change.path, maximumSize: 1 << 31, what: "image") {
                        // Never written over: the same bytes are what an interrupted fix wrote; others are someone's.
                        guard existing == bytes else {
                            throw GamutError(
                                .io,
                                "exists already, is referenced by no entry and isn't the image fix makes: assign it or move it, then run the fix again",
                                path: change.path)
                        }
                        continue
                    }
                    try FileIO.writeAtomically(bytes, to: change.path, replacing: false)
                    done.append(change)
                }
            }
            for change in edited {
                guard (try? FileIO.read(change.path, maximumSize: 1 << 22, what: "Contents.json")) == change.original else {
                    throw GamutError(.io, "changed since the fix was planned; run it again", path: change.path)
                }
                try FileIO.writeAtomically(change.updated, to: change.path)
                done.append(change)
            }
        } catch {
            for change in done.reversed() {
                switch change.kind {
                case .created: unlink(change.path)
                case .edited: try? FileIO.writeAtomically(change.original, to: change.path)
                }
            }
            throw error
        }
    }
}
