import Foundation

/// Reads an `.xcassets` folder strictly: every set and group folder, every `Contents.json`, every form
/// of color component Xcode has written. Whatever is unknown, mis-cased, malformed or unsafe becomes a
/// finding naming the file, line and key path; reading never stops early and never crashes.
///
/// - Groups (plain folders) with `properties.provides-namespace` prefix their sets' names.
/// - Sets are read by kind: `.colorset`, `.imageset`, `.appiconset`, and `.dataset` and `.symbolset` (their files
///   and keys; their content isn't checked); other set types are listed.
/// - Every key and value Apple's Asset Catalog Format Reference names, and what Xcode writes beyond it, is accepted
///   (see ``CatalogFormat``); a colorset entry without a `color` (Xcode's template `AccentColor` and
///   `WidgetBackground`) means the platform's default. A key no reference names is `catalog-unknown`, at info.
/// - Filenames that leave their set folder, and symbolic links out of the catalog, are refused;
///   symbolic link loops end.
enum CatalogReader {
    /// The largest `Contents.json` read (real ones are a few kilobytes).
    static let maximumContentsSize = 4 << 20

    /// Reads the catalog at `path`.
    /// - Throws: ``GamutError`` `.invalidCatalog` when `path` is not a folder.
    static func read(_ path: String) throws(GamutError) -> AssetCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let root = realPath(path)
        else {
            throw GamutError(.invalidCatalog, "not an asset catalog folder", path: path)
        }
        var state = State(root: root)
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if FileManager.default.fileExists(atPath: trimmed + "/Contents.json") {
            if let json = state.contents(trimmed + "/Contents.json", asset: nil) {
                state.checkFolder(json, properties: CatalogFormat.catalogProperties, file: trimmed + "/Contents.json")
            }
        }
        state.visited.insert(root)
        state.walk(trimmed, namespace: [])
        // The sets, read on every core: each into its own state, then placed where the walk met it, so the catalog is
        // the same as one read in order.
        let pending = state.pendingSets
        let reads = Bands.map(Bands.cores(items: pending.count), over: pending.count) { range in
            range.map { i in
                var one = State(root: root)
                one.readSet(pending[i].folder, kind: pending[i].kind, name: pending[i].name)
                return (asset: one.assets[0], findings: one.findings, contentsFiles: one.contentsFiles)
            }
        }.flatMap { $0 }
        var assets: [CatalogAsset] = [], findings: [Finding] = [], contentsFiles: [String] = []
        var (f, c) = (0, 0)
        for (set, read) in zip(pending, reads) {
            findings += state.findings[f..<set.findingsAt] + read.findings
            contentsFiles += state.contentsFiles[c..<set.contentsAt] + read.contentsFiles
            (f, c) = (set.findingsAt, set.contentsAt)
            assets.append(read.asset)
        }
        findings += state.findings[f...]
        contentsFiles += state.contentsFiles[c...]
        return AssetCatalog(path: path, assets: assets, readingFindings: findings, contentsFiles: contentsFiles)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The work of one read.
private struct State {
    let root: String
    var visited: Set<String> = []
    var assets: [CatalogAsset] = []
    var findings: [Finding] = []
    var contentsFiles: [String] = []
    /// The sets the walk met, in order, each with how many findings and `Contents.json` files the walk had before it.
    var pendingSets: [(folder: String, kind: CatalogAsset.Kind, name: String, findingsAt: Int, contentsAt: Int)] = []

    init(root: String) { self.root = root }

    mutating func report(_ rule: Rule, _ file: String, line: Int? = nil, keyPath: String? = nil, asset: String?, _ message: String) {
        findings.append(
            CatalogAuditor.finding(
                rule, file: file, line: line, keyPath: keyPath?.isEmpty == true ? nil : keyPath, asset: asset, message: message))
    }

    func isInsideCatalog(_ real: String) -> Bool { real == root || real.hasPrefix(root + "/") }

