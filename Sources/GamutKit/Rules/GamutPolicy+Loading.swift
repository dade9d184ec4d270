import Foundation

extension GamutPolicy {
    /// The file name looked for at a catalog's root (and in the current folder by the CLI).
    public static let fileName = ".gamut-check.json"

    /// Loads a policy file.
    /// - Throws: ``GamutError`` `.io` when the file can't be read, `.invalidPolicy` naming the file, line and key
    ///   for invalid JSON, unknown keys, unknown rule ids or targets, and values out of range.
    public static func load(contentsOf path: String) throws(GamutError) -> GamutPolicy {
        try parse(FileIO.read(path, maximumSize: 1 << 20, what: "policy file"), path: path)
    }

    /// Parses a policy from JSON text; `path` names it in errors.
    public static func parse(_ bytes: [UInt8], path: String) throws(GamutError) -> GamutPolicy {
        func fail(_ line: Int, _ message: String) -> GamutError {
            GamutError(.invalidPolicy, "line \(line): \(message)", path: path)
        }
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw fail(error.line, "invalid JSON at column \(error.column): \(error.message)")
        }
        guard let members = root.members else { throw fail(root.line, "a policy is a JSON object, not \(root.kindName)") }
        var policy = GamutPolicy()
        policy.path = path
        for member in members {
            switch member.key {
            case "target":
                guard let name = member.value.string, let target = ColorProfile.BuiltIn(rawValue: name), target.primaries != nil else {
                    let names = ColorProfile.BuiltIn.allCases.filter { $0.primaries != nil }.map(\.rawValue)
                    throw fail(member.line, "target must be one of \(names.joined(separator: ", "))")
                }
                policy.settings.target = target
            case "thresholds":
                guard let thresholds = member.value.members else { throw fail(member.line, "thresholds must be an object") }
                for t in thresholds {
                    guard case .number(_, let value) = t.value.value else { throw fail(t.line, "threshold \"\(t.key)\" must be a number") }
                    do { try policy.settings.set(t.key, to: value) } catch { throw fail(t.line, error.message) }
                }
            case "severity":
                guard let entries = member.value.members else { throw fail(member.line, "severity must be an object of rule id → level") }
                for e in entries {
                    guard let rule = RuleID(rawValue: e.key) else {
                        throw fail(e.line, "unknown rule \"\(e.key)\" (rule ids are listed in the documentation's Analyzer Rules)")
                    }
                    switch e.value.string {
                    case "off": policy.severities[rule] = .some(nil)
                    case let level?:
                        guard let severity = Severity(rawValue: level) else {
                            throw fail(e.line, "severity of \"\(e.key)\" must be error, warning, info or off")
                        }
                        policy.severities[rule] = severity
                    case nil: throw fail(e.line, "severity of \"\(e.key)\" must be a string")
                    }
                }
            case "suppress":
                guard let list = member.value.elements else { throw fail(member.line, "suppress must be an array") }
                for item in list {
                    guard let fields = item.members else { throw fail(item.line, "a suppression is an object with rule and assets") }
                    var rule: String?, assets: [String]?, reason: String?
                    for f in fields {
                        switch f.key {
                        case "rule": rule = f.value.string
                        case "assets":
                            assets = f.value.elements?.compactMap(\.string)
                            if assets?.count != f.value.elements?.count { assets = nil }
                        case "reason": reason = f.value.string
                        default: throw fail(f.line, "unknown key \"\(f.key)\" in a suppression (rule, assets, reason)")
                        }
                    }
                    guard let r = rule, r == "*" || Rules.rule(r) != nil else {
                        throw fail(item.line, "a suppression needs \"rule\": a rule id or \"*\"")
                    }
                    guard let a = assets, !a.isEmpty else {
                        throw fail(item.line, "a suppression needs \"assets\": a non-empty array of names or globs")
                    }
                    policy.suppressions.append(Suppression(rule: r, assets: a, reason: reason))
                }
            case "advisory":
                guard case .bool(let on) = member.value.value else { throw fail(member.line, "advisory must be true or false") }
                policy.showsAdvisory = on
            case "notShipping":
                let names = member.value.elements?.compactMap { e -> String? in
                    if case .string(let v) = e.value, !v.isEmpty, !v.contains("/") { return v }
                    return nil
                }
                guard let names, names.count == member.value.elements?.count else {
                    throw fail(
                        member.line, "notShipping must be an array of folder names or globs (no \"/\"), such as [\"Tests\", \"Examples\"]")
                }
                policy.notShipping = names
            case "contrast":
                guard let list = member.value.elements else { throw fail(member.line, "contrast must be an array of pairs") }
                for item in list {
                    guard let fields = item.members else {
                        throw fail(item.line, "a contrast pair is an object with foreground and background")
                    }
                    var pair = ContrastPair(foreground: "", background: "", line: item.line)
                    for f in fields {
                        switch (f.key, f.value.value) {
                        case ("foreground", .string(let v)): pair.foreground = v
                        case ("background", .string(let v)): pair.background = v
                        case ("textSize", .number(_, let v)) where v > 0 && v <= 1000: pair.textSize = v
                        case ("bold", .bool(let v)): pair.bold = v
                        case ("label", .string(let v)): pair.label = v
                        case ("foreground", _), ("background", _), ("label", _): throw fail(f.line, "\"\(f.key)\" must be a string")
                        case ("textSize", _): throw fail(f.line, "textSize must be a number of points, 0 < size ≤ 1000")
                        case ("bold", _): throw fail(f.line, "bold must be true or false")
                        default:
                            throw fail(
                                f.line, "unknown key \"\(f.key)\" in a contrast pair (foreground, background, textSize, bold, label)")
                        }
                    }
                    guard !pair.foreground.isEmpty, !pair.background.isEmpty else {
                        throw fail(item.line, "a contrast pair needs \"foreground\" and \"background\" color names")
                    }
                    policy.contrastPairs.append(pair)
                }
            case "distinct":
                guard let list = member.value.elements else { throw fail(member.line, "distinct must be an array of groups") }
                for item in list {
                    guard let fields = item.members else { throw fail(item.line, "a distinct group is an object with name and colors") }
                    var group = DistinctGroup(name: "", colors: [], line: item.line)
                    for f in fields {
                        switch f.key {
                        case "name":
                            guard let v = f.value.string else { throw fail(f.line, "name must be a string") }
                            group.name = v
                        case "colors":
                            let names = f.value.elements?.compactMap(\.string) ?? []
                            guard names.count >= 2, names.count == f.value.elements?.count else {
                                throw fail(f.line, "colors must be an array of at least two color names")
                            }
                            group.colors = names
                        default: throw fail(f.line, "unknown key \"\(f.key)\" in a distinct group (name, colors)")
                        }
                    }
                    guard !group.colors.isEmpty else { throw fail(item.line, "a distinct group needs \"colors\"") }
                    if group.name.isEmpty { group.name = "group \(policy.distinctGroups.count + 1)" }
                    policy.distinctGroups.append(group)
                }
            case "colorVision":
                guard let fields = member.value.members else { throw fail(member.line, "colorVision must be an object") }
                for f in fields {
                    guard f.key == "severities" else { throw fail(f.line, "unknown key \"\(f.key)\" in colorVision (severities)") }
                    let values =
                        f.value.elements?.compactMap { e -> Double? in
                            if case .number(_, let v) = e.value, v > 0, v <= 1 { return v }
                            return nil
                        } ?? []
                    guard !values.isEmpty, values.count == f.value.elements?.count else {
                        throw fail(f.line, "severities must be an array of numbers in (0, 1] (1 is dichromacy)")
                    }
                    policy.colorVisionSeverities = values
                }
            default:
                throw fail(
                    member.line,
                    "unknown key \"\(member.key)\" (known: target, thresholds, severity, advisory, notShipping, suppress, contrast, distinct, colorVision)"
                )
            }
        }
        return policy
    }
}
