import Foundation

/// Builders for the rules' examples (``Rule/Example``), so that each rule's declaration states its inputs in a line or
/// two: colors and sets as Xcode writes them, in a catalog named `App.xcassets`.
enum ExampleFiles {
    typealias Example = Rule.Example

    /// A color in a colorset entry: components as Xcode's "Floating point" input writes them.
    static func color(_ space: String, _ components: [Double], alpha: Double = 1) -> String {
        let names = components.count == 1 ? ["white"] : ["red", "green", "blue"]
        let values = zip(names, components).map { "\"\($0)\" : \"\(ColorText.fixed($1, places: 3))\"" }
        return "{ \"color-space\" : \"\(space)\", \"components\" : { \"alpha\" : \"\(ColorText.fixed(alpha, places: 3))\", "
            + values.joined(separator: ", ") + " } }"
    }

    static func p3(_ r: Double, _ g: Double, _ b: Double) -> String { color("display-p3", [r, g, b]) }
    static func srgb(_ r: Double, _ g: Double, _ b: Double) -> String { color("srgb", [r, g, b]) }

    /// One entry of a colorset: the color, for an appearance and display gamut.
    static func entry(_ color: String, dark: Bool = false, highContrast: Bool = false, gamut: String? = nil) -> String {
        var appearances: [String] = []
        if dark { appearances.append(#"{ "appearance" : "luminosity", "value" : "dark" }"#) }
        if highContrast { appearances.append(#"{ "appearance" : "contrast", "value" : "high" }"#) }
        var members: [String] = []
        if !appearances.isEmpty { members.append("\"appearances\" : [ " + appearances.joined(separator: ", ") + " ]") }
        members.append("\"color\" : " + color)
        if let gamut { members.append("\"display-gamut\" : \"\(gamut)\"") }
        members.append("\"idiom\" : \"universal\"")
        return "{ " + members.joined(separator: ", ") + " }"
    }

    /// A colorset's `Contents.json` with these entries.
    static func colorSet(_ entries: [String]) -> String {
        "{\n  \"colors\" : [\n    " + entries.joined(separator: ",\n    ")
            + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
    }

    /// An imageset's `Contents.json` with one universal image per file name (nil: a slot without a file), and optional
    /// extra members of the entry (`"display-gamut" : "sRGB"`) and of the set (`"properties" : …`).
    static func imageSet(_ images: [(file: String?, extra: String)], properties: String? = nil) -> String {
        let entries = images.map { image in
            "{ " + (image.extra.isEmpty ? "" : image.extra + ", ") + (image.file.map { "\"filename\" : \"\($0)\", " } ?? "")
                + "\"idiom\" : \"universal\" }"
        }
        return "{\n  \"images\" : [\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", "
            + "\"version\" : 1 }" + (properties.map { ",\n  \"properties\" : " + $0 } ?? "") + "\n}\n"
    }

    /// An example of color sets (name → `Contents.json`) in `App.xcassets`, with the catalog's policy when given.
    static func colors(_ summary: String, _ sets: [String: String], policy: String? = nil) -> Example {
        var files = Dictionary(
            uniqueKeysWithValues: sets.map { ("App.xcassets/\($0.key).colorset/Contents.json", Example.File.text($0.value)) })
        if let policy { files["App.xcassets/" + GamutPolicy.fileName] = .text(policy) }
        return Example(summary, files)
    }

    /// An example of one color set named Brand with these entries.
    static func brand(_ summary: String, _ entries: [String]) -> Example { colors(summary, ["Brand": colorSet(entries)]) }

    /// An example of files (path → content) in `App.xcassets`.
    static func catalog(_ summary: String, _ files: [String: Example.File]) -> Example {
        Example(summary, Dictionary(uniqueKeysWithValues: files.map { ("App.xcassets/" + $0.key, $0.value) }))
    }

    /// An example of one image set named Art holding `image` as art.png.
    static func artSet(_ summary: String, _ image: ExampleImage, properties: String? = nil) -> Example {
        catalog(
            summary,
            [
                "Art.imageset/Contents.json": .text(imageSet([("art.png", "")], properties: properties)),
                "Art.imageset/art.png": .image(image),
            ])
    }

    /// Two equal bands of colors that stay inside sRGB, far apart.
    static let calmBands = ExampleImage(.bands([[0.2, 0.4, 0.6], [0.6, 0.4, 0.2]]))
    /// A dark teal Display P3 ramp posterized at 8 bits, as a palette optimizer without dither leaves it: 16 bands of
    /// 32 px, green 40 → 115 in steps of 5 codes (lightness steps of ΔE00 up to 1.5, median 1.3), red 40, blue 120.
    static let posterizedRamp: ExampleImage = {
        let levels: [[Double]] = (0..<16).map { (level: Int) -> [Double] in
            let green = Double(40 + 5 * level) / 255
            return [40.0 / 255, green, 120.0 / 255]
        }
        return ExampleImage(.bands(levels), bitDepth: 8, width: 512, height: 32)
    }()
    /// The most saturated Display P3 green, which sRGB clips visibly.
    static let p3Green = ExampleImage(.bands([[0, 1, 0]]))

    /// An 8×8 JPEG ImageMagick wrote (`convert -size 8x8 xc:'#336699' -strip -quality 90`).
    static let jpeg = Array(
        Data(
            base64Encoded:
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIU"
                + "FRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIAAgDAREAAhEB"
                + "AxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAB//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAH/8QAFBEBAAAAAAAAAAAAAAAA"
                + "AAAAAP/aAAwDAQACEQMRAD8AIi2L3//Z")!)
    /// A 4×4 palette PNG whose pixels use indices 0…3 while its PLTE has one entry (written with Python's zlib).
    static let palettePastPLTE = Array(
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAMAAACeL25MAAAAA1BMVEUzZpk7I4HSAAAAD0lEQVR42mNgYGRiZkAlAADwABk0Ew8/AAAAAElFTkSuQmCC")!)
}

extension ExampleFiles {
    /// A catalog whose policy declares the contrast pair Text on Background: gray text (sRGB `gray`) on white.
    static func textOnWhite(_ summary: String, gray: Double) -> Example {
        colors(
            summary, ["Text": colorSet([entry(srgb(gray, gray, gray))]), "Background": colorSet([entry(srgb(1, 1, 1))])],
            policy: #"{ "contrast" : [ { "foreground" : "Text", "background" : "Background" } ] }"#)
    }

    /// A catalog whose policy declares the distinct group "status" of Error and Success (sRGB components).
    static func statusGroup(_ summary: String, _ error: [Double], _ success: [Double]) -> Example {
        colors(
            summary, ["Error": colorSet([entry(color("srgb", error))]), "Success": colorSet([entry(color("srgb", success))])],
            policy: #"{ "distinct" : [ { "name" : "status", "colors" : [ "Error", "Success" ] } ] }"#)
    }

    /// An image set's `properties` rendering it as a template.
    static let template = #"{ "template-rendering-intent" : "template" }"#
}
