import Foundation

/// Planning the color sets' sRGB variants.
extension Planner {
    /// One entry of a color set, as the plan sees it.
    private struct Member {
        /// The entry.
        var entry: ColorFindings.Resolved
        /// What sRGB devices show for it now: the entry, or its sRGB slot.
        var resolved: ColorFindings.Resolved
        /// The entry gets a new or corrected sRGB value.
        var fix: Bool
        /// Its `display-gamut` sRGB partner (same idiom and appearance), if the set has one.
        var sibling: ColorFindings.Resolved?
        /// The entry has no `display-gamut` but an sRGB partner: it gets `"display-gamut" : "display-P3"`.
        var mark: Bool
    }

    /// Whether two idioms are shown on one device: the same, or one of them `universal`.
    static func shareDevice(_ a: String, _ b: String) -> Bool { a == b || a == "universal" || b == "universal" }

    /// Whether two appearances can be on screen at once (same contrast; both dark, or neither).
    static func sameContext(_ a: CatalogAppearance, _ b: CatalogAppearance) -> Bool {
        a.highContrast == b.highContrast && (a.luminosity == b.luminosity || (a.luminosity != .dark && b.luminosity != .dark))
    }

    /// Plans the sRGB values of the color sets named (those with a gamut, collapse or display-gamut finding).
    ///
    /// Per entry (not an sRGB slot, not a system color) of such a set:
    /// - with an sRGB partner: the partner's value is replaced when it is outside sRGB, or when the set collapses
    ///   with another color; an entry without `display-gamut` is marked `display-P3`, so the pair is complete;
    /// - without one: an entry outside sRGB, or a `display-P3` entry, gets a new sRGB entry after it.
    ///
    /// The new values are mapped as one group with the colors sRGB devices show near them on the same device (same
    /// idiom, or `universal`) in the same context, or of the same set, which can't move; each is then quantized to the
    /// file's encoding and, where that brought two related colors closer than the separation, moved to the neighboring
    /// encoded value that keeps them apart. An edit that would write what the file already holds is not made, so a
    /// second run on fixed output changes and reports nothing.
    ///
    /// `found`: the audit's resolved color sets of this catalog (against sRGB, with these settings).
    mutating func colors(_ names: Set<String>, found: ColorFindings) throws(GamutError) {
        guard !names.isEmpty else { return }
        let target = ColorProfile.sRGB
        let mapper = try GamutMapper(source: .displayP3, target: target)
        guard let p3 = ColorProfile.displayP3.shaper, let p3FromXYZ = p3.toXYZD50.inverse else { return }
        let maximum = Double((1 << settings.displayBitDepth) - 1)

        var members: [Member] = []
        for resolved in found.perAsset {
            for r in resolved where !r.isSystem && r.entry.displayGamut != .sRGB {
                let sibling = resolved.first {
                    $0.entry.displayGamut == .sRGB && !$0.isSystem && $0.entry.idiom == r.entry.idiom
                        && $0.entry.appearance == r.entry.appearance
                }
                let name = catalog.assets[r.asset].name
                let flagged = names.contains(name)
                let fix: Bool
                if let sibling {
                    fix = flagged && (sibling.evaluation.isOutOfGamut || found.collapsingAssets.contains(r.asset))
                } else {
                    // Out of sRGB, or a display-P3 slot with no sRGB slot beside it (its sRGB variant is then the color itself).
                    fix = flagged && (r.evaluation.isOutOfGamut || r.entry.displayGamut == .displayP3)
                }
                let mark = flagged && sibling != nil && r.entry.displayGamut == nil
                members.append(Member(entry: r, resolved: fix ? r : sibling ?? r, fix: fix, sibling: sibling, mark: mark))
            }
        }
        for m in members where m.mark && !m.fix { try markDisplayP3(m) }
        let fixes = members.indices.filter { members[$0].fix }
        guard !fixes.isEmpty else { return }
        // Partners: colors sRGB devices show near a fixed color's CSS mapping, on the same device in the same context, or of the same set.
        let fixSources = fixes.map { p3Encoded(members[$0].resolved, p3FromXYZ: p3FromXYZ) }
        let cssLabs = fixSources.map { mapper.targetLab(mapper.map($0, mapping: .css)) }
        // What relates two colors, unpacked once: the pairwise tests below run for many pairs.
        let keys = members.map { (idiom: $0.resolved.entry.idiom, asset: $0.resolved.asset, appearance: $0.resolved.entry.appearance) }
        func related(_ a: Int, _ b: Int) -> Bool {
            Planner.shareDevice(keys[a].idiom, keys[b].idiom)
                && (keys[a].asset == keys[b].asset || Planner.sameContext(keys[a].appearance, keys[b].appearance))
        }
        var group: [Int] = fixes
        // Colors outside a fixed color's CIEDE2000 region (LabGrid.radius) are farther than the reach: skipped unmeasured.
        let reach = cssLabs.map { LabGrid.radius(forCIEDE2000Below: separation + 5, of: $0) }
        for (i, m) in members.enumerated() where !m.fix {
            let shown = m.resolved.evaluation.shownLab
            let near = fixes.indices.contains { f in
                related(fixes[f], i) && LabGrid.contains(reach[f], around: cssLabs[f], shown)
                    && CIEDE2000.difference(cssLabs[f], shown) < separation + 5
            }
            if near { group.append(i) }
        }
        let sources = fixSources + group.dropFirst(fixes.count).map { p3Encoded(members[$0].resolved, p3FromXYZ: p3FromXYZ) }
        var fixed: [Int: [Double]] = [:]
        for (g, i) in group.enumerated() where !members[i].fix {
            fixed[g] = members[i].resolved.evaluation.shown.map { Double($0) / maximum }
        }
        let isRelated = { (x: Int, y: Int) -> Bool in related(group[x], group[y]) }
        let mapped = mapper.map(group: sources, mapping: mapping, separation: separation, fixed: fixed, related: isRelated)

        // Quantize to each file's encoding, keeping related colors apart.
        var styles: [Int: ComponentStyle] = [:]
        for (g, i) in group.enumerated() where members[i].fix { styles[g] = try style(of: members[i].resolved) }
        var written: [Int: [Double]] = [:]
        for (g, values) in mapped.enumerated() { written[g] = styles[g].map { s in values.map(s.quantize) } ?? values }
        let sourceLabs = sources.map { Lab(xyzD50: mapper.sourceXYZ($0)) }
        // The target Lab of each written value, kept in step with `written`.
        var writtenLabs = (0..<mapped.count).map { mapper.targetLab(written[$0]!) }
        for g in styles.keys.sorted() {
            let partners = group.indices.filter { $0 != g && isRelated(g, $0) }
            // The difference partner k must keep (its source difference, at most the separation), computed when needed.
            var wanted = [Double](repeating: .nan, count: partners.count)
            /// The smallest (ΔE00 to a partner − what it must keep) over the partners within `reach` ΔE00 of `lab`, and
            /// the partner; those farther off are skipped by the bound of `LabGrid.radius` (without computing their ΔE00).
            func slack(_ lab: Lab, within reach: Double) -> (value: Double, partner: Int?) {
                let r = LabGrid.radius(forCIEDE2000Below: reach, of: lab)
                var best: (value: Double, partner: Int?) = (.infinity, nil)
                for k in partners.indices {
                    let other = writtenLabs[partners[k]]
                    guard LabGrid.contains(r, around: lab, other) else { continue }
                    if wanted[k].isNaN { wanted[k] = min(separation, CIEDE2000.difference(sourceLabs[g], sourceLabs[partners[k]])) }
                    let s = CIEDE2000.difference(lab, other) - wanted[k]
                    if s < best.value { best = (s, k) }
                }
                return best
            }
            // A partner farther than the separation keeps at least what it must (wanted ≤ separation), so the ones
            // within it decide whether the written value is too close, and, when it is, the slack is theirs exactly.
            let now = slack(writtenLabs[g], within: separation)
            guard now.value < -1e-9, let closest = now.partner, let style = styles[g] else { continue }
            var best = (candidate: written[g]!, slack: now.value, move: 0.0)
            for corner in 0..<27 {
                let offsets = [corner % 3 - 1, corner / 3 % 3 - 1, corner / 9 - 1]
                let candidate = (0..<3).map { style.quantize(written[g]![$0] + Double(offsets[$0]) * style.step) }
                let lab = mapper.targetLab(candidate)
                // The closest partner now bounds the candidate's slack from above, so a partner that sets it lies
                // within that slack plus what it must keep (at most the separation): only those are measured.
                let bound = CIEDE2000.difference(lab, writtenLabs[partners[closest]]) - wanted[closest]
                let found = slack(lab, within: bound + separation)
                let s = min(found.value, bound), move = CIEDE2000.difference(lab, mapper.targetLab(mapped[g]))
                if s > best.slack + 1e-9 || (abs(s - best.slack) <= 1e-9 && move < best.move) { best = (candidate, s, move) }
            }
            written[g] = best.candidate
            writtenLabs[g] = mapper.targetLab(best.candidate)
        }
        for (g, i) in group.enumerated() where members[i].fix {
            try write(members[i], srgb: written[g]!, style: styles[g]!, mapper: mapper)
        }
    }

