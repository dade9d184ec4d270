import Foundation

/// Renders a report as one self-contained HTML file: first a summary (counts by severity and by rule, and the
/// advisory findings not shown), then every finding, errors first, then warnings, then info (in report order within
/// a severity). Each finding shows its swatches (the authored color as CSS `color(display-p3 …)` beside what the
/// target display shows, contrast pairs per variant, color-vision simulations) and, for images, the pictures of
/// ``HTMLVisuals``: a file's pictures beside its first finding, a clipping gradient's strips beside its finding, and
/// color-vision previews only beside a color-vision finding.
///
/// No scripts, no external resources: pictures are PNG data URIs in CSS classes, each distinct picture once however
/// many findings show it. Captions never break inside a token (see `HTMLText`).
public enum HTMLRenderer {
    /// The report as HTML.
    /// - Parameters:
    ///   - report: the report.
    ///   - toolVersion: the version named in the page's `generator` and footer.
    ///   - visuals: the pictures, and the target display in whose color space the shown colors of swatches are drawn.
    public static func render(_ report: CheckReport, toolVersion: String, visuals: HTMLVisuals = HTMLVisuals()) -> String {
        var page = Page(report: report, visuals: visuals)
        var body = "<h1>\(HTMLText.caption("gamut-check report"))</h1>\n" + page.summary()
        for severity in Severity.allCases.reversed() {
            let group = page.findings.filter { $0.finding.severity == severity }
            guard !group.isEmpty else { continue }
            let title = severity == .error ? "Errors" : severity == .warning ? "Warnings" : "Info"
            body += "<section class=\"findings \(severity.rawValue)\"><h2>\(title) <span class=\"t\">(\(group.count))</span></h2>\n"
            for item in group { body += page.render(item.finding, id: item.id) }
            body += "</section>\n"
        }
        body += "<footer>\(page.caption("gamut-check \(toolVersion) · checked against \(report.target)"))</footer>\n"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="gamut-check \(escape(toolVersion))">
            <title>gamut-check report</title>
            <style>\(style)</style>
            <style>\(page.pictureStyle)</style></head><body>

            """ + body + "</body></html>\n"
    }

    /// The state of one page: findings in order, which pictures are placed, the CSS class of each distinct picture.
    struct Page {
        let report: CheckReport
        let visuals: HTMLVisuals
        /// Every finding, with its element id, in report order.
        let findings: [(finding: Finding, id: String)]
        /// Names with spaces shown as one token (profile names).
        let phrases: [String]
        let analyses: [String: ImageAnalysis]
        /// For each file, the regions of its gradient-clipping findings (their strips go beside them).
        let gradientRegions: [String: Set<PixelRect>]
        /// Files whose main pictures are placed, with the element id they are under.
        var placed: [String: String] = [:]
        /// The CSS class of each distinct picture, by PNG bytes.
        var pictureClasses: [[UInt8]: String] = [:]
        var pictureStyle = ""

        init(report: CheckReport, visuals: HTMLVisuals) {
            self.report = report
            self.visuals = visuals
            findings = report.findings.enumerated().map { ($0.element, "f\($0.offset + 1)") }
            var names = Set([report.target, visuals.target.name])
            var analyses: [String: ImageAnalysis] = [:]
            for file in report.files {
                if let a = file.analysis {
                    names.insert(a.sourceProfile)
                    analyses[file.path] = a
                }
            }
            phrases = names.filter { $0.contains(" ") }.sorted()
            self.analyses = analyses
            var regions: [String: Set<PixelRect>] = [:]
            for f in report.findings where f.ruleID == Rules.gradientClipping.id {
                if let r = f.location.region { regions[f.location.file, default: []].insert(r) }
            }
            gradientRegions = regions
        }

        func caption(_ text: String) -> String { HTMLText.caption(text, phrases: phrases) }

        /// Counts by severity, the advisory findings not shown, and counts by rule and severity (most severe first),
        /// each linking to its first finding.
        func summary() -> String {
            func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 || word == "info" ? "" : "s")" }
            var s = "<section class=\"summary\"><p class=\"counts\">"
            for severity in Severity.allCases.reversed() {
                s += "<span class=\"badge \(severity.rawValue)\">\(plural(report.count(severity), severity.rawValue))</span> "
            }
            s += "in " + caption("\(plural(report.files.count, "file")), checked against \(report.target)") + "</p>\n"
            if let notShown = TextRenderer().notShownSummary(report) {
                s += "<p class=\"not-shown\">\(caption(notShown))</p>\n"
            }
            if !visuals.omitted.isEmpty {
                let n = visuals.omitted.count
                s +=
                    "<p class=\"not-shown\">"
                    + caption(
                        "No pictures of \(n) image\(n == 1 ? "" : "s") with less severe findings: "
                            + "the report embeds at most \(ColorText.fixed(Double(visuals.pictureBudget) / 1e6, places: 1)) MB of pictures")
                    + "</p>\n"
            }
            struct Key: Hashable { var rule: String, severity: Severity }
            var counts: [Key: (count: Int, first: String)] = [:]
            for (f, id) in findings {
                let key = Key(rule: f.ruleID.rawValue, severity: f.severity)
                counts[key] = ((counts[key]?.count ?? 0) + 1, counts[key]?.first ?? id)
            }
            if !counts.isEmpty {
                s += "<ul class=\"rules\">"
                for (key, value) in counts.sorted(by: {
                    ($0.key.severity, $0.value.count, $1.key.rule) > ($1.key.severity, $1.value.count, $0.key.rule)
                }) {
                    s +=
                        "<li><span class=\"dot \(key.severity.rawValue)\"></span><a href=\"#\(value.first)\"><code>\(escape(key.rule))</code></a> "
                        + "<b class=\"t\">\(value.count)</b></li>"
                }
                s += "</ul>"
            }
            return s + "</section>\n"
        }

        mutating func render(_ f: Finding, id: String) -> String {
            let l = f.location
            let place = [
                l.asset.map(HTMLText.token), l.line.map { HTMLText.token("line \($0)") }, l.keyPath.map(HTMLText.token),
                l.region.map { HTMLText.token("\($0)") },
            ].compactMap { $0 }.joined(separator: " · ")
            var s = "<article class=\"finding \(f.severity.rawValue)\" id=\"\(id)\" data-rule=\"\(escape(f.ruleID.rawValue))\">"
            s +=
                "<header><span class=\"badge \(f.severity.rawValue)\">\(f.severity.rawValue)</span> <code>\(escape(f.ruleID.rawValue))</code> "
            s += "<span class=\"file\">\(HTMLText.path(l.file))</span>"
            if !place.isEmpty { s += " <span class=\"place\">\(place)</span>" }
            s += "</header><p class=\"message\">\(caption(f.message))</p>"
            if !f.swatches.isEmpty {
                s += "<div class=\"swatches\">"
                for w in f.swatches { s += render(w) }
                s += "</div>"
            }
            s += pictures(beside: f, id: id)
            s += "<p class=\"fix\">\(caption(f.fixHint))</p></article>\n"
            return s
        }

        /// The pictures that go beside a finding: its file's pictures if this is the file's first finding (else a link
        /// to them), the strips of the gradient it reports, and color-vision previews if it concerns color vision.
        mutating func pictures(beside f: Finding, id: String) -> String {
            let file = f.location.file
            if visuals.omitted.contains(file), placed[file] == nil {
                placed[file] = id
                return "<p class=\"see\">" + caption("No pictures of this image: the report's picture budget went to more severe findings.")
                    + "</p>"
            }
            guard let all = visuals.pictures[file], !all.isEmpty else { return "" }
            let strips = gradientRegions[file] ?? []
            var shown: [HTMLVisuals.Picture] = []
            var s = ""
            if let anchor = placed[file] {
                s += "<p class=\"see\">Pictures of this image: <a href=\"#\(anchor)\">above</a></p>"
            } else {
                placed[file] = id
                if let a = analyses[file] {
                    s +=
                        "<p class=\"stats\">"
                        + caption(
                            String(
                                format: "%d×%d, %@: %.2f%% out of gamut, %.2f%% visibly clipped, ΔE00 max %.2f",
                                a.width, a.height, a.sourceProfile, a.outOfGamutPercent, a.visiblyClippedPercent, a.maxDeltaE)) + "</p>"
                }
                shown += all.filter { p in
                    switch p.kind {
                    case .source, .shown, .clipMask: true
                    case .gradientSource, .gradientShown: !strips.contains(p.region ?? PixelRect(x: -1, y: -1, width: 0, height: 0))
                    case .simulation: false
                    }
                }
            }
            if f.ruleID == Rules.gradientClipping.id, let region = f.location.region {
                shown += all.filter { ($0.kind == .gradientSource || $0.kind == .gradientShown) && $0.region == region }
            }
            if HTMLVisuals.colorVisionRules.contains(f.ruleID) {
                shown += all.filter { $0.kind == .simulation }
            }
            guard !shown.isEmpty else { return s }
            s += "<div class=\"pictures\">"
            for p in shown { s += render(p) }
            return s + "</div>"
        }

        /// A picture: a box the size of the thumbnail (small ones enlarged, thin strips thickened) whose background is
        /// the picture's class.
        mutating func render(_ p: HTMLVisuals.Picture) -> String {
            let name: String
            if let existing = pictureClasses[p.png] {
                name = existing
            } else {
                name = "p\(pictureClasses.count + 1)"
                pictureClasses[p.png] = name
                pictureStyle += ".\(name){background-image:url(data:image/png;base64,\(Data(p.png).base64EncodedString()))}\n"
            }
            let enlarge = max(1, 128 / max(p.width, p.height, 1))
            var width = p.width * enlarge, height = p.height * enlarge
            if p.kind == .gradientSource || p.kind == .gradientShown { width = max(width, 24); height = max(height, 24) }
            return
                "<figure class=\"\(p.kind.rawValue)\"><div class=\"pic \(p.kind.rawValue) \(name)\" role=\"img\" aria-label=\"\(escape(p.caption))\" "
                + "style=\"width:\(width)px;height:\(height)px\"></div><figcaption>\(caption(p.caption))</figcaption></figure>"
        }

        func render(_ w: Swatch) -> String {
            switch w.kind {
            case .contrast:
                let colors = w.colors.map(escape)
                return
                    "<figure class=\"swatch contrast\"><div class=\"sample\" style=\"color: \(colors.first ?? "#000"); background: \(colors.last ?? "#fff")\">"
                    + "Aa Text</div><figcaption>\(caption(w.label))</figcaption></figure>"
            case .sourceAndShown, .simulation:
                // The shown color is in the target display's codes: drawn in the target's color space.
                let colors = w.colors.enumerated().map { i, c in w.kind == .sourceAndShown && i == 1 ? shownCSS(c) : c }.map(escape)
                let captions = w.kind == .sourceAndShown ? ["authored", "shown"] : ["", ""]
                var s = "<figure class=\"swatch \(w.kind.rawValue)\"><div class=\"chips\">"
                for (i, c) in colors.enumerated() {
                    let label = i < captions.count && !captions[i].isEmpty ? "\(captions[i]): \(c)" : c
                    s +=
                        "<span class=\"chip-cell\"><span class=\"chip\" style=\"background: \(c)\" title=\"\(c)\"></span>"
                        + "<span class=\"chip-label\">\(caption(label))</span></span>"
                }
                return s + "</div><figcaption>\(caption(w.label))</figcaption></figure>"
            }
        }

        /// A color given as the target display's codes (`#RRGGBB`) as CSS: itself on sRGB; `color(display-p3 …)`,
        /// `color(a98-rgb …)` or `color(srgb-linear …)` on those displays; `color(xyz-d50 …)` on any other.
        func shownCSS(_ color: String) -> String {
            let target = visuals.target
            guard target.builtIn != .sRGB, color.hasPrefix("#"), color.count == 7,
                let value = Int(color.dropFirst(), radix: 16)
            else { return color }
            let codes = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { Double($0) / 255 }
            let space = ColorText.space(of: target)
            if ["display-p3", "a98-rgb", "srgb-linear"].contains(space) { return ColorText.source(codes, space) }
            guard let model = target.shaper else { return color }
            let xyz = model.toXYZD50 * (0..<3).map { model.curves[$0].linearize(codes[$0]) }
            return "color(xyz-d50 " + xyz.map { ColorText.fixed($0, places: 4) }.joined(separator: " ") + ")"
        }
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
        body{font:14px/1.45 -apple-system,system-ui,"DejaVu Sans",sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
        body,p,figcaption,span{overflow-wrap:normal;word-break:normal;hyphens:manual}
        .t,code,.badge{white-space:nowrap}
        h1{font-size:22px;margin:0 0 12px}h2{font-size:16px;margin:0 0 8px}
        section{background:#fff;border:1px solid #ddd;border-radius:8px;padding:14px 16px;margin:0 0 16px}
        .badge{display:inline-block;border-radius:10px;padding:1px 8px;font-size:12px;font-weight:600;color:#fff}
        .badge.error{background:#c62828}.badge.warning{background:#b26a00}.badge.info{background:#1565c0}
        .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px}
        .dot.error{background:#c62828}.dot.warning{background:#b26a00}.dot.info{background:#1565c0}
        .not-shown{color:#555;font-size:12px;margin:6px 0 0}
        ul.rules{columns:18em;list-style:none;padding:0;margin:8px 0 0}ul.rules li{padding:1px 0}ul.rules a{color:inherit}
        article.finding{border-top:1px solid #eee;padding:10px 0}h2+article.finding{border-top:0}
        .file{font-size:12px;font-weight:600}.place{color:#666;font-size:12px}
        .message{margin:4px 0}.fix,.see,.stats{margin:4px 0;color:#555;font-size:12px}
        .swatches{display:flex;flex-wrap:wrap;gap:10px;margin:6px 0}
        .swatch{margin:0;font-size:11px;color:#444}
        .chips{display:flex;flex-wrap:wrap;gap:6px}.chip-cell{display:flex;flex-direction:column;width:min-content;min-width:112px}
        .chip{display:block;width:100%;height:40px;border-radius:6px;border:1px solid rgba(0,0,0,.15)}
        .chip-label{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:10px}
        .contrast .sample{width:120px;height:44px;display:flex;align-items:center;justify-content:center;font-size:17px;border-radius:6px;border:1px solid rgba(0,0,0,.15)}
        .pictures{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
        .pictures figure{margin:0;font-size:11px;color:#444;max-width:260px}
        .pic{background-size:100% 100%;background-repeat:no-repeat;image-rendering:pixelated;border:1px solid #ddd}
        footer{color:#888;font-size:12px}
        """
}
