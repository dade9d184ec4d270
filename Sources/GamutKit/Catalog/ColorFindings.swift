/// The color rules of an asset catalog audit: wide colors without sRGB variants, sRGB slots out of
/// sRGB, unpaired display-gamut slots, appearance coverage, hard-coded system colors, and colors that
/// collapse on the target display (across the catalog per appearance and device, and between one color's variants).
struct ColorFindings: Sendable {
    /// One readable colorset entry, evaluated on the target display.
    struct Resolved {
        var asset: Int
        var entry: CatalogColorEntry
        var isSystem: Bool
        /// For a system reference: the API name of the published color it resolves to (`blue`, `systemGray2`).
        var systemAPI: String?
        var alpha: Double
        var evaluation: ColorEvaluation
        var components: [Double]
        var space: String
        var profile: ColorProfile
    }

    private(set) var findings: [Finding] = []
    /// The readable entries of each color set, in catalog order.
    private(set) var perAsset: [[Resolved]] = []
    /// The sets (indices in the catalog's assets) with a `color-collapse` finding: both sets of a collapsing pair.
    private(set) var collapsingAssets: Set<Int> = []
    let catalog: AssetCatalog
    let settings: AnalysisSettings
    let targetName: String
    let context: CatalogContext
    /// Colors whose role the policy declares (named in a contrast pair or distinct group): a missing dark variant of
    /// one is a warning, of the others advice.
    let declaredRoles: Set<String>

    /// The appearance contexts a device can be in.
    static let contexts = [
        CatalogAppearance(luminosity: .light), CatalogAppearance(luminosity: .dark),
        CatalogAppearance(luminosity: .light, highContrast: true), CatalogAppearance(luminosity: .dark, highContrast: true),
    ]

    init(
        catalog: AssetCatalog, target: ColorProfile, settings: AnalysisSettings, context: CatalogContext = .init(),
        declaredRoles: Set<String> = []
    ) throws(GamutError) {
        self.catalog = catalog
        self.settings = settings
        self.context = context
        self.declaredRoles = declaredRoles
        targetName = target.name
        var simulations: [ColorProfile.BuiltIn: DisplaySimulation] = [:]
        for source in [ColorProfile.BuiltIn.sRGB, .displayP3, .linearSRGB] {
            simulations[source] = try DisplaySimulation(
                source: .builtIn(source), target: target, displayBitDepth: settings.displayBitDepth,
                tolerance: settings.gamutTolerance)
        }
        let systemLabs = SystemColors.all.map { color in
            ColorFindings.contexts.map { Lab(xyzD50: simulations[.sRGB]!.sourceXYZ(color.value(for: $0).map { Double($0) / 255 })) }
        }

        // Each color set's entries and checks, on every core: each band of sets into a copy of this audit, whose
        // findings are then joined in catalog order.
        let base = self, displays = simulations
        let colorSets = catalog.assets.indices.filter { catalog.assets[$0].kind == .colorSet }
        let parts = Bands.map(Bands.cores(items: colorSets.count), over: colorSets.count) { range in
            var part = base
            for i in range { part.check(colorSets[i], simulations: displays, systemLabs: systemLabs) }
            return part
        }
        for part in parts {
            findings += part.findings
            perAsset += part.perAsset
            collapsingAssets.formUnion(part.collapsingAssets)
        }
        checkCatalogCollapse(perAsset)
    }

    /// Resolves the entries of color set `a` on the target and runs the checks of one set.
    private mutating func check(_ a: Int, simulations: [ColorProfile.BuiltIn: DisplaySimulation], systemLabs: [[Lab]]) {
        let asset = catalog.assets[a]
        var resolved: [Resolved] = []
        for entry in asset.colors {
            let named: NamedColor, alpha: Double, systemAPI: String?
            switch entry.color {
            case .components(let space, let values, let a)?:
                named = space.namedColor(asset.name, components: values)
                alpha = a
                systemAPI = nil
            case .system(_, let reference)?:
                guard let system = SystemColors.resolve(reference: reference) else {
                    // Semantic colors (`labelColor`) adapt to context and have no published value: left out, silently.
                    if !SystemColors.isDocumented(reference: reference) {
                        add(
                            Rules.unresolvedSystemColor, asset, entry,
                            "\(asset.name): \(reference) names no color UIKit or AppKit documents; left out of comparisons")
                    }
                    continue
                }
                named = NamedColor(
                    name: asset.name, profile: .sRGB, components: system.value(for: entry.appearance).map { Double($0) / 255 })
                alpha = 1
                systemAPI = system.api
            case .platformDefault?, nil:
                continue
            }
            let simulation = simulations[named.profile.builtIn ?? .sRGB]!
            resolved.append(
                Resolved(
                    asset: a, entry: entry, isSystem: systemAPI != nil, systemAPI: systemAPI, alpha: alpha,
                    evaluation: simulation.evaluate(named.components), components: named.components,
                    space: ColorText.space(of: named.profile), profile: named.profile))
        }
        perAsset.append(resolved)
        checkSlots(asset, resolved)
        checkAppearances(asset, resolved)
        checkSystemDuplicates(asset, resolved, systemLabs: systemLabs)
        checkVariantCollapse(asset, resolved)
    }