    /// Sorted, non-hidden entries of a folder.
    func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    mutating func walk(_ folder: String, namespace: [String]) {
        for name in entries(folder) {
            let path = folder + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            var isLink = false
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                isLink = true
                guard let real = CatalogReader.realPath(path) else {
                    report(Rules.unsafePath, path, asset: nil, "a symbolic link that points nowhere (or into a loop); not followed")
                    continue
                }
                guard isInsideCatalog(real) else {
                    report(Rules.unsafePath, path, asset: nil, "a symbolic link to \(real), outside the catalog; not followed")
                    continue
                }
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let real = CatalogReader.realPath(path) ?? path
            guard visited.insert(real).inserted else {
                if isLink {
                    report(Rules.unsafePath, path, asset: nil, "a symbolic link back into a folder already read (a loop); not followed")
                }
                continue
            }
            let ext = (name as NSString).pathExtension
            let base = (name as NSString).deletingPathExtension
            if ext.isEmpty {
                var inner = namespace
                let contentsPath = path + "/Contents.json"
                if FileManager.default.fileExists(atPath: contentsPath), let json = contents(contentsPath, asset: nil) {
                    checkFolder(json, properties: CatalogFormat.groupProperties, file: contentsPath)
                    if let properties = json["properties"] {
                        if let provides = properties["provides-namespace"] {
                            if case .bool(let b) = provides.value {
                                if b { inner.append(name) }
                            } else {
                                report(
                                    Rules.catalogInvalid, contentsPath, line: provides.line, keyPath: "properties.provides-namespace",
                                    asset: nil, "provides-namespace must be true or false, not \(provides.kindName)")
                            }
                        }
                    }
                }
                walk(path, namespace: inner)
            } else {
                pendingSets.append(
                    (
                        path, CatalogAsset.Kind(extension: ext), (namespace + [base]).joined(separator: "/"), findings.count,
                        contentsFiles.count
                    ))
            }
        }
    }

    /// Reads and parses a `Contents.json`; nil (with a finding) when it can't.
    mutating func contents(_ path: String, asset: String?) -> LocatedJSON? {
        // A Contents.json linked from outside the catalog is refused as a linked image is: not read, nor written by fix.
        if let real = CatalogReader.realPath(path), !isInsideCatalog(real) {
            report(Rules.unsafePath, path, asset: asset, "Contents.json is a symbolic link to \(real), outside the catalog; not read")
            return nil
        }
        contentsFiles.append(path)
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, maximumSize: CatalogReader.maximumContentsSize, what: "Contents.json")
        } catch {
            report(Rules.catalogSyntax, path, asset: asset, error.message)
            return nil
        }
        do {
            let json = try LocatedJSON.parse(bytes)
            guard json.members != nil else {
                report(Rules.catalogSyntax, path, line: json.line, asset: asset, "Contents.json must hold an object, not \(json.kindName)")
                return nil
            }
            return json
        } catch {
            report(
                Rules.catalogSyntax, path, line: error.line, asset: asset,
                "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
            return nil
        }
    }

    /// The keys of the catalog's or a group's own `Contents.json`.
    mutating func checkFolder(_ json: LocatedJSON, properties: Set<String>, file: String) {
        checkKeys(json, allowed: ["info", "properties"], file: file, keyPath: "", asset: nil)
        if let info = json["info"] { checkKeys(info, allowed: CatalogFormat.infoKeys, file: file, keyPath: "info", asset: nil) }
        if let list = json["properties"] { checkKeys(list, allowed: properties, file: file, keyPath: "properties", asset: nil) }
    }

