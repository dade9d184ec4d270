import Foundation

/// Turns analysis results into findings.
enum FindingBuilder {
    /// Findings for one analyzed image.
    static func findings(
        for analysis: ImageAnalysis, file: String, sourceColorSpace: String,
        settings: AnalysisSettings = .init()
    ) -> [Finding] {
        var findings: [Finding] = []
        let limit = settings.maximumFindingsPerRule
        let target = analysis.targetProfile
        if analysis.visiblyClippedPixels >= settings.visibleClipMinimumPixels, let worst = analysis.worst {
            let clipped = Finding(
                ruleID: Rules.visibleClipping.id, severity: Rules.visibleClipping.defaultSeverity,
                location: FindingLocation(file: file, region: analysis.visiblyClippedBounds),
                message: String(
                    format:
                        "%.2f%% of pixels are visibly clipped on %@ (ΔE00 max %.2f, p95 %.2f, mean %.2f); worst at %d,%d: %@ shown as %@; %@",
                    analysis.visiblyClippedPercent, target, analysis.maxDeltaE, analysis.p95DeltaE, analysis.meanDeltaE,
                    worst.x, worst.y, ColorText.source(worst.source, sourceColorSpace), ColorText.hex(worst.shown),
                    hueText(analysis, settings)),
                values: [
                    "visiblyClippedPercent": analysis.visiblyClippedPercent, "outOfGamutPercent": analysis.outOfGamutPercent,
                    "worstX": Double(worst.x), "worstY": Double(worst.y),
                    "maxDeltaE": analysis.maxDeltaE, "p95DeltaE": analysis.p95DeltaE, "meanDeltaE": analysis.meanDeltaE,
                    "visiblyClippedPixels": Double(analysis.visiblyClippedPixels),
                    "hueShiftedPixels": Double(analysis.hueShiftedPixels), "maximumHueShift": analysis.maximumHueShift,
                ],
                fixHint: Rules.visibleClipping.fixHint,
                swatches: [
                    Swatch(
                        kind: .sourceAndShown, label: "worst pixel, \(worst.x),\(worst.y)",
                        colors: [ColorText.source(worst.source, sourceColorSpace), ColorText.hex(worst.shown)])
                ])
            findings.append(turnsHue(analysis, settings) ? clipped : clipped.advisory())
        } else if analysis.outOfGamutPixels > 0 {
            findings.append(
                Finding(
                    ruleID: Rules.outOfGamut.id, severity: Rules.outOfGamut.defaultSeverity, location: FindingLocation(file: file),
                    message: String(
                        format: "%.2f%% of pixels are outside %@ but not visibly clipped (ΔE00 max %.2f)",
                        analysis.outOfGamutPercent, target, analysis.maxDeltaE),
                    values: [
                        "outOfGamutPercent": analysis.outOfGamutPercent, "maxDeltaE": analysis.maxDeltaE,
                        "outOfGamutPixels": Double(analysis.outOfGamutPixels),
                    ],
                    fixHint: Rules.outOfGamut.fixHint))
        }
        for merged in regionClusters(analysis.collapseGroups, bounds: \.bounds).prefix(limit) {
            let group = merged[0]
            let bounds = merged.dropFirst().reduce(group.bounds) { $0.union($1.bounds) }
            let edges = merged.reduce(0) { $0 + $1.flattenedEdges }
            var notes: [String] = []
            if merged.count > 1 { notes.append("\(merged.count - 1) more pair\(merged.count == 2 ? "" : "s") of colors collapse here") }
            if edges > 0 { notes.append("\(edges) soft edge\(edges == 1 ? "" : "s") between them flatten\(edges == 1 ? "s" : "")") }
            let shown =
                group.firstShown == group.secondShown
                ? "both shown as \(ColorText.hex(group.firstShown))"
                : "shown as \(ColorText.hex(group.firstShown)) and \(ColorText.hex(group.secondShown)) (ΔE00 \(String(format: "%.2f", group.shownDeltaE)))"
            findings.append(
                Finding(
                    ruleID: Rules.colorCollapse.id, severity: Rules.colorCollapse.defaultSeverity,
                    location: FindingLocation(file: file, region: bounds),
                    message: String(
                        format: "%@ (%d px) and %@ (%d px) differ by ΔE00 %.2f but are %@ on %@",
                        ColorText.source(group.first, sourceColorSpace), group.firstPixels,
                        ColorText.source(group.second, sourceColorSpace), group.secondPixels, group.sourceDeltaE, shown, target)
                        + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"),
                    values: [
                        "sourceDeltaE": group.sourceDeltaE, "shownDeltaE": group.shownDeltaE,
                        "pixels": Double(merged.reduce(0) { $0 + $1.pixelCount }), "pairs": Double(merged.count),
                        "flattenedEdges": Double(edges),
                    ],
                    fixHint: Rules.colorCollapse.fixHint,
                    swatches: [
                        Swatch(
                            kind: .sourceAndShown, label: "first color",
                            colors: [ColorText.source(group.first, sourceColorSpace), ColorText.hex(group.firstShown)]),
                        Swatch(
                            kind: .sourceAndShown, label: "second color",
                            colors: [ColorText.source(group.second, sourceColorSpace), ColorText.hex(group.secondShown)]),
                    ]))
        }
        for merged in regionClusters(analysis.clippingGradients, bounds: \.bounds).prefix(limit) {
            var region = merged[0]
            for other in merged.dropFirst() { region.absorb(other) }
            let direction = Set(merged.map(\.direction)).count > 1 ? "rows and columns" : region.direction.rawValue
            findings.append(
                Finding(
                    ruleID: Rules.gradientClipping.id, severity: Rules.gradientClipping.defaultSeverity,
                    location: FindingLocation(file: file, region: region.bounds),
                    message: String(
                        format:
                            "A gradient along the %@ flattens on %@: up to %d px change by ΔE00 %.2f in the source but %.2f as shown (%d runs; worst pixel ΔE00 %.2f at %d,%d)",
                        direction, target, region.longestRun, region.sourceDeltaE, region.shownDeltaE, region.runs,
                        region.worstDeltaE, region.worstX, region.worstY),
                    values: [
                        "longestRun": Double(region.longestRun), "sourceDeltaE": region.sourceDeltaE, "shownDeltaE": region.shownDeltaE,
                        "runs": Double(region.runs), "worstDeltaE": region.worstDeltaE, "regions": Double(merged.count),
                    ],
                    fixHint: Rules.gradientClipping.fixHint))
        }
        return findings
    }

