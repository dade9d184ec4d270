import Dispatch
import Foundation

/// Plans ``CatalogFix``es: for color sets that clip visibly or collapse on sRGB displays (or have a
/// `display-P3` entry without its `sRGB` partner), sRGB
/// `display-gamut` variants from a gamut mapping (colors that must stay apart — collapsing pairs and the
/// variants of one color — mapped as a group, so they stay at least the separation apart); for image sets
/// with wide-gamut content that clips or collapses, sRGB images (converted with the mapping, same depth,
/// sRGB profile embedded) and their entries. The original entry gets `"display-gamut" : "display-P3"`.
///
/// Edits keep each `Contents.json`'s formatting: the new entry is a copy of the original's text with only
/// the color space, the components (in the file's own encoding) and the display gamut changed.
public enum CatalogFixer {
    /// How to fix.
    public struct Options: Sendable {
        /// The mapping for the sRGB values. Default ``GamutMapping/preserveSeparation``.
        public var mapping: GamutMapping = .preserveSeparation
        /// The ΔE00 collapsing colors keep; nil: the policy's `collapseShown` + 1, at least 2.
        public var separation: Double?
        /// The policy; nil uses the catalog's own `.gamut-check.json`, or the defaults.
        public var policy: GamutPolicy?
        /// Decoder limits for images.
        public var decoding: PNG.DecodingOptions = .init()

        /// The defaults.
        public init(mapping: GamutMapping = .preserveSeparation, separation: Double? = nil, policy: GamutPolicy? = nil) {
            self.mapping = mapping
            self.separation = separation
            self.policy = policy
        }
    }

    static let colorRules: Set<String> = [Rules.colorNeedsSRGBVariant.id, Rules.colorCollapse.id, Rules.srgbSlotOutOfGamut.id,
                                          Rules.unpairedDisplayGamut.id]
    static let imageRules: Set<String> = [Rules.imageNeedsSRGBVariant.id, Rules.colorCollapse.id, Rules.gradientClipping.id]

    /// Plans the fix of one catalog (reads it and its images; writes nothing).
    /// - Throws: ``GamutError`` when the catalog can't be read, its policy is invalid, or the target isn't sRGB.
    public static func plan(_ catalogPath: String, options: Options = .init()) throws(GamutError) -> CatalogFix {
        let audit = try CatalogAuditor.audit([catalogPath], policy: options.policy, decoding: options.decoding)
        guard let catalog = audit.catalogs.first else { throw GamutError(.io, "not an asset catalog", path: catalogPath) }
        let settings = audit.report.settings
        guard settings.target == .sRGB || settings.target == nil else {
            throw GamutError(.invalidArgument, "fix writes sRGB display-gamut variants; the policy's target must be srgb", path: catalogPath)
        }
        let separation = options.separation ?? max(2, settings.collapseShown + 1)
        let findings = audit.report.findings
        var plan = Planner(catalog: catalog, settings: settings, separation: separation, mapping: options.mapping)
        let colorAssets = Set(findings.filter { colorRules.contains($0.ruleID) && $0.location.file.hasSuffix(".colorset/Contents.json") }.compactMap(\.location.asset))
        try plan.colors(colorAssets)
        let imageFiles = Set(findings.filter { imageRules.contains($0.ruleID) && !$0.location.file.hasSuffix("Contents.json") }.map(\.location.file))
        try plan.images(imageFiles, decoding: options.decoding)
        return plan.result()
    }
}

/// The planning state: edits per `Contents.json`, new images, notes.
private struct Planner {
    let catalog: AssetCatalog
    let settings: AnalysisSettings
    let separation: Double
    let mapping: GamutMapping
    var edits: [String: JSONEdits] = [:]
    var parsed: [String: (bytes: [UInt8], root: LocatedJSON)] = [:]
    var created: [CatalogFix.FileChange] = []
    var variants: [CatalogFix.Variant] = []
    var skipped: [String] = []

    init(catalog: AssetCatalog, settings: AnalysisSettings, separation: Double, mapping: GamutMapping) {
        self.catalog = catalog
        self.settings = settings
        self.separation = separation
        self.mapping = mapping
    }

