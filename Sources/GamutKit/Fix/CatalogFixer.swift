import Dispatch
import Foundation

/// Plans ``CatalogFix``es: for color sets that clip visibly or collapse on sRGB displays, or whose `display-gamut`
/// slots are unpaired or hold a color outside sRGB, sRGB `display-gamut` variants from a gamut mapping (colors that
/// must stay apart — collapsing pairs, the variants of one color, and the colors one device shows together, its own
/// idiom's and the `universal` ones — mapped as a group, so they stay at least the separation apart, or their own
/// difference when that is smaller); an existing sRGB slot is corrected in place. For image sets with wide-gamut
/// content that clips or collapses, or `display-P3` images without an sRGB partner, sRGB images (converted with the
/// mapping, same depth, sRGB profile embedded) and their entries. The original entry gets `"display-gamut" : "display-P3"`.
///
/// Edits keep each `Contents.json`'s formatting: the new entry is a copy of the original's text with only
/// the color space, the components (in the file's own encoding and precision) and the display gamut changed; a new
/// key goes where Xcode's sorted order puts it, or, in an older file whose keys aren't sorted, before the entry's
/// color or filename. An edit that would leave a file as it is isn't made: a second run on fixed output plans nothing.
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
        public var decoding: ImageFile.DecodingOptions = .init()
        /// A folder where the audit the plan starts from keeps its image analyses, as
        /// ``CatalogAuditor/audit(_:policy:target:adjust:showAdvisory:decoding:cacheDirectory:progress:)`` does; nil
        /// analyzes every image.
        public var cacheDirectory: String?
        /// Whether advice is fixed too (a P3 color whose clip keeps its hue gets an sRGB variant): true as the CLI's
        /// `fix --advisory`; nil leaves it to the policy (``GamutPolicy/showsAdvisory``).
        public var showAdvisory: Bool?

        /// The defaults.
        public init(mapping: GamutMapping = .preserveSeparation, separation: Double? = nil, policy: GamutPolicy? = nil) {
            self.mapping = mapping
            self.separation = separation
            self.policy = policy
        }
    }

    static let colorRules: Set<RuleID> = [
        .colorNeedsSRGBVariant, .colorCollapse, .srgbSlotOutOfGamut,
        .unpairedDisplayGamut,
    ]
    static let imageRules: Set<RuleID> = [.imageNeedsSRGBVariant, .colorCollapse, .gradientClipping]

    /// Plans the fix of one catalog (reads it and its images; writes nothing).
    /// - Throws: ``GamutError`` when the catalog can't be read, its policy is invalid, or the target isn't sRGB.
    public static func plan(_ catalogPath: String, options: Options = .init()) throws(GamutError) -> CatalogFix {
        let audit = try CatalogAuditor.audit(
            [catalogPath], policy: options.policy, showAdvisory: options.showAdvisory, decoding: options.decoding,
            cacheDirectory: options.cacheDirectory)
        guard let catalog = audit.catalogs.first, let colorFindings = audit.colorFindings.first else {
            throw GamutError(.io, "not an asset catalog", path: catalogPath)
        }
        let settings = audit.report.settings
        guard settings.target == .sRGB || settings.target == nil else {
            throw GamutError(
                .invalidArgument, "fix writes sRGB display-gamut variants; the policy's target must be srgb", path: catalogPath)
        }
        let separation = options.separation ?? max(2, settings.collapseShown + 1)
        let findings = audit.report.findings
        var plan = Planner(catalog: catalog, settings: settings, separation: separation, mapping: options.mapping)
        // Findings are matched to what they are about by the catalog's own model: the set named in the finding and its
        // kind, and the image files its image sets reference.
        let kinds = Dictionary(catalog.assets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        func about(_ finding: Finding, _ kind: CatalogAsset.Kind) -> String? {
            finding.location.asset.flatMap { kinds[$0] == kind ? $0 : nil }
        }
        let setImages = Set(
            catalog.assets.filter { $0.kind == .imageSet || $0.kind == .appIconSet }.flatMap { $0.images.compactMap(\.path) })
        try plan.colors(
            Set(findings.filter { colorRules.contains($0.ruleID) }.compactMap { about($0, .colorSet) }), found: colorFindings)
        let imageFiles = Set(
            findings.filter { imageRules.contains($0.ruleID) }
                .flatMap { $0.location.files ?? [$0.location.file] }.filter(setImages.contains))
        let unpairedImages = Set(findings.filter { $0.ruleID == .unpairedDisplayGamut }.compactMap { about($0, .imageSet) })
        let analyses = Dictionary(
            audit.report.files.compactMap { file in file.analysis.map { (file.path, $0) } }, uniquingKeysWith: { first, _ in first })
        try plan.images(imageFiles, unpaired: unpairedImages, analyses: analyses, decoding: options.decoding)
        return plan.result()
    }
}

/// The planning state: edits per `Contents.json`, new images, notes.
struct Planner {
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
        guard let root = try? LocatedJSON.parse(bytes) else {
            throw GamutError(.invalidCatalog, "Contents.json is not valid JSON", path: path)
        }
        parsed[path] = (bytes, root)
        return (bytes, root)
    }

    static func index(_ keyPath: String) -> Int? {
        guard let open = keyPath.lastIndex(of: "["), let close = keyPath.lastIndex(of: "]") else { return nil }
        return Int(keyPath[keyPath.index(after: open)..<close])
    }

    /// Marks entry `k` `display-P3` (unless it names a display gamut already) and inserts after it a copy of its
    /// text with `copy`'s edits and `display-gamut` `sRGB`, separated as the file separates its entries.
    static func addSRGBVariant(
        of k: Int, in entries: [LocatedJSON], array: LocatedJSON, bytes: [UInt8], copy: JSONEdits, edits: inout JSONEdits
    ) {
        var copy = copy
        let entry = entries[k]
        if let gamut = entry["display-gamut"] {
            copy.replace(gamut.range, with: "\"sRGB\"")
        } else {
            JSONEdits.insertMember("display-gamut", "\"display-P3\"", into: entry, bytes: bytes, edits: &edits)
            JSONEdits.insertMember("display-gamut", "\"sRGB\"", into: entry, bytes: bytes, edits: &copy)
        }
        edits.insert(
            separator(entries, k, bytes: bytes, array: array) + JSONEdits.text(bytes[entry.range], edits: copy), at: entry.range.upperBound)
    }

    /// The text that separates array elements in this file (",\n    " in Xcode's files).
    static func separator(_ elements: [LocatedJSON], _ k: Int, bytes: [UInt8], array: LocatedJSON) -> String {
        if k + 1 < elements.count { return JSONEdits.between(bytes, elements[k].range.upperBound, elements[k + 1].range.lowerBound) }
        if k > 0 { return JSONEdits.between(bytes, elements[k - 1].range.upperBound, elements[k].range.lowerBound) }
        return "," + JSONEdits.between(bytes, array.range.lowerBound + 1, elements[k].range.lowerBound)
    }

    func result() -> CatalogFix {
        var changes = created
        for path in edits.keys.sorted() {
            guard let (bytes, _) = parsed[path], let e = edits[path] else { continue }
            let updated = e.applied(to: bytes)
            if updated != bytes {
                changes.append(CatalogFix.FileChange(path: path, kind: .edited, original: bytes, updated: updated, summary: ""))
            }
        }
        return CatalogFix(catalog: catalog.path, changes: changes, variants: variants, skipped: skipped)
    }
}