    func p3Encoded(_ r: ColorFindings.Resolved, p3FromXYZ: Matrix3) -> [Double] {
        guard let model = r.profile.shaper else { return [0, 0, 0] }
        let xyz = model.toXYZD50 * (0..<3).map { c in model.curves[c].linearize(r.components[c]) }
        return (p3FromXYZ * xyz).map { TransferFunction.sRGB.encode($0) }
    }

    /// The `colors` array of an entry's file and the entry's index in it.
    private mutating func locate(
        _ r: ColorFindings.Resolved
    ) throws(GamutError) -> (bytes: [UInt8], root: LocatedJSON, colors: LocatedJSON, entries: [LocatedJSON], index: Int)? {
        let asset = catalog.assets[r.asset]
        let (bytes, root) = try file(asset.contentsFile)
        guard let colors = root["colors"], let entries = colors.elements, let k = Planner.index(r.entry.keyPath), k < entries.count else {
            skipped.append("\(asset.name): \(r.entry.keyPath) not found in \(asset.contentsFile)")
            return nil
        }
        return (bytes, root, colors, entries, k)
    }

    /// The encoding the new value of an entry is written in: the entry's own, the file's where the entry leaves it open.
    private mutating func style(of r: ColorFindings.Resolved) throws(GamutError) -> ComponentStyle {
        guard let found = try locate(r) else { return .decimalString(decimals: 3, trimmed: false) }
        return ComponentStyle(components: found.entries[found.index]["color"]?["components"], file: found.root)
    }