    /// Whether enough visibly clipped pixels turn hue for the clip to be a warning rather than advice.
    static func turnsHue(_ analysis: ImageAnalysis, _ settings: AnalysisSettings) -> Bool {
        analysis.hueShiftedPixels >= settings.visibleClipMinimumPixels
    }

    /// What the clip does to hue, for messages: "12.50% turn hue (ΔH up to 0.031)" or "hue kept (ΔH below 0.02)".
    static func hueText(_ analysis: ImageAnalysis, _ settings: AnalysisSettings) -> String {
        guard turnsHue(analysis, settings) else {
            return String(format: "hue kept (ΔH in OKLab below %.3g): chroma is lost, as any gamut map loses it", settings.visibleHueShift)
        }
        let share = analysis.countedPixels == 0 ? 0 : 100 * Double(analysis.hueShiftedPixels) / Double(analysis.countedPixels)
        return ColorText.fixed(share, places: 2) + "% of pixels turn hue (ΔH in OKLab up to "
            + ColorText.fixed(analysis.maximumHueShift, places: 3) + ")"
    }

    /// Items whose bounds overlap, transitively, in groups: one problem in one place is one finding. Each group keeps
    /// its items' order (the first is the largest when the items come largest first); groups come by their first item.
    /// Items are only compared with those sharing a 64-pixel tile, so a noisy image's thousands of small regions cost
    /// little more than their number.
    static func regionClusters<T>(_ items: [T], bounds: (T) -> PixelRect) -> [[T]] {
        var parent = Array(items.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let tile = 64
        var tiles: [Int: [Int]] = [:]
        for i in items.indices {
            let b = bounds(items[i])
            guard b.width > 0, b.height > 0, b.x >= 0, b.y >= 0 else { continue }
            for ty in (b.y / tile)...((b.y + b.height - 1) / tile) {
                for tx in (b.x / tile)...((b.x + b.width - 1) / tile) {
                    let key = tx << 32 | ty
                    for j in tiles[key, default: []] where root(i) != root(j) && bounds(items[j]).intersectionArea(b) > 0 {
                        let (a, c) = (root(i), root(j))
                        parent[max(a, c)] = min(a, c)
                    }
                    tiles[key, default: []].append(i)
                }
            }
        }
        var groups: [Int: [T]] = [:]
        for i in items.indices { groups[root(i), default: []].append(items[i]) }
        return groups.keys.sorted().map { groups[$0]! }
    }

    /// The finding for a file that could not be read.
    /// A `decoder-warning` finding: something the decoder noticed and worked around (an animation's other frames,
    /// palette indices past the PLTE, an ignored cICP).
    static func decoderWarning(_ file: String, _ message: String) -> Finding {
        Finding(
            ruleID: Rules.decoderWarning.id, severity: Rules.decoderWarning.defaultSeverity, location: FindingLocation(file: file),
            message: message, fixHint: Rules.decoderWarning.fixHint)
    }

    /// A `file-format-mismatch` finding: `description` says what the file is ("a WebP image named .png").
    static func formatMismatch(_ file: String, _ description: String) -> Finding {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return Finding(
            ruleID: Rules.fileFormatMismatch.id, severity: Rules.fileFormatMismatch.defaultSeverity,
            location: FindingLocation(file: file), message: "\(name) is \(description); it was read by its content",
            fixHint: Rules.fileFormatMismatch.fixHint)
    }

    /// An `unreadable` finding for a file that could not be decoded, or `format-not-built` when its codec isn't in this
    /// build.
    static func unreadable(_ file: String, _ error: any Error) -> Finding {
        if let error = error as? GamutError, error.code == .formatNotBuilt {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return Finding(
                ruleID: Rules.formatNotBuilt.id, severity: Rules.formatNotBuilt.defaultSeverity, location: FindingLocation(file: file),
                message: "\(name): \(error.message); it was not checked", fixHint: Rules.formatNotBuilt.fixHint)
        }
        let text =
            (error as? GamutError).map { e in
                ([e.message] + e.underlying.filter { !$0.isEmpty && !e.message.contains($0) }).joined(separator: ": ")
            } ?? "\(error)"
        return Finding(
            ruleID: Rules.unreadable.id, severity: Rules.unreadable.defaultSeverity, location: FindingLocation(file: file),
            message: text, fixHint: Rules.unreadable.fixHint)
    }
}

/// How colors are written in messages.
enum ColorText {
    /// Display codes as #RRGGBB.
    static func hex(_ codes: [Int]) -> String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for code in codes {
            let value = min(max(code, 0), 255)
            text.append(digits[value >> 4])
            text.append(digits[value & 15])
        }
        return text
    }

