import Foundation

/// Planning the image sets' sRGB images.
extension Planner {
    /// Plans an sRGB image (converted with the mapping when the fix is applied, same depth, sRGB profile embedded) and its
    /// entry for each image named that has no sRGB partner (`analyses`: the audit's, by file: the images' sizes and
    /// collapsing colors, so that converting them doesn't analyze them again); images that have one are left to people
    /// (`skipped`). In the sets of `unpaired` (an `unpaired-display-gamut` finding), every `display-P3` image without an sRGB partner gets one too, and an image
    /// without `display-gamut` beside an sRGB image is marked `display-P3`, so the pair is complete.
    mutating func images(
        _ files: Set<String>, unpaired: Set<String> = [], analyses: [String: ImageAnalysis] = [:],
        decoding: ImageFile.DecodingOptions
    ) throws(GamutError) {
        var jobs: [(asset: CatalogAsset, entry: CatalogImageEntry, path: String)] = []
        for asset in catalog.assets where asset.kind == .imageSet {
            for entry in asset.images {
                guard let path = entry.path, entry.displayGamut != .sRGB else { continue }
                let sibling = asset.images.first {
                    $0.displayGamut == .sRGB && $0.filename != nil && $0.idiom == entry.idiom && $0.scale == entry.scale
                        && $0.appearance == entry.appearance
                }
                if unpaired.contains(asset.name), let sibling, entry.displayGamut == nil {
                    try markDisplayP3(entry, beside: sibling, in: asset)
                    continue
                }
                guard files.contains(path) || (unpaired.contains(asset.name) && entry.displayGamut == .displayP3 && sibling == nil) else {
                    continue
                }
                if sibling != nil {
                    skipped.append("\(asset.name): \(entry.filename ?? "") already has an sRGB variant; replace it by hand")
                    continue
                }
                jobs.append((asset, entry, path))
            }
        }
        // The images are converted when the fix is applied (see CatalogFix.FileChange.contents()), not held here.
        for job in jobs {
            let (asset, entry) = (job.asset, job.entry)
            let name = newName(for: job.path, in: asset)
            let newPath = (asset.folder as NSString).appendingPathComponent(name)
            let analysis = analyses[job.path]
            let size = analysis.map { "\($0.width)×\($0.height), " } ?? ""
            var change = CatalogFix.FileChange(
                path: newPath, kind: .created, original: [], updated: [],
                summary:
                    "sRGB variant of \(entry.filename ?? ""): \(ColorProfile.sRGB.name), \(size)the source's bit depth (16 or 8), "
                    + "\(mapping.rawValue) mapping")
            change.replacesLeftover = FileManager.default.fileExists(atPath: newPath)
            change.conversion = CatalogFix.PlannedConversion(
                source: job.path, mapping: mapping, separation: separation, settings: settings, decoding: decoding,
                collapseGroups: analysis?.collapseGroups, sourceIdentity: FileIO.identity(of: job.path))
            created.append(change)
            let contents = try file(asset.contentsFile)
            guard let array = contents.root["images"], let entries = array.elements, let k = Planner.index(entry.keyPath),
                k < entries.count,
                let filename = entries[k]["filename"]
            else {
                skipped.append("\(asset.name): \(entry.keyPath) not found")
                continue
            }
            var fileEdits = edits[asset.contentsFile] ?? JSONEdits()
            var copy = JSONEdits()
            copy.replace(filename.range, with: "\"\(name)\"")
            Planner.addSRGBVariant(of: k, in: entries, array: array, bytes: contents.bytes, copy: copy, edits: &fileEdits)
            edits[asset.contentsFile] = fileEdits
            variants.append(
                CatalogFix.Variant(
                    asset: asset.name, appearance: [entry.appearance.description, entry.scale].compactMap { $0 }.joined(separator: ", "),
                    source: entry.filename ?? "", written: name, deltaE: 0))
        }
    }

    /// Marks an image entry `display-P3` beside its existing sRGB partner.
    private mutating func markDisplayP3(
        _ entry: CatalogImageEntry, beside sibling: CatalogImageEntry, in asset: CatalogAsset
    ) throws(GamutError) {
        let contents = try file(asset.contentsFile)
        guard let entries = contents.root["images"]?.elements, let k = Planner.index(entry.keyPath), k < entries.count else { return }
        var fileEdits = edits[asset.contentsFile] ?? JSONEdits()
        JSONEdits.insertMember("display-gamut", "\"display-P3\"", into: entries[k], bytes: contents.bytes, edits: &fileEdits)
        edits[asset.contentsFile] = fileEdits
        variants.append(
            CatalogFix.Variant(
                asset: asset.name, appearance: [entry.appearance.description, entry.scale].compactMap { $0 }.joined(separator: ", "),
                source: entry.filename ?? "", written: "\(sibling.filename ?? "") (the existing sRGB image, now paired)",
                deltaE: 0))
    }

    /// `name-sRGB.png`, or `name-sRGB-2.png` … when taken. A file of that name that no entry references may be what an
    /// interrupted `fix --write` left: ``CatalogFix/apply()`` keeps it when it is the image it would write, and stops
    /// otherwise (it is then someone's own file).
    func newName(for path: String, in asset: CatalogAsset) -> String {
        let folder = asset.folder
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var candidate = "\(stem)-sRGB.png", n = 2
        while (FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(candidate))
            && !asset.unreferencedFiles.contains { ($0 as NSString).lastPathComponent == candidate })
            || created.contains(where: {
                ($0.path as NSString).lastPathComponent == candidate && ($0.path as NSString).deletingLastPathComponent == folder
            })
        {
            candidate = "\(stem)-sRGB-\(n).png"
            n += 1
        }
        return candidate
    }
}