    mutating func file(_ path: String) throws(GamutError) -> (bytes: [UInt8], root: LocatedJSON) {
        if let p = parsed[path] { return p }
        let bytes = try FileIO.read(path, maximumSize: 1 << 22, what: "Contents.json")
        guard let root = try? LocatedJSON.parse(bytes) else { throw GamutError(.invalidCatalog, "Contents.json is not valid JSON", path: path) }
        parsed[path] = (bytes, root)
        return (bytes, root)
    }

    static func index(_ keyPath: String) -> Int? {
        guard let open = keyPath.lastIndex(of: "["), let close = keyPath.lastIndex(of: "]") else { return nil }
        return Int(keyPath[keyPath.index(after: open)..<close])
    }

    // MARK: Colors

    mutating func colors(_ names: Set<String>) throws(GamutError) {
        guard !names.isEmpty else { return }
        let target = ColorProfile.sRGB
        let found = try ColorFindings(catalog: catalog, target: target, settings: settings)
        let mapper = try GamutMapper(source: .displayP3, target: target)
        guard let p3 = ColorProfile.displayP3.shaper, let p3FromXYZ = p3.toXYZD50.inverse else { return }
        let maximum = Double((1 << settings.displayBitDepth) - 1)

        struct Member { var resolved: ColorFindings.Resolved; var fix: Bool; var sibling: ColorFindings.Resolved? }
        func sameContext(_ a: CatalogAppearance, _ b: CatalogAppearance) -> Bool {
            a.highContrast == b.highContrast && (a.luminosity == b.luminosity || (a.luminosity != .dark && b.luminosity != .dark))
        }
        var members: [Member] = []
        for resolved in found.perAsset {
            for r in resolved where !r.isSystem && r.entry.displayGamut != .sRGB {
                let sibling = resolved.first {
                    $0.entry.displayGamut == .sRGB && $0.entry.idiom == r.entry.idiom && $0.entry.appearance == r.entry.appearance
                }
                let name = catalog.assets[r.asset].name
                // Out of sRGB, or a display-P3 slot with no sRGB slot beside it (its sRGB variant is then the color itself).
                let fix = names.contains(name) && (r.evaluation.isOutOfGamut || (r.entry.displayGamut == .displayP3 && sibling == nil))
                members.append(Member(resolved: !fix ? sibling ?? r : r, fix: fix, sibling: sibling))
            }
        }
        let fixes = members.indices.filter { members[$0].fix }
        guard !fixes.isEmpty else { return }
        // Partners: colors sRGB devices show near a fixed color's CSS mapping, in the same context or of the same set.
        let fixSources = fixes.map { p3Encoded(members[$0].resolved, p3FromXYZ: p3FromXYZ) }
        let cssLabs = fixSources.map { mapper.targetLab(mapper.map($0, mapping: .css)) }
        var group: [Int] = fixes
        for (i, m) in members.enumerated() where !m.fix {
            let shown = m.resolved.evaluation.shownLab
            let near = fixes.indices.contains { f in
                let fm = members[fixes[f]].resolved
                let related = fm.asset == m.resolved.asset || (fm.entry.idiom == m.resolved.entry.idiom && sameContext(fm.entry.appearance, m.resolved.entry.appearance))
                guard related else { return false }
                // ΔE76 × 1.5 bounds ΔE00 from above: a cheap first filter.
                let dl = cssLabs[f].l - shown.l, da = cssLabs[f].a - shown.a, db = cssLabs[f].b - shown.b
                return (dl * dl + da * da + db * db).squareRoot() < 1.5 * (separation + 5)
                    && CIEDE2000.difference(cssLabs[f], shown) < separation + 5
            }
            if near { group.append(i) }
        }
        let sources = fixSources + group.dropFirst(fixes.count).map { p3Encoded(members[$0].resolved, p3FromXYZ: p3FromXYZ) }
        var fixed: [Int: [Double]] = [:]
        for (g, i) in group.enumerated() where !members[i].fix { fixed[g] = members[i].resolved.evaluation.shown.map { Double($0) / maximum } }
        let resolvedGroup = group.map { members[$0].resolved }
        let related = { (x: Int, y: Int) -> Bool in
            let a = resolvedGroup[x], b = resolvedGroup[y]
            return a.asset == b.asset ? a.entry.idiom == b.entry.idiom
                : a.entry.idiom == b.entry.idiom && sameContext(a.entry.appearance, b.entry.appearance)
        }
        let mapped = mapper.map(group: sources, mapping: mapping, separation: separation, fixed: fixed, related: related)
        for (g, i) in group.enumerated() where members[i].fix {
            try write(members[i].resolved, sibling: members[i].sibling, srgb: mapped[g], mapper: mapper, source: sources[g])
        }
    }