    /// Reports keys outside `allowed` as unknown (info: a key no reference names changes nothing GamutKit checks;
    /// mis-cased ones say which key Xcode writes), and duplicate keys as invalid.
    mutating func checkKeys(_ json: LocatedJSON, allowed: Set<String>, file: String, keyPath: String, asset: String?) {
        guard let members = json.members else {
            report(
                Rules.catalogInvalid, file, line: json.line, keyPath: keyPath, asset: asset, "expected an object, found \(json.kindName)")
            return
        }
        var seen: Set<String> = []
        for member in members {
            let path = keyPath.isEmpty ? member.key : keyPath + "." + member.key
            if !seen.insert(member.key).inserted {
                report(
                    Rules.catalogInvalid, file, line: member.line, keyPath: path, asset: asset,
                    "duplicate key \"\(member.key)\"; Xcode keeps only one of them")
            }
            guard !allowed.contains(member.key) else { continue }
            if let match = allowed.first(where: { $0.lowercased() == member.key.lowercased() }) {
                report(
                    Rules.catalogUnknown, file, line: member.line, keyPath: path, asset: asset,
                    "mis-cased key \"\(member.key)\"; Xcode writes \"\(match)\" and ignores this one")
            } else {
                report(Rules.catalogUnknown, file, line: member.line, keyPath: path, asset: asset, "unknown key \"\(member.key)\"")
            }
        }
    }

    mutating func readSet(_ folder: String, kind: CatalogAsset.Kind, name: String) {
        let contentsPath = folder + "/Contents.json"
        var asset = CatalogAsset(
            name: name, kind: kind, folder: folder, contentsFile: contentsPath, colors: [], images: [],
            isTemplate: false, unreferencedFiles: [])
        let ext = (folder as NSString).pathExtension
        if case .other = kind {
            report(
                Rules.notChecked, folder, asset: name,
                "a .\(ext) set; GamutKit checks the colors and images of colorsets, imagesets and appiconsets only")
        }
        guard let type = CatalogFormat.setTypes[ext] else {
            assets.append(asset)
            return
        }
        guard FileManager.default.fileExists(atPath: contentsPath) else {
            report(Rules.catalogSyntax, contentsPath, asset: name, "the \(kind) has no Contents.json; Xcode ignores it")
            assets.append(asset)
            return
        }
        guard let json = contents(contentsPath, asset: name) else {
            assets.append(asset)
            return
        }
        let listKey = type.list
        checkKeys(json, allowed: ["info", listKey, "properties"], file: contentsPath, keyPath: "", asset: name)
        if let info = json["info"] { checkKeys(info, allowed: CatalogFormat.infoKeys, file: contentsPath, keyPath: "info", asset: name) }
        if let properties = json["properties"] {
            checkKeys(properties, allowed: type.properties, file: contentsPath, keyPath: "properties", asset: name)
            if let intent = properties["template-rendering-intent"] {
                switch intent.string {
                case "template": asset.isTemplate = true
                case let value? where CatalogFormat.templateRenderingIntents.contains(value): break
                default:
                    report(
                        Rules.catalogInvalid, contentsPath, line: intent.line, keyPath: "properties.template-rendering-intent",
                        asset: name, "template-rendering-intent must be \"template\" or \"original\"")
                }
            }
        }
        var referenced: Set<String> = []
        if let list = json[listKey] {
            if let elements = list.elements {
                for (i, element) in elements.enumerated() {
                    let keyPath = "\(listKey)[\(i)]"
                    if kind == .colorSet {
                        if let entry = colorEntry(element, keyPath: keyPath, file: contentsPath, asset: name, keys: type.entryKeys) {
                            asset.colors.append(entry)
                        }
                    } else if let entry = imageEntry(
                        element, keyPath: keyPath, folder: folder, file: contentsPath, asset: name,
                        keys: type.entryKeys)
                    {
                        // Data and symbol set entries are read for their files only; their content isn't checked.
                        if kind == .imageSet || kind == .appIconSet { asset.images.append(entry) }
                        if let filename = entry.filename { referenced.insert(filename) }
                    }
                }
            } else {
                report(
                    Rules.catalogInvalid, contentsPath, line: list.line, keyPath: listKey, asset: name,
                    "\"\(listKey)\" must be an array, not \(list.kindName)")
            }
        }
        for file in entries(folder) where file != "Contents.json" && !referenced.contains(file) {
            asset.unreferencedFiles.append(folder + "/" + file)
            report(
                Rules.unreferencedFile, folder + "/" + file, asset: name,
                "\(file) is in the \(kind) but no entry of its Contents.json references it")
        }
        assets.append(asset)
    }