    private mutating func add(
        _ rule: Rule, _ asset: CatalogAsset, _ entry: CatalogColorEntry, _ message: String, values: [String: Double] = [:],
        swatches: [Swatch] = [], advisory: Bool = false
    ) {
        var finding = CatalogAuditor.finding(
            rule, file: asset.contentsFile, line: entry.line, keyPath: entry.keyPath, asset: asset.name,
            message: message, values: values, swatches: swatches)
        finding.location.colorName = asset.name
        findings.append(advisory ? finding.advisory() : finding)
    }

    /// The authored color beside what the target shows.
    func swatch(_ r: Resolved, shown: ColorEvaluation? = nil, label: String? = nil) -> Swatch {
        Swatch(
            kind: .sourceAndShown, label: label ?? describe(r),
            colors: [ColorText.source(r.components, r.space), ColorText.hex((shown ?? r.evaluation).shown)])
    }

    func describe(_ r: Resolved) -> String {
        let variant = [
            r.entry.idiom == "universal" ? nil : r.entry.idiom,
            r.entry.appearance == .any ? nil : r.entry.appearance.description,
            r.entry.displayGamut.map { $0.rawValue + " slot" },
        ].compactMap { $0 }
        return ColorText.source(r.components, r.space) + (variant.isEmpty ? "" : " (" + variant.joined(separator: ", ") + ")")
    }

    /// Wide colors without an sRGB variant, sRGB slots out of gamut, unpaired slots.
    private mutating func checkSlots(_ asset: CatalogAsset, _ resolved: [Resolved]) {
        struct Variant: Hashable { var idiom: String; var appearance: CatalogAppearance }
        var gamuts: [Variant: Set<CatalogDisplayGamut>] = [:]
        for r in resolved {
            if let g = r.entry.displayGamut { gamuts[Variant(idiom: r.entry.idiom, appearance: r.entry.appearance), default: []].insert(g) }
        }
        for r in resolved where !r.isSystem {
            let variant = Variant(idiom: r.entry.idiom, appearance: r.entry.appearance)
            let e = r.evaluation
            let linear = ["targetRed": e.targetLinear[0], "targetGreen": e.targetLinear[1], "targetBlue": e.targetLinear[2]]
            let channels = e.targetLinear.map { ColorText.fixed($0, places: 3) }.joined(separator: ", ")
            if r.entry.displayGamut == .sRGB {
                if e.isOutOfGamut {
                    add(
                        Rules.srgbSlotOutOfGamut, asset, r.entry,
                        "\(asset.name): the sRGB slot holds \(describe(r)), outside \(targetName) (linear \(channels)); shown as \(ColorText.hex(e.shown)), ΔE00 \(ColorText.fixed(e.deltaE, places: 2))",
                        values: linear.merging(["deltaE": e.deltaE]) { a, _ in a }, swatches: [swatch(r)])
                }
            } else if e.isOutOfGamut, e.deltaE >= settings.visibleClip, gamuts[variant]?.contains(.sRGB) != true {
                let turn = OKLab.hueDifference(OKLab(xyzD50: e.sourceLab.xyzD50), OKLab(xyzD50: e.shownLab.xyzD50))
                let turns = turn >= settings.visibleHueShift
                let hue = String(
                    format: turns ? "its hue turns by ΔH %.3f in OKLab" : "its hue is kept (ΔH %.3f in OKLab), only chroma is lost", turn)
                add(
                    Rules.colorNeedsSRGBVariant, asset, r.entry,
                    "\(asset.name): \(describe(r)) is outside \(targetName) (linear \(channels)) and is shown as \(ColorText.hex(e.shown)), ΔE00 \(ColorText.fixed(e.deltaE, places: 2)) away; \(hue)",
                    values: linear.merging(["deltaE": e.deltaE, "hueShift": turn]) { a, _ in a }, swatches: [swatch(r)],
                    advisory: !turns)
            }
            if let slots = gamuts[variant], slots.count == 1, r.entry.displayGamut != nil {
                let missing: CatalogDisplayGamut = slots.contains(.sRGB) ? .displayP3 : .sRGB
                add(
                    Rules.unpairedDisplayGamut, asset, r.entry,
                    "\(asset.name) has a \(r.entry.displayGamut!.rawValue) entry for \(r.entry.appearance) (\(r.entry.idiom)) but no \(missing.rawValue) entry"
                )
            }
        }
    }