    /// Encoded source components as CSS-like `color(display-p3 0.100 0.980 0.150)`.
    static func source(_ components: [Double], _ space: String) -> String {
        "color(\(space) " + components.map { fixed($0, places: 3) }.joined(separator: " ") + ")"
    }

    /// `value` with `places` decimals, exactly as `String(format: "%.*f")` writes it: how every number GamutKit writes
    /// with fixed decimals (messages, reports, catalog components) is written. Messages hold thousands of numbers per
    /// catalog and Foundation's formatting is slow on Linux, so the digits of 0…6 places are made here, and a value
    /// within a hair of a tie (where only the exact binary value decides) is left to `String(format:)`.
    static func fixed(_ value: Double, places: Int) -> String {
        let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(max(places, 0), 6)]
        let scaled = abs(value) * scale
        guard (0...6).contains(places), value.isFinite, scaled < 1e12, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-4 else {
            return String(format: "%.\(places)f", value)
        }
        let units = Int(scaled.rounded()), unit = Int(scale)
        var text = (value.sign == .minus ? "-" : "") + String(units / unit)
        if places > 0 {
            let fraction = String(units % unit)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// The CSS color-space name for a profile, or its description.
    static func space(of profile: ColorProfile) -> String {
        switch profile.builtIn {
        case .displayP3: "display-p3"
        case .sRGB: "srgb"
        case .adobeRGB: "a98-rgb"
        case .linearSRGB: "srgb-linear"
        default: profile.name.isEmpty ? "profile" : "'\(profile.name)'"
        }
    }
}