    /// The appearance and display gamut of an entry.
    mutating func variant(_ entry: LocatedJSON, keyPath: String, file: String, asset: String) -> (CatalogAppearance, CatalogDisplayGamut?) {
        var appearance = CatalogAppearance.any
        if let list = entry["appearances"] {
            guard let elements = list.elements else {
                report(
                    Rules.catalogInvalid, file, line: list.line, keyPath: keyPath + ".appearances", asset: asset,
                    "appearances must be an array, not \(list.kindName)")
                return (appearance, gamut(entry, keyPath: keyPath, file: file, asset: asset))
            }
            for (i, item) in elements.enumerated() {
                let path = "\(keyPath).appearances[\(i)]"
                checkKeys(item, allowed: ["appearance", "value"], file: file, keyPath: path, asset: asset)
                let kind = item["appearance"]?.string, value = item["value"]?.string
                switch (kind, value) {
                case ("luminosity", let v?) where CatalogAppearance.Luminosity(rawValue: v) != nil && v != "any":
                    appearance.luminosity = CatalogAppearance.Luminosity(rawValue: v)!
                case ("contrast", "high"): appearance.highContrast = true
                case (let k?, let v?) where CatalogFormat.appearances[k.lowercased()]?.contains(v.lowercased()) == true:
                    report(
                        Rules.catalogInvalid, file, line: item.line, keyPath: path, asset: asset,
                        "mis-cased appearance \"\(k)\": \"\(v)\"; Xcode writes lowercase (luminosity light/dark/tinted, contrast high) and ignores this one"
                    )
                case (let k?, let v?):
                    report(
                        Rules.catalogUnknown, file, line: item.line, keyPath: path, asset: asset,
                        "unknown appearance \"\(k)\": \"\(v)\" (known: luminosity light/dark/tinted, contrast high)")
                default:
                    report(
                        Rules.catalogInvalid, file, line: item.line, keyPath: path, asset: asset,
                        "an appearance needs string \"appearance\" and \"value\" keys")
                }
            }
        }
        return (appearance, gamut(entry, keyPath: keyPath, file: file, asset: asset))
    }

    mutating func gamut(_ entry: LocatedJSON, keyPath: String, file: String, asset: String) -> CatalogDisplayGamut? {
        guard let value = entry["display-gamut"] else { return nil }
        if let text = value.string, let gamut = CatalogDisplayGamut(rawValue: text) { return gamut }
        let text = value.string ?? value.kindName
        let hint = ["srgb", "display-p3"].contains(text.lowercased()) ? "mis-cased display-gamut" : "unknown display-gamut"
        report(
            Rules.catalogInvalid, file, line: value.line, keyPath: keyPath + ".display-gamut", asset: asset,
            "\(hint) \"\(text)\"; Xcode writes \"sRGB\" or \"display-P3\" (case-sensitive) and treats this entry as for both gamuts")
        return nil
    }

    mutating func idiom(_ entry: LocatedJSON, keyPath: String, file: String, asset: String) -> String {
        guard let value = entry["idiom"] else { return "universal" }
        guard let text = value.string else {
            report(Rules.catalogInvalid, file, line: value.line, keyPath: keyPath + ".idiom", asset: asset, "idiom must be a string")
            return "universal"
        }
        if !CatalogFormat.idioms.contains(text) {
            report(Rules.catalogUnknown, file, line: value.line, keyPath: keyPath + ".idiom", asset: asset, "unknown idiom \"\(text)\"")
        }
        return text
    }