    /// Missing dark or increased-contrast variants; dark equal to light. Only a set whose base color (any or light,
    /// normal contrast) is custom needs variants: system colors and the platform default adapt by themselves. A
    /// variant of any kind counts (a dark entry naming a system color is a dark variant). Missing dark is reported
    /// only in an app with dark variants elsewhere, and never in a watchOS catalog (always dark).
    private mutating func checkAppearances(_ asset: CatalogAsset, _ resolved: [Resolved]) {
        let custom = resolved.filter { !$0.isSystem }
        let isBase = { (a: CatalogAppearance) in !a.highContrast && (a.luminosity == .any || a.luminosity == .light) }
        if let first = custom.first(where: { isBase($0.entry.appearance) }),
            !asset.colors.contains(where: { isBase($0.appearance) && $0.color != nil && !Self.isCustom($0.color) })
        {
            if context.appHasDarkVariants, !context.isWatchOnly, !asset.colors.contains(where: { $0.appearance.luminosity == .dark }) {
                let role = declaredRoles.contains(asset.name)
                add(
                    Rules.missingDarkVariant, asset, first.entry,
                    "\(asset.name) has no dark appearance, in an app that has dark variants elsewhere: Dark Mode shows \(describe(first))"
                        + (role ? ", and the policy checks it in a contrast pair or distinct group" : ""),
                    advisory: !role)
            }
            if !asset.colors.contains(where: { $0.appearance.highContrast }) {
                add(Rules.missingHighContrastVariant, asset, first.entry, "\(asset.name) has no increased-contrast appearance")
            }
        }
        for dark in custom where dark.entry.appearance.luminosity == .dark {
            let partners = custom.filter {
                $0.entry.idiom == dark.entry.idiom && $0.entry.displayGamut == dark.entry.displayGamut
                    && $0.entry.appearance.highContrast == dark.entry.appearance.highContrast
                    && ($0.entry.appearance.luminosity == .any || $0.entry.appearance.luminosity == .light)
            }
            guard let light = partners.first(where: { $0.entry.appearance.luminosity == .light }) ?? partners.first else { continue }
            let difference = CIEDE2000.difference(dark.evaluation.sourceLab, light.evaluation.sourceLab)
            if difference < settings.sameColor, abs(dark.alpha - light.alpha) < 0.01 {
                add(
                    Rules.darkSameAsLight, asset, dark.entry,
                    "\(asset.name): the dark entry \(describe(dark)) equals the \(light.entry.appearance) entry (ΔE00 \(ColorText.fixed(difference, places: 2)))",
                    values: ["deltaE": difference])
            }
        }
    }

    /// Whether a color value is written out (not a system reference or the platform default).
    static func isCustom(_ value: CatalogColorValue?) -> Bool {
        if case .components? = value { return true }
        return false
    }

    /// The published tables a color for `platforms` is compared with: the current (unified) table, and the earlier
    /// table of each platform (tvOS used iOS's). No platform known: iOS's, the most common.
    static func systemTables(for platforms: Set<CatalogPlatform>) -> Set<String> {
        var tables: Set<String> = ["current"]
        for platform in platforms.isEmpty ? [.iOS] : platforms {
            switch platform {
            case .iOS, .tvOS: tables.formUnion(["iOS", "iOS-gray"])
            case .macOS: tables.formUnion(["macOS", "macOS-vibrant"])
            case .watchOS: tables.insert("watchOS")
            case .visionOS: tables.insert("visionOS")
            }
        }
        return tables
    }