    /// Marks an entry `display-P3` beside its existing sRGB partner, whose value stays.
    private mutating func markDisplayP3(_ m: Member) throws(GamutError) {
        guard let sibling = m.sibling, let (bytes, _, _, entries, k) = try locate(m.entry) else { return }
        let asset = catalog.assets[m.entry.asset]
        var fileEdits = edits[asset.contentsFile] ?? JSONEdits()
        JSONEdits.insertMember("display-gamut", "\"display-P3\"", into: entries[k], bytes: bytes, edits: &fileEdits)
        edits[asset.contentsFile] = fileEdits
        variants.append(
            CatalogFix.Variant(
                asset: asset.name, appearance: Planner.describe(m.entry.entry),
                source: ColorText.source(m.entry.components, m.entry.space),
                written: ColorText.source(sibling.components, sibling.space) + " (the existing sRGB entry, now paired)",
                deltaE: CIEDE2000.difference(m.entry.evaluation.sourceLab, sibling.evaluation.sourceLab)))
    }

    /// "dark", "any, iphone".
    static func describe(_ entry: CatalogColorEntry) -> String {
        [entry.appearance.description, entry.idiom == "universal" ? nil : entry.idiom].compactMap { $0 }.joined(separator: ", ")
    }

    /// Writes one fixed entry's sRGB value: into its sRGB partner (marking the entry `display-P3` if it has no gamut), or
    /// as a new sRGB entry after it. Records a variant only when the file changes.
    private mutating func write(_ m: Member, srgb written: [Double], style: ComponentStyle, mapper: GamutMapper) throws(GamutError) {
        let r = m.entry
        guard let (bytes, _, colors, entries, k) = try locate(r) else { return }
        let asset = catalog.assets[r.asset]
        let path = asset.contentsFile
        var fileEdits = edits[path] ?? JSONEdits()
        let before = fileEdits.edits.count
        /// The edits that make `node`'s color the sRGB value; none where the text is already that.
        func componentEdits(_ node: LocatedJSON, _ e: inout JSONEdits) {
            if let space = node["color"]?["color-space"],
                JSONEdits.between(bytes, space.range.lowerBound, space.range.upperBound) != "\"srgb\""
            {
                e.replace(space.range, with: "\"srgb\"")
            }
            for (c, key) in ["red", "green", "blue"].enumerated() {
                guard let v = node["color"]?["components"]?[key] else { continue }
                let text = style.format(written[c])
                if JSONEdits.between(bytes, v.range.lowerBound, v.range.upperBound) != text { e.replace(v.range, with: text) }
            }
        }
        if let sibling = m.sibling, let s = Planner.index(sibling.entry.keyPath), s < entries.count {
            componentEdits(entries[s], &fileEdits)
            if m.mark { JSONEdits.insertMember("display-gamut", "\"display-P3\"", into: entries[k], bytes: bytes, edits: &fileEdits) }
        } else {
            var copy = JSONEdits()
            componentEdits(entries[k], &copy)
            Planner.addSRGBVariant(of: k, in: entries, array: colors, bytes: bytes, copy: copy, edits: &fileEdits)
        }
        guard fileEdits.edits.count > before else { return }
        edits[path] = fileEdits
        variants.append(
            CatalogFix.Variant(
                asset: asset.name, appearance: Planner.describe(r.entry), source: ColorText.source(r.components, r.space),
                written: ColorText.source(written, "srgb"),
                deltaE: CIEDE2000.difference(r.evaluation.sourceLab, mapper.targetLab(written))))
    }
}