    func p3Encoded(_ r: ColorFindings.Resolved, p3FromXYZ: Matrix3) -> [Double] {
        guard let model = r.profile.shaper else { return [0, 0, 0] }
        let xyz = model.toXYZD50 * (0..<3).map { c in model.curves[c].linearize(r.components[c]) }
        return (p3FromXYZ * xyz).map { TransferFunction.sRGB.encode($0) }
    }

    mutating func write(_ r: ColorFindings.Resolved, sibling: ColorFindings.Resolved?, srgb: [Double], mapper: GamutMapper, source: [Double]) throws(GamutError) {
        let asset = catalog.assets[r.asset]
        let path = asset.contentsFile
        let (bytes, root) = try file(path)
        guard let colors = root["colors"], let entries = colors.elements, let k = Planner.index(r.entry.keyPath), k < entries.count else {
            skipped.append("\(asset.name): \(r.entry.keyPath) not found in \(path)")
            return
        }
        var fileEdits = edits[path] ?? JSONEdits()
        let entry = entries[k]
        let style = ComponentStyle(components: entry["color"]?["components"])
        let written = srgb.map(style.quantize)
        func componentEdits(_ node: LocatedJSON, _ e: inout JSONEdits) {
            if let space = node["color"]?["color-space"] { e.replace(space.range, with: "\"srgb\"") }
            for (c, key) in ["red", "green", "blue"].enumerated() {
                if let v = node["color"]?["components"]?[key] { e.replace(v.range, with: style.format(written[c])) }
            }
        }
        if let sibling, let s = Planner.index(sibling.entry.keyPath), s < entries.count {
            componentEdits(entries[s], &fileEdits)
        } else {
            var copy = JSONEdits()
            componentEdits(entry, &copy)
            Planner.addSRGBVariant(of: k, in: entries, array: colors, bytes: bytes, copy: copy, edits: &fileEdits)
        }
        edits[path] = fileEdits
        let variant = [r.entry.appearance.description, r.entry.idiom == "universal" ? nil : r.entry.idiom].compactMap { $0 }.joined(separator: ", ")
        variants.append(CatalogFix.Variant(asset: asset.name, appearance: variant, source: ColorText.source(r.components, r.space),
                                           written: ColorText.source(written, "srgb"),
                                           deltaE: CIEDE2000.difference(r.evaluation.sourceLab, mapper.targetLab(written))))
    }

    /// Marks entry `k` `display-P3` (unless it names a display gamut already) and inserts after it a copy of its
    /// text with `copy`'s edits and `display-gamut` `sRGB`, separated as the file separates its entries.
    static func addSRGBVariant(of k: Int, in entries: [LocatedJSON], array: LocatedJSON, bytes: [UInt8], copy: JSONEdits, edits: inout JSONEdits) {
        var copy = copy
        let entry = entries[k]
        if let gamut = entry["display-gamut"] {
            copy.replace(gamut.range, with: "\"sRGB\"")
        } else {
            JSONEdits.insertMember("display-gamut", "\"display-P3\"", into: entry, bytes: bytes, edits: &edits)
            JSONEdits.insertMember("display-gamut", "\"sRGB\"", into: entry, bytes: bytes, edits: &copy)
        }
        edits.insert(separator(entries, k, bytes: bytes, array: array) + JSONEdits.text(bytes[entry.range], edits: copy), at: entry.range.upperBound)
    }

    /// The text that separates array elements in this file (",\n    " in Xcode's files).
    static func separator(_ elements: [LocatedJSON], _ k: Int, bytes: [UInt8], array: LocatedJSON) -> String {
        if k + 1 < elements.count { return JSONEdits.between(bytes, elements[k].range.upperBound, elements[k + 1].range.lowerBound) }
        if k > 0 { return JSONEdits.between(bytes, elements[k - 1].range.upperBound, elements[k].range.lowerBound) }
        return "," + JSONEdits.between(bytes, array.range.lowerBound + 1, elements[k].range.lowerBound)
    }

    // MARK: Images