    mutating func colorEntry(_ entry: LocatedJSON, keyPath: String, file: String, asset: String, keys: Set<String>) -> CatalogColorEntry? {
        guard entry.members != nil else {
            report(Rules.catalogInvalid, file, line: entry.line, keyPath: keyPath, asset: asset, "a color entry must be an object")
            return nil
        }
        checkKeys(entry, allowed: keys, file: file, keyPath: keyPath, asset: asset)
        let (appearance, gamut) = variant(entry, keyPath: keyPath, file: file, asset: asset)
        var result = CatalogColorEntry(
            idiom: idiom(entry, keyPath: keyPath, file: file, asset: asset), appearance: appearance,
            displayGamut: gamut, color: nil, line: entry.line, keyPath: keyPath)
        guard let color = entry["color"] else {
            // Xcode's template AccentColor and WidgetBackground: no color, the platform's default.
            result.color = .platformDefault
            return result
        }
        result.color = colorValue(color, keyPath: keyPath + ".color", file: file, asset: asset)
        return result
    }

    mutating func colorValue(_ color: LocatedJSON, keyPath: String, file: String, asset: String) -> CatalogColorValue? {
        checkKeys(color, allowed: CatalogFormat.colorKeys, file: file, keyPath: keyPath, asset: asset)
        guard color.members != nil else { return nil }
        if let reference = color["reference"] {
            guard let name = reference.string else {
                report(
                    Rules.catalogInvalid, file, line: reference.line, keyPath: keyPath + ".reference", asset: asset,
                    "reference must be a string")
                return nil
            }
            let platform = color["platform"]?.string ?? "ios"
            return .system(platform: platform, reference: name)
        }
        guard let spaceValue = color["color-space"] else {
            report(Rules.catalogInvalid, file, line: color.line, keyPath: keyPath, asset: asset, "the color has no \"color-space\"")
            return nil
        }
        let spaceText = spaceValue.string ?? ""
        guard let space = CatalogColorSpace(rawValue: spaceText) else {
            let known = CatalogColorSpace.allCases.map(\.rawValue)
            let what = known.contains(spaceText.lowercased()) ? "mis-cased color-space" : "unknown color-space"
            report(
                Rules.catalogInvalid, file, line: spaceValue.line, keyPath: keyPath + ".color-space", asset: asset,
                "\(what) \"\(spaceValue.string ?? spaceValue.kindName)\" (known: \(known.joined(separator: ", ")))")
            return nil
        }
        guard let components = color["components"], components.members != nil else {
            report(
                Rules.catalogInvalid, file, line: color.line, keyPath: keyPath + ".components", asset: asset,
                "the color has no \"components\" object")
            return nil
        }
        let channels = space.isGray ? ["white"] : ["red", "green", "blue"]
        checkKeys(components, allowed: Set(channels + ["alpha"]), file: file, keyPath: keyPath + ".components", asset: asset)
        var values: [Double] = []
        var readings: [(String, ComponentReading)] = []
        for channel in channels {
            guard let value = components[channel] else {
                report(
                    Rules.catalogInvalid, file, line: components.line, keyPath: keyPath + ".components", asset: asset,
                    "\(space.rawValue) needs a \"\(channel)\" component")
                return nil
            }
            guard
                let reading = component(
                    value, extended: space.isExtended, isAlpha: false, keyPath: keyPath + ".components." + channel,
                    file: file, asset: asset)
            else { return nil }
            readings.append((channel, reading))
            values.append(reading.value)
        }
        var alpha = 1.0
        if let value = components["alpha"] {
            guard
                let reading = component(
                    value, extended: false, isAlpha: true, keyPath: keyPath + ".components.alpha", file: file, asset: asset)
            else { return nil }
            alpha = reading.value
        }
        // "0"/"1" beside decimal strings: Xcode reads "1" as 1/255, the neighbors suggest 1.0.
        if readings.contains(where: { $0.1.style == .decimal }) {
            for (channel, reading) in readings where reading.style == .integer && (reading.text == "0" || reading.text == "1") {
                report(
                    Rules.ambiguousComponent, file, line: reading.line, keyPath: keyPath + ".components." + channel, asset: asset,
                    "\(channel) is \"\(reading.text)\" beside decimal components: Xcode reads it as \(reading.text)/255"
                        + (reading.text == "1" ? ", not 1.0" : " (0 either way, but the styles are mixed)"))
            }
        }
        return .components(space, values, alpha: alpha)
    }