    /// Custom colors that repeat a published system color: for each device the set targets (its idioms), the colors a
    /// device shows in light and in dark (normal contrast) must both be within `sameColor` of one system color's light
    /// and dark values, in one table of the platform the device runs (a dark entry referencing that system color
    /// matches too). A set whose only color is `any` must then equal a system color that looks the same in both.
    private mutating func checkSystemDuplicates(_ asset: CatalogAsset, _ resolved: [Resolved], systemLabs: [[Lab]]) {
        let light = ColorFindings.contexts[0], dark = ColorFindings.contexts[1]
        for idiom in Set(resolved.map(\.entry.idiom)).sorted() {
            guard let l = ColorFindings.pick(resolved, context: light, device: .displayP3, idiom: idiom),
                let d = ColorFindings.pick(resolved, context: dark, device: .displayP3, idiom: idiom),
                !l.isSystem, l.alpha > 0.99, d.isSystem || d.alpha > 0.99, l.entry.idiom == idiom || d.entry.idiom == idiom
            else { continue }
            let platforms = CatalogPlatform(idiom: idiom).map { [$0] } ?? context.platforms
            let tables = ColorFindings.systemTables(for: platforms)
            var best: (index: Int, light: Double, dark: Double)?
            for (s, labs) in systemLabs.enumerated() where tables.contains(SystemColors.all[s].table) {
                let system = SystemColors.all[s]
                let dl = CIEDE2000.difference(l.evaluation.sourceLab, labs[0])
                let dd = d.systemAPI.map { $0 == system.api ? 0 : .infinity } ?? CIEDE2000.difference(d.evaluation.sourceLab, labs[1])
                guard dl < settings.sameColor, dd < settings.sameColor, max(dl, dd) < max(best?.light ?? .infinity, best?.dark ?? .infinity)
                else { continue }
                best = (s, dl, dd)
            }
            guard let (s, dl, dd) = best else { continue }
            let system = SystemColors.all[s]
            let same = l.entry == d.entry
            let colors =
                same
                ? "\(describe(l)), used in light and dark alike, is"
                : "light \(describe(l)) and dark " + (d.isSystem ? "`\(system.api)` itself" : ColorText.source(d.components, d.space))
                    + " are"
            add(
                Rules.systemColorDuplicate, asset, l.entry,
                "\(asset.name): \(colors) the system color \(system.name) (`\(system.api)`, \(system.table) table) to within ΔE00 "
                    + ColorText.fixed(max(dl, dd), places: 2) + (idiom == "universal" ? "" : " on \(idiom)"),
                values: ["deltaE": max(dl, dd), "lightDeltaE": dl, "darkDeltaE": dd])
        }
    }

    /// Variants of one color that differ in the source but collapse on the display (a high-contrast
    /// variant that sRGB displays show like the normal one, say).
    private mutating func checkVariantCollapse(_ asset: CatalogAsset, _ resolved: [Resolved]) {
        let shownBy = Dictionary(grouping: resolved.filter { $0.entry.displayGamut == .sRGB }) { VariantKey($0.entry) }
        let candidates = resolved.filter { $0.entry.displayGamut != .sRGB && !$0.isSystem }
        for i in candidates.indices {
            for j in candidates.indices where j > i {
                let a = candidates[i], b = candidates[j]
                guard a.entry.idiom == b.entry.idiom, a.entry.appearance != b.entry.appearance else { continue }
                let shownA = shownBy[VariantKey(a.entry)]?.first?.evaluation ?? a.evaluation
                let shownB = shownBy[VariantKey(b.entry)]?.first?.evaluation ?? b.evaluation
                let source = CIEDE2000.difference(a.evaluation.sourceLab, b.evaluation.sourceLab)
                let shown = CIEDE2000.difference(shownA.shownLab, shownB.shownLab)
                guard source >= settings.collapseSource, shown < settings.collapseShown, shown <= settings.collapseRatio * source else {
                    continue
                }
                collapsingAssets.insert(a.asset)
                add(
                    Rules.colorCollapse, asset, b.entry,
                    "\(asset.name): the \(a.entry.appearance) and \(b.entry.appearance) variants \(describe(a)) and \(describe(b)) differ by ΔE00 "
                        + "\(ColorText.fixed(source, places: 2)) but are shown as \(ColorText.hex(shownA.shown)) and \(ColorText.hex(shownB.shown)) "
                        + "(ΔE00 \(ColorText.fixed(shown, places: 2))) on \(targetName)",
                    values: ["sourceDeltaE": source, "shownDeltaE": shown],
                    swatches: [
                        swatch(a, shown: shownA, label: "\(a.entry.appearance)"), swatch(b, shown: shownB, label: "\(b.entry.appearance)"),
                    ])
            }
        }
    }

    private struct VariantKey: Hashable {
        var idiom: String, appearance: CatalogAppearance
        init(_ e: CatalogColorEntry) { idiom = e.idiom; appearance = e.appearance }
    }