    mutating func images(_ files: Set<String>, decoding: PNG.DecodingOptions) throws(GamutError) {
        var jobs: [(asset: CatalogAsset, entry: CatalogImageEntry, path: String)] = []
        for asset in catalog.assets where asset.kind == .imageSet {
            for entry in asset.images {
                guard let path = entry.path, files.contains(path), entry.displayGamut != .sRGB else { continue }
                let hasSibling = asset.images.contains {
                    $0.displayGamut == .sRGB && $0.idiom == entry.idiom && $0.scale == entry.scale && $0.appearance == entry.appearance
                }
                if hasSibling {
                    skipped.append("\(asset.name): \(entry.filename ?? "") already has an sRGB variant; replace it by hand")
                    continue
                }
                jobs.append((asset, entry, path))
            }
        }
        // Images are converted in parallel, one per core (decoding and encoding are single-threaded).
        let results = Locked([Int: Result<(bytes: [UInt8], image: Image), GamutError>]())
        let (mapping, separation, settings) = (self.mapping, self.separation, self.settings)
        let paths = jobs.map(\.path)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let result: Result<(bytes: [UInt8], image: Image), GamutError>
            do throws(GamutError) {
                let image = try PNG.read(contentsOf: paths[i], options: decoding)
                let converted = try image.gamutMapped(to: .sRGB, mapping: mapping, bitDepth: image.fileBitDepth >= 16 ? 16 : 8,
                                                      separation: separation, settings: settings, threads: 1)
                result = .success((try PNG.encode(converted), converted))
            } catch {
                result = .failure(error.at(paths[i]))
            }
            results.withLock { $0[i] = result }
        }
        let converted = results.withLock { $0 }
        for (i, job) in jobs.enumerated() {
            let (asset, entry) = (job.asset, job.entry)
            let (encoded, image) = try converted[i]!.get()
            let name = newName(for: job.path, in: asset)
            let newPath = (asset.folder as NSString).appendingPathComponent(name)
            var change = CatalogFix.FileChange(path: newPath, kind: .created, original: [], updated: encoded,
                                               summary: "sRGB variant of \(entry.filename ?? ""): \(ColorProfile.sRGB.name), \(image.fileBitDepth)-bit, "
                                                   + "\(image.width)×\(image.height), \(mapping.rawValue) mapping")
            change.replacesLeftover = FileManager.default.fileExists(atPath: newPath)
            created.append(change)
            let contents = try file(asset.contentsFile)
            guard let array = contents.root["images"], let entries = array.elements, let k = Planner.index(entry.keyPath), k < entries.count,
                  let filename = entries[k]["filename"] else {
                skipped.append("\(asset.name): \(entry.keyPath) not found")
                continue
            }
            var fileEdits = edits[asset.contentsFile] ?? JSONEdits()
            var copy = JSONEdits()
            copy.replace(filename.range, with: "\"\(name)\"")
            Planner.addSRGBVariant(of: k, in: entries, array: array, bytes: contents.bytes, copy: copy, edits: &fileEdits)
            edits[asset.contentsFile] = fileEdits
            variants.append(CatalogFix.Variant(asset: asset.name, appearance: [entry.appearance.description, entry.scale].compactMap { $0 }.joined(separator: ", "),
                                               source: entry.filename ?? "", written: name, deltaE: 0))
        }
    }

    /// `name-sRGB.png`, or `name-sRGB-2.png` … when taken. A file of that name that no entry references (what an
    /// interrupted `fix --write` leaves) is reused.
    func newName(for path: String, in asset: CatalogAsset) -> String {
        let folder = asset.folder
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var candidate = "\(stem)-sRGB.png", n = 2
        while (FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(candidate))
                && !asset.unreferencedFiles.contains { ($0 as NSString).lastPathComponent == candidate })
            || created.contains(where: { ($0.path as NSString).lastPathComponent == candidate && ($0.path as NSString).deletingLastPathComponent == folder }) {
            candidate = "\(stem)-sRGB-\(n).png"
            n += 1
        }
        return candidate
    }

    func result() -> CatalogFix {
        var changes = created
        for path in edits.keys.sorted() {
            guard let (bytes, _) = parsed[path], let e = edits[path] else { continue }
            changes.append(CatalogFix.FileChange(path: path, kind: .edited, original: bytes, updated: e.applied(to: bytes), summary: ""))
        }
        return CatalogFix(catalog: catalog.path, changes: changes, variants: variants, skipped: skipped)
    }
}