    struct ComponentReading {
        enum Style { case number, decimal, integer, hex }
        var value: Double
        var style: Style
        var text: String
        var line: Int
    }

    /// The largest magnitude an extended-range component may have. The brightest Apple displays show 16× SDR white
    /// (about 3.2 in extended sRGB, 16 in extended linear sRGB), so a larger value is a typo; unbounded, a value such
    /// as 1e300 would overflow the color math.
    static let extendedComponentLimit = 1000.0

    /// One component in any form Xcode has written: JSON number (0…1), decimal string, integer string
    /// "0"–"255" (÷255), hex string "0x00"–"0xFF" (÷255). Alpha strings "0" and "1" are 0 and 1.
    mutating func component(
        _ value: LocatedJSON, extended: Bool, isAlpha: Bool, keyPath: String, file: String,
        asset: String
    ) -> ComponentReading? {
        func invalid(_ message: String) -> ComponentReading? {
            report(Rules.catalogInvalid, file, line: value.line, keyPath: keyPath, asset: asset, message)
            return nil
        }
        let reading: ComponentReading
        switch value.value {
        case .number(let text, let v):
            reading = ComponentReading(value: v, style: .number, text: text, line: value.line)
        case .string(let text):
            if text.lowercased().hasPrefix("0x") {
                guard let v = Int(text.dropFirst(2), radix: 16), (0...255).contains(v), text.count <= 4 else {
                    return invalid("\"\(text)\" is not a hex component \"0x00\"…\"0xFF\"")
                }
                reading = ComponentReading(value: Double(v) / 255, style: .hex, text: text, line: value.line)
            } else if let v = Int(text) {
                guard (0...255).contains(v) else { return invalid("\"\(text)\" is not an 8-bit component \"0\"…\"255\"") }
                let scaled = isAlpha && v <= 1 ? Double(v) : Double(v) / 255
                reading = ComponentReading(value: scaled, style: .integer, text: text, line: value.line)
            } else if let v = Double(text), v.isFinite, text.contains(".") || text.lowercased().contains("e") {
                reading = ComponentReading(value: v, style: .decimal, text: text, line: value.line)
            } else {
                return invalid("\"\(text)\" is not a number")
            }
        default:
            return invalid("a component must be a string or a number, not \(value.kindName)")
        }
        if !extended, !(0...1).contains(reading.value) {
            return invalid("\"\(reading.text)\" is outside 0…1; only extended color spaces allow that")
        }
        if abs(reading.value) > Self.extendedComponentLimit {
            return invalid(
                "\"\(reading.text)\" is outside −\(Int(Self.extendedComponentLimit))…\(Int(Self.extendedComponentLimit)), "
                    + "far past any display's range even in an extended color space")
        }
        return reading
    }

