import Foundation

/// The policy-driven legibility rules of a catalog audit: contrast pairs in every appearance on sRGB and P3
/// displays, and distinct groups under simulated color-vision deficiencies.
struct AccessibilityFindings {
    typealias Resolved = ColorFindings.Resolved

    private(set) var findings: [Finding] = []

    /// One way a device shows colors: the entries it picks (its display gamut) and the display itself.
    private struct Display {
        var gamut: CatalogDisplayGamut
        var name: String
        var profile: ColorProfile
        var model: ShaperModel
    }

    private let displays: [Display]
    private let settings: AnalysisSettings
    private let catalog: AssetCatalog
    private var simulations: [String: DisplaySimulation] = [:]
    private let sRGBFromXYZ: Matrix3
    private let sRGBModel: ShaperModel

    init(catalog: AssetCatalog, colors: ColorFindings, policy: GamutPolicy) throws(GamutError) {
        self.catalog = catalog
        settings = policy.settings
        guard let srgb = ColorProfile.sRGB.shaper, let p3 = ColorProfile.displayP3.shaper, let inverse = srgb.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "the built-in sRGB and Display P3 profiles must be matrix/TRC profiles")
        }
        displays = [
            Display(gamut: .sRGB, name: "sRGB", profile: .sRGB, model: srgb),
            Display(gamut: .displayP3, name: "Display P3", profile: .displayP3, model: p3),
        ]
        sRGBFromXYZ = inverse
        sRGBModel = srgb
        guard !policy.contrastPairs.isEmpty || !policy.distinctGroups.isEmpty else { return }

        var byName: [String: [Resolved]] = [:]
        for resolved in colors.perAsset where !resolved.isEmpty {
            byName[catalog.assets[resolved[0].asset].name] = resolved
        }
        let policyFile = policy.path ?? (catalog.path as NSString).appendingPathComponent(GamutPolicy.fileName)
        func lookup(_ name: String, line: Int?, what: String) -> [Resolved]? {
            if let found = byName[name] { return found }
            findings.append(
                Finding(
                    ruleID: Rules.policyUnknownColor.id, severity: Rules.policyUnknownColor.defaultSeverity,
                    location: FindingLocation(file: policyFile, line: line, asset: name),
                    message: "\(what) names \(name), which is not a readable color set of \(catalog.path)",
                    fixHint: Rules.policyUnknownColor.fixHint))
            return nil
        }
        for pair in policy.contrastPairs {
            let what = "the contrast pair \(pair.foreground) on \(pair.background)"
            guard let fg = lookup(pair.foreground, line: pair.line, what: what),
                let bg = lookup(pair.background, line: pair.line, what: what)
            else { continue }
            try checkContrast(pair, fg, bg)
        }
        for group in policy.distinctGroups {
            let members = group.colors.compactMap { name in
                lookup(name, line: group.line, what: "the distinct group \(group.name)").map { (name, $0) }
            }
            try checkDistinct(group, members, severities: policy.colorVisionSeverities)
        }
    }

    // MARK: Showing colors

    private mutating func simulation(_ profile: ColorProfile, _ display: Display) throws(GamutError) -> DisplaySimulation {
        let key = "\(ObjectIdentifier(profile).hashValue)>\(display.name)"
        if let s = simulations[key] { return s }
        let s = try DisplaySimulation(
            source: profile, target: display.profile, displayBitDepth: settings.displayBitDepth,
            tolerance: settings.gamutTolerance)
        simulations[key] = s
        return s
    }

    /// The encoded display components (0…1) a display shows for an entry.
    private mutating func shown(_ r: Resolved, on display: Display) throws(GamutError) -> [Double] {
        let s = try simulation(r.profile, display)
        let maximum = Double((1 << settings.displayBitDepth) - 1)
        return s.evaluate(r.components).shown.map { Double($0) / maximum }
    }

    private func linear(_ encoded: [Double], on display: Display) -> [Double] {
        (0..<3).map { display.model.curves[$0].linearize(encoded[$0]) }
    }

    private func xyz(_ encoded: [Double], on display: Display) -> [Double] {
        display.model.toXYZD50 * linear(encoded, on: display)
    }

    /// WCAG relative luminance of encoded display components: the WCAG formula on sRGB displays, the D65 Y on others.
    private func luminance(_ encoded: [Double], on display: Display) -> Double {
        display.gamut == .sRGB ? Contrast.relativeLuminance(sRGB: encoded) : Contrast.relativeLuminance(xyzD50: xyz(encoded, on: display))
    }

    private func css(_ encoded: [Double], on display: Display) -> String {
        display.gamut == .sRGB ? ColorText.hex(encoded.map { Int(($0 * 255).rounded()) }) : ColorText.source(encoded, "display-p3")
    }

    // MARK: Contrast

    private struct Measured {
        var context: CatalogAppearance
        var display: String
        var ratio: Double
        var foreground: Resolved
        var swatch: Swatch
    }

    private mutating func checkContrast(_ pair: GamutPolicy.ContrastPair, _ fg: [Resolved], _ bg: [Resolved]) throws(GamutError) {
        let minimum = Contrast.minimumRatio(textSize: pair.textSize, bold: pair.bold)
        let enhanced = Contrast.enhancedRatio(textSize: pair.textSize, bold: pair.bold)
        var measured: [Measured] = []
        for context in ColorFindings.contexts {
            for display in displays {
                guard let f = ColorFindings.pick(fg, context: context, device: display.gamut),
                    let b = ColorFindings.pick(bg, context: context, device: display.gamut)
                else { continue }
                let background = try shown(b, on: display)
                let foreground = Contrast.composite(try shown(f, on: display), alpha: min(max(f.alpha, 0), 1), over: background)
                let ratio = Contrast.ratio(luminance(foreground, on: display), luminance(background, on: display))
                let label = "\(context), \(display.name): \(ColorText.fixed(ratio, places: 2)):1"
                measured.append(
                    Measured(
                        context: context, display: display.name, ratio: ratio, foreground: f,
                        swatch: Swatch(kind: .contrast, label: label, colors: [css(foreground, on: display), css(background, on: display)]))
                )
            }
        }
        let subject = "\(pair.foreground) on \(pair.background)" + (pair.label.map { " (\($0))" } ?? "")
        let size = pair.bold ? "bold text" : "text \(pair.textSize.formatted()) pt"
        let failing = measured.filter { $0.ratio < minimum }
        let swatches = measured.map(\.swatch)
        if let worst = failing.min(by: { $0.ratio < $1.ratio }) {
            let list = describe(failing) {
                ColorText.fixed($0.ratio, places: 2) + ":1, short by " + ColorText.fixed(minimum - $0.ratio, places: 2)
            }
            add(
                Rules.contrastInsufficient, worst.foreground,
                "\(subject): below \(minimum.formatted()):1 for \(size) in \(list)",
                values: ["ratio": worst.ratio, "required": minimum], swatches: swatches)
        } else if !pair.bold, pair.textSize < 18, let worst = measured.filter({ $0.ratio < enhanced }).min(by: { $0.ratio < $1.ratio }) {
            let list = describe(measured.filter { $0.ratio < enhanced }) { ColorText.fixed($0.ratio, places: 2) + ":1" }
            add(
                Rules.contrastBelowEnhanced, worst.foreground,
                "\(subject): meets \(minimum.formatted()):1 but not the enhanced \(enhanced.formatted()):1 for \(size) in \(list)",
                values: ["ratio": worst.ratio, "required": enhanced], swatches: swatches)
        }
    }

    /// "dark on sRGB and Display P3 displays (4.21:1, short by 0.29); light, high contrast on sRGB displays (…)".
    private func describe(_ items: [Measured], _ detail: (Measured) -> String) -> String {
        var parts: [String] = []
        var i = 0
        while i < items.count {
            var displays = [items[i].display]
            var j = i + 1
            while j < items.count, items[j].context == items[i].context, abs(items[j].ratio - items[i].ratio) < 0.005 {
                displays.append(items[j].display)
                j += 1
            }
            parts.append("\(items[i].context) on \(displays.joined(separator: " and ")) displays (\(detail(items[i])))")
            i = j
        }
        return parts.joined(separator: "; ")
    }

    // MARK: Color-vision deficiency

    private enum HueFamily: String { case red, orange, green, blue }

    private static func family(_ lch: OKLCh) -> HueFamily? {
        guard lch.c >= 0.05 else { return nil }
        switch lch.h {
        case ..<45, 345...: return .red
        case 45..<90: return .orange
        case 115..<180: return .green
        case 220..<300: return .blue
        default: return nil
        }
    }

    private mutating func checkDistinct(
        _ group: GamutPolicy.DistinctGroup, _ members: [(String, [Resolved])], severities: [Double]
    ) throws(GamutError) {
        let simulations = ColorVisionSimulation.all(severities: severities)
        for i in members.indices {
            for j in members.indices where j > i {
                let (nameA, a) = members[i], (nameB, b) = members[j]
                var worst:
                    (
                        deltaE: Double, normal: Double, simulation: ColorVisionSimulation, context: CatalogAppearance, display: String,
                        entry: Resolved, shown: [String], swatch: Swatch
                    )?
                var families: (HueFamily, HueFamily)?
                for context in ColorFindings.contexts {
                    for display in displays {
                        guard let ra = ColorFindings.pick(a, context: context, device: display.gamut),
                            let rb = ColorFindings.pick(b, context: context, device: display.gamut)
                        else { continue }
                        let ea = try shown(ra, on: display), eb = try shown(rb, on: display)
                        let xa = xyz(ea, on: display), xb = xyz(eb, on: display)
                        let normal = CIEDE2000.difference(Lab(xyzD50: xa), Lab(xyzD50: xb))
                        if context == ColorFindings.contexts[0], display.gamut == .displayP3,
                            let fa = Self.family(OKLab(xyzD50: xa).lch), let fb = Self.family(OKLab(xyzD50: xb).lch)
                        {
                            families = (fa, fb)
                        }
                        let la = sRGBFromXYZ * xa, lb = sRGBFromXYZ * xb
                        for simulation in simulations {
                            let sa = simulation.simulate(linearSRGB: la), sb = simulation.simulate(linearSRGB: lb)
                            let d = CIEDE2000.difference(Lab(xyzD50: sRGBModel.toXYZD50 * sa), Lab(xyzD50: sRGBModel.toXYZD50 * sb))
                            if d < (worst?.deltaE ?? .infinity) {
                                let hexes = [sa, sb].map { c in
                                    ColorText.hex(c.map { Int((sRGBModel.curves[0].encode(min(max($0, 0), 1)) * 255).rounded()) })
                                }
                                worst = (
                                    d, normal, simulation, context, display.name, ra, [css(ea, on: display), css(eb, on: display)],
                                    Swatch(
                                        kind: .simulation,
                                        label: "\(simulation), \(context), \(display.name): ΔE00 \(ColorText.fixed(d, places: 1))",
                                        colors: hexes)
                                )
                            }
                        }
                    }
                }
                guard let w = worst else { continue }
                // The two colors as the worst context and display show them, with normal vision.
                let pairSwatch = Swatch(
                    kind: .simulation, label: "normal vision, \(w.context), \(w.display): ΔE00 \(ColorText.fixed(w.normal, places: 1))",
                    colors: w.shown)
                if w.deltaE < settings.cvdSeparation {
                    add(
                        Rules.cvdConfusable, w.entry,
                        "\(nameA) and \(nameB) (\(group.name)) are ΔE00 \(ColorText.fixed(w.deltaE, places: 1)) apart with \(w.simulation) "
                            + "in \(w.context) on \(w.display) displays (normal vision: \(ColorText.fixed(w.normal, places: 1))); "
                            + "they need \(settings.cvdSeparation.formatted())",
                        values: ["deltaE": w.deltaE, "normalDeltaE": w.normal, "required": settings.cvdSeparation],
                        swatches: [pairSwatch, w.swatch])
                }
                if let (fa, fb) = families, Set([fa, fb]) == [.red, .green] || Set([fa, fb]) == [.blue, .orange] {
                    add(
                        Rules.cvdHuePair, w.entry,
                        "\(nameA) (\(fa.rawValue)) and \(nameB) (\(fb.rawValue)) in \(group.name) are a \(fa.rawValue)/\(fb.rawValue) pair; "
                            + "closest under simulation: ΔE00 \(ColorText.fixed(w.deltaE, places: 1)) with \(w.simulation)",
                        values: ["deltaE": w.deltaE], swatches: [pairSwatch, w.swatch])
                }
            }
        }
    }

    private mutating func add(_ rule: Rule, _ entry: Resolved, _ message: String, values: [String: Double], swatches: [Swatch]) {
        let asset = catalog.assets[entry.asset]
        var finding = CatalogAuditor.finding(
            rule, file: asset.contentsFile, line: entry.entry.line, keyPath: entry.entry.keyPath,
            asset: asset.name, message: message, values: values, swatches: swatches)
        finding.location.colorName = asset.name
        findings.append(finding)
    }
}
