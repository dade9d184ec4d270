import Foundation

/// Renders a report as one self-contained HTML file: a summary, then per file its findings with swatches
/// (the authored color as CSS `color(display-p3 …)` beside what the display shows, contrast pairs per
/// variant, color-vision simulations) and, for images, pictures from ``HTMLVisuals``. No scripts, no
/// external resources.
package enum HTMLRenderer {
    /// The report as HTML.
    package static func render(_ report: CheckReport, toolVersion: String, visuals: HTMLVisuals = HTMLVisuals()) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="generator" content="gamut-check \(escape(toolVersion))">
            <title>gamut-check report</title>
            <style>\(style)</style></head><body>
            <h1>gamut-check report</h1>

            """
        html += summary(report)
        for file in report.files where !file.findings.isEmpty || visuals.pictures[file.path]?.isEmpty == false {
            html += "<section class=\"file\"><h2>\(escape(file.path))</h2>\n"
            if let a = file.analysis {
                html += "<p class=\"stats\">\(a.width)×\(a.height), \(escape(a.sourceProfile)): "
                    + String(format: "%.2f%% out of gamut, %.2f%% visibly clipped, ΔE00 max %.2f", a.outOfGamutPercent, a.visiblyClippedPercent, a.maxDeltaE)
                    + "</p>\n"
            }
            if let pictures = visuals.pictures[file.path], !pictures.isEmpty {
                html += "<div class=\"pictures\">"
                for p in pictures {
                    html += "<figure class=\"\(p.kind.rawValue)\"><img class=\"\(p.kind.rawValue)\" alt=\"\(escape(p.caption))\" "
                        + "src=\"data:image/png;base64,\(Data(p.png).base64EncodedString())\"><figcaption>\(escape(p.caption))</figcaption></figure>"
                }
                html += "</div>\n"
            }
            for finding in file.findings.sorted(by: { $0.severity > $1.severity }) {
                html += render(finding)
            }
            html += "</section>\n"
        }
        html += "<footer>gamut-check \(escape(toolVersion)) · checked against \(escape(report.target))</footer>\n</body></html>\n"
        return html
    }

    static func summary(_ report: CheckReport) -> String {
        var byRule: [RuleID: (Severity, Int)] = [:]
        for f in report.findings { byRule[f.ruleID] = (max(byRule[f.ruleID]?.0 ?? f.severity, f.severity), (byRule[f.ruleID]?.1 ?? 0) + 1) }
        var s = "<section class=\"summary\"><p class=\"counts\">"
        s += "<span class=\"badge error\">\(report.count(.error)) errors</span> <span class=\"badge warning\">\(report.count(.warning)) warnings</span> "
        s += "<span class=\"badge info\">\(report.count(.info)) info</span> in \(report.files.count) files, checked against \(escape(report.target))</p>\n"
        if !byRule.isEmpty {
            s += "<ul class=\"rules\">"
            for (rule, (severity, n)) in byRule.sorted(by: { ($0.value.0, $0.value.1, $1.key) > ($1.value.0, $1.value.1, $0.key) }) {
                s += "<li><span class=\"dot \(severity.rawValue)\"></span>\(escape(rule.rawValue)) <b>\(n)</b></li>"
            }
            s += "</ul>"
        }
        return s + "</section>\n"
    }

    static func render(_ f: Finding) -> String {
        let l = f.location
        let place = [l.asset, l.line.map { "line \($0)" }, l.keyPath, l.region.map { "\($0)" }].compactMap { $0 }.joined(separator: " · ")
        var s = "<article class=\"finding \(f.severity.rawValue)\" data-rule=\"\(escape(f.ruleID.rawValue))\">"
        s += "<header><span class=\"badge \(f.severity.rawValue)\">\(f.severity.rawValue)</span> <code>\(escape(f.ruleID.rawValue))</code> "
        s += "<span class=\"place\">\(escape(place))</span></header>"
        s += "<p class=\"message\">\(escape(f.message))</p>"
        if !f.swatches.isEmpty {
            s += "<div class=\"swatches\">"
            for w in f.swatches { s += render(w) }
            s += "</div>"
        }
        s += "<p class=\"fix\">\(escape(f.fixHint))</p></article>\n"
        return s
    }

    static func render(_ w: Swatch) -> String {
        let colors = w.colors.map(escape)
        switch w.kind {
        case .contrast:
            return "<figure class=\"swatch contrast\"><div class=\"sample\" style=\"color: \(colors.first ?? "#000"); background: \(colors.last ?? "#fff")\">"
                + "Aa Text</div><figcaption>\(escape(w.label))</figcaption></figure>"
        case .sourceAndShown, .simulation:
            let captions = w.kind == .sourceAndShown ? ["authored", "shown"] : ["", ""]
            var s = "<figure class=\"swatch \(w.kind.rawValue)\"><div class=\"chips\">"
            for (i, c) in colors.enumerated() {
                let caption = i < captions.count && !captions[i].isEmpty ? "\(captions[i]): \(c)" : c
                s += "<span class=\"chip-cell\"><span class=\"chip\" style=\"background: \(c)\" title=\"\(c)\"></span>"
                    + "<span class=\"chip-label\">\(caption)</span></span>"
            }
            return s + "</div><figcaption>\(escape(w.label))</figcaption></figure>"
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
        h1{font-size:22px;margin:0 0 12px}h2{font-size:15px;margin:0 0 8px;word-break:break-all}
        section{background:#fff;border:1px solid #ddd;border-radius:8px;padding:14px 16px;margin:0 0 16px}
        .badge{display:inline-block;border-radius:10px;padding:1px 8px;font-size:12px;font-weight:600;color:#fff}
        .badge.error{background:#c62828}.badge.warning{background:#b26a00}.badge.info{background:#1565c0}
        .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px}
        .dot.error{background:#c62828}.dot.warning{background:#b26a00}.dot.info{background:#1565c0}
        ul.rules{columns:3;list-style:none;padding:0;margin:8px 0 0}ul.rules li{padding:1px 0}
        article.finding{border-top:1px solid #eee;padding:10px 0}article.finding:first-of-type{border-top:0}
        .place{color:#666;font-size:12px}.message{margin:4px 0}.fix{margin:4px 0;color:#555;font-size:12px}
        .swatches{display:flex;flex-wrap:wrap;gap:10px;margin:6px 0}
        .swatch{margin:0;font-size:11px;color:#444;max-width:260px}
        .chips{display:flex;gap:6px}.chip-cell{display:flex;flex-direction:column;width:112px}
        .chip{display:block;width:112px;height:40px;border-radius:6px;border:1px solid rgba(0,0,0,.15)}
        .chip-label{font-family:ui-monospace,monospace;font-size:10px;word-break:break-all}
        .contrast .sample{width:120px;height:44px;display:flex;align-items:center;justify-content:center;font-size:17px;border-radius:6px;border:1px solid rgba(0,0,0,.15)}
        .pictures{display:flex;flex-wrap:wrap;gap:12px;margin:8px 0}
        .pictures figure{margin:0;font-size:11px;color:#444}
        .pictures img{display:block;min-width:128px;max-width:360px;image-rendering:pixelated;border:1px solid #ddd}
        .pictures img.gradient-source,.pictures img.gradient-shown{height:40px;width:auto;min-width:160px}
        footer{color:#888;font-size:12px}
        """
}