    mutating func imageEntry(
        _ entry: LocatedJSON, keyPath: String, folder: String, file: String, asset: String,
        keys: Set<String>
    ) -> CatalogImageEntry? {
        guard entry.members != nil else {
            report(Rules.catalogInvalid, file, line: entry.line, keyPath: keyPath, asset: asset, "an entry must be an object")
            return nil
        }
        checkKeys(entry, allowed: keys, file: file, keyPath: keyPath, asset: asset)
        if let resizing = entry["resizing"] { checkResizing(resizing, keyPath: keyPath + ".resizing", file: file, asset: asset) }
        if let insets = entry["alignment-insets"] {
            checkKeys(insets, allowed: CatalogFormat.insetKeys, file: file, keyPath: keyPath + ".alignment-insets", asset: asset)
        }
        let (appearance, gamut) = variant(entry, keyPath: keyPath, file: file, asset: asset)
        var result = CatalogImageEntry(
            filename: nil, path: nil, idiom: idiom(entry, keyPath: keyPath, file: file, asset: asset),
            scale: entry["scale"]?.string, appearance: appearance, displayGamut: gamut,
            line: entry.line, keyPath: keyPath)
        result.platform = entry["platform"]?.string
        guard let filenameValue = entry["filename"] else { return result }
        guard let filename = filenameValue.string, !filename.isEmpty else {
            report(
                Rules.catalogInvalid, file, line: filenameValue.line, keyPath: keyPath + ".filename", asset: asset,
                "filename must be a non-empty string")
            return result
        }
        result.filename = filename
        let path = keyPath + ".filename"
        if filename.contains("/") || filename.contains("\\") || filename == "." || filename == ".." || filename.contains("\0") {
            report(
                Rules.unsafePath, file, line: filenameValue.line, keyPath: path, asset: asset,
                "filename \"\(filename)\" leaves the set folder; refused")
            return result
        }
        let full = folder + "/" + filename
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil {
                report(
                    Rules.unsafePath, file, line: filenameValue.line, keyPath: path, asset: asset,
                    "\(filename) is a symbolic link that points nowhere; refused")
            } else {
                report(
                    Rules.missingFile, file, line: filenameValue.line, keyPath: path, asset: asset,
                    "\(filename) is referenced but not in \(folder)")
            }
            return result
        }
        guard !isDirectory.boolValue else {
            report(Rules.unsafePath, file, line: filenameValue.line, keyPath: path, asset: asset, "\(filename) is a folder, not an image")
            return result
        }
        guard let real = CatalogReader.realPath(full), isInsideCatalog(real) else {
            report(
                Rules.unsafePath, file, line: filenameValue.line, keyPath: path, asset: asset,
                "\(filename) is a symbolic link to a file outside the catalog; refused")
            return result
        }
        result.path = full
        return result
    }
}

extension State {
    /// `resizing` (9-part and 3-part slicing): an object whose keys and modes the reference names.
    mutating func checkResizing(_ resizing: LocatedJSON, keyPath: String, file: String, asset: String) {
        guard resizing.members != nil else {
            report(
                Rules.catalogInvalid, file, line: resizing.line, keyPath: keyPath, asset: asset,
                "resizing must be an object, not \(resizing.kindName)")
            return
        }
        checkKeys(resizing, allowed: CatalogFormat.resizingKeys, file: file, keyPath: keyPath, asset: asset)
        func mode(_ value: LocatedJSON?, _ known: Set<String>, _ path: String) {
            guard let value, let text = value.string, !known.contains(text) else { return }
            report(
                Rules.catalogUnknown, file, line: value.line, keyPath: path, asset: asset,
                "unknown resizing mode \"\(text)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        mode(resizing["mode"], CatalogFormat.resizingModes, keyPath + ".mode")
        if let center = resizing["center"] {
            checkKeys(center, allowed: CatalogFormat.resizingCenterKeys, file: file, keyPath: keyPath + ".center", asset: asset)
            mode(center["mode"], CatalogFormat.resizingCenterModes, keyPath + ".center.mode")
        }
        for key in ["cap-insets", "capInsets"] {
            if let insets = resizing[key] {
                checkKeys(insets, allowed: CatalogFormat.insetKeys, file: file, keyPath: keyPath + "." + key, asset: asset)
            }
        }
    }
}