    /// The entry a device in `context` with display gamut `device` uses: the closest luminosity
    /// (exact, then any), contrast (exact, then normal), gamut (exact, then unspecified, then the other),
    /// among the entries of the device's idiom, else the universal ones, else (`anyIdiom`) any; without `anyIdiom`, nil
    /// when the set has nothing for the device (a Mac-only color on an iPhone, where it can't be seen beside others).
    static func pick(
        _ resolved: [Resolved], context: CatalogAppearance, device: CatalogDisplayGamut, idiom: String = "universal",
        anyIdiom: Bool = true
    ) -> Resolved? {
        let specific = resolved.filter { $0.entry.idiom == idiom }
        let universal = resolved.filter { $0.entry.idiom == "universal" }
        let pool = !specific.isEmpty ? specific : !universal.isEmpty ? universal : anyIdiom ? resolved : []
        var best: (Resolved, Int)?
        for r in pool {
            let a = r.entry.appearance
            let lum = a.luminosity == context.luminosity ? 2 : a.luminosity == .any ? 1 : 0
            guard lum > 0, !(a.highContrast && !context.highContrast) else { continue }
            let contrast = a.highContrast == context.highContrast ? 1 : 0
            let gamut = r.entry.displayGamut == device ? 2 : r.entry.displayGamut == nil ? 1 : 0
            let score = lum * 100 + contrast * 10 + gamut
            if score > (best?.1 ?? -1) { best = (r, score) }
        }
        return best?.0
    }

    /// Colors of the catalog that collapse with each other, per appearance context: the source is what
    /// wide-gamut devices use, the shown color what target-gamut devices show (their sRGB variant, if any).
    private mutating func checkCatalogCollapse(_ perAsset: [[Resolved]]) {
        var reported: [Pair: Int] = [:]
        // Each device picks its own idiom's entries: the grid is checked once per idiom the catalog has.
        let idioms = ["universal"] + Set(perAsset.flatMap { $0.map(\.entry.idiom) }).subtracting(["universal"]).sorted()
        for idiom in idioms {
            for context in ColorFindings.contexts {
                var members: [(source: Resolved, shown: Resolved)] = []
                for resolved in perAsset {
                    // Only the sets a device of this idiom has: colors of two idioms are never on one screen.
                    guard let source = ColorFindings.pick(resolved, context: context, device: .displayP3, idiom: idiom, anyIdiom: false),
                        let shown = ColorFindings.pick(resolved, context: context, device: .sRGB, idiom: idiom, anyIdiom: false)
                    else { continue }
                    members.append((source, shown))
                }
                let evaluations = members.map { m in
                    var e = m.shown.evaluation
                    e.sourceLab = m.source.evaluation.sourceLab
                    e.deltaE = CIEDE2000.difference(e.sourceLab, e.shownLab)
                    return e
                }
                let (pairs, _) = CollapseSearch.collapsingPairs(evaluations, settings: settings, maximumPairs: 10_000)
                for pair in pairs {
                    let a = members[pair.first].source, b = members[pair.second].source
                    guard !(a.isSystem && b.isSystem) else { continue }
                    let key = Pair(a: a.asset, b: b.asset)
                    collapsingAssets.formUnion([a.asset, b.asset])
                    let place = idiom == "universal" ? "\(context)" : "\(context) on \(idiom)"
                    if let index = reported[key] {
                        if !findings[index].message.contains(place) { findings[index].message += "; also in \(place)" }
                        continue
                    }
                    let first = catalog.assets[a.asset], second = catalog.assets[b.asset]
                    reported[key] = findings.count
                    add(
                        Rules.colorCollapse, first, a.entry,
                        "\(first.name) \(describe(a)) and \(second.name) \(describe(b)) differ by ΔE00 \(ColorText.fixed(pair.sourceDeltaE, places: 2)) "
                            + "but are shown as \(ColorText.hex(pair.firstShown)) and \(ColorText.hex(pair.secondShown)) "
                            + "(ΔE00 \(ColorText.fixed(pair.shownDeltaE, places: 2))) on \(targetName) in \(place)",
                        values: ["sourceDeltaE": pair.sourceDeltaE, "shownDeltaE": pair.shownDeltaE],
                        swatches: [
                            swatch(a, shown: members[pair.first].shown.evaluation, label: first.name),
                            swatch(b, shown: members[pair.second].shown.evaluation, label: second.name),
                        ])
                }
            }
        }
    }

    private struct Pair: Hashable { var a: Int, b: Int }
}
