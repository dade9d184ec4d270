import Foundation
@testable import GamutKit

/// `Examples/Demo.xcassets`: a small asset catalog, made by code, in which every catalog rule fires at
/// least once (advisory rules when turned on; and a few sets are clean, to show what passes). `gamut-check Examples/Demo.xcassets`
/// is the README's demo of catalog auditing; the tests check the shipped files against this code.
enum ExampleCatalog {
    /// The catalog's files: paths relative to the catalog folder, and their bytes.
    static func files() throws(GamutError) -> [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        func json(_ path: String, _ value: XcodeJSON) { files.append((path, Array(value.text.utf8))) }
        func png(_ path: String, _ image: Image) throws(GamutError) {
            var options = PNG.EncodingOptions()
            options.compressionLevel = 9
            options.filters = .adaptive
            options.embedProfile = image.colorSource != .untagged
            files.append((path, try PNG.encode(image, options: options)))
        }
        let info = XcodeJSON.object([("info", .object([("author", .string("xcode")), ("version", .number("1"))]))])
        json("Contents.json", info)

        // Colors.
        typealias C = ColorSpec
        json("Brand/Contents.json", .object([("info", info["info"]!), ("properties", .object([("provides-namespace", .bool(true))]))]))
        json(
            "Brand/Accent.colorset/Contents.json",
            colorset([  // wide, visibly clipped, no sRGB variant
                C("display-p3", ["1.000", "0.200", "0.100"]), C("display-p3", ["1.000", "0.350", "0.250"], dark: true),
                C("display-p3", ["0.850", "0.100", "0.050"], highContrast: true),
                C("display-p3", ["1.000", "0.450", "0.350"], dark: true, highContrast: true),
            ]))
        json(
            "Brand/Primary.colorset/Contents.json",
            colorset([  // clean: P3 and sRGB slots, light/dark, high contrast
                C("display-p3", ["0.200", "0.400", "0.850"], gamut: "display-P3"), C("srgb", ["0.150", "0.400", "0.880"], gamut: "sRGB"),
                C("display-p3", ["0.400", "0.600", "1.000"], dark: true, gamut: "display-P3"),
                C("srgb", ["0.380", "0.600", "1.000"], dark: true, gamut: "sRGB"),
                C("display-p3", ["0.100", "0.250", "0.650"], highContrast: true),
                C("display-p3", ["0.600", "0.750", "1.000"], dark: true, highContrast: true),
            ]))
        json(
            "Status/Go.colorset/Contents.json",
            colorset([  // collapses with GoBright on sRGB
                C("display-p3", ["0.000", "1.000", "0.000"]), C("display-p3", ["0.100", "0.700", "0.200"], dark: true),
                C("display-p3", ["0.000", "0.500", "0.100"], highContrast: true),
            ]))
        json(
            "Status/GoBright.colorset/Contents.json",
            colorset([
                C("display-p3", ["0.180", "0.980", "0.120"]), C("display-p3", ["0.400", "0.900", "0.400"], dark: true),
                C("display-p3", ["0.050", "0.400", "0.050"], highContrast: true),
            ]))
        json(
            "Status/Signal.colorset/Contents.json",
            colorset([  // light and high-contrast variants collapse on sRGB
                C("display-p3", ["0.000", "1.000", "0.100"]), C("display-p3", ["0.200", "0.980", "0.150"], highContrast: true),
                C("srgb", ["0.100", "0.500", "0.200"], dark: true),
            ]))
        json(
            "SlotMixup.colorset/Contents.json",
            colorset([  // the sRGB slot holds a P3 color
                C("display-p3", ["0.900", "0.100", "0.600"], gamut: "display-P3"),
                C("display-p3", ["0.950", "0.050", "0.650"], gamut: "sRGB"),
                C("srgb", ["0.700", "0.200", "0.500"], dark: true), C("srgb", ["0.500", "0.050", "0.350"], highContrast: true),
            ]))
        json(
            "OnlyP3.colorset/Contents.json",
            colorset([  // a P3 slot with no sRGB slot
                C("display-p3", ["0.300", "0.300", "0.300"], gamut: "display-P3"), C("srgb", ["0.700", "0.700", "0.700"], dark: true),
                C("srgb", ["0.100", "0.100", "0.100"], highContrast: true),
            ]))
        json("Plain.colorset/Contents.json", colorset([C("srgb", ["0.420", "0.380", "0.330"])]))  // no dark, no high contrast
        json(
            "SameDark.colorset/Contents.json",
            colorset([
                C("srgb", ["0.250", "0.500", "0.450"]), C("srgb", ["0.252", "0.500", "0.450"], dark: true),
                C("srgb", ["0.100", "0.300", "0.250"], highContrast: true),
            ]))
        json(
            "LegacyRed.colorset/Contents.json",
            colorset([  // iOS's earlier system red, hard-coded in 8-bit integers
                C("srgb", ["255", "59", "48"]), C("srgb", ["255", "69", "58"], dark: true),
                C("srgb", ["215", "0", "21"], highContrast: true),
            ]))
        // Legibility and color vision, checked through the catalog's policy (.gamut-check.json below).
        json(
            "BodyText.colorset/Contents.json",
            colorset([  // #777777 on white: 4.48:1, below 4.5:1 in light only
                C("srgb", ["0.467", "0.467", "0.467"]), C("srgb", ["0.541", "0.541", "0.541"], dark: true),
                C("srgb", ["0.200", "0.200", "0.200"], highContrast: true),
            ]))
        json(
            "Surface.colorset/Contents.json",
            colorset([
                C("srgb", ["1.000", "1.000", "1.000"]), C("srgb", ["0.000", "0.000", "0.000"], dark: true),
                C("srgb", ["1.000", "1.000", "1.000"], highContrast: true),
            ]))
        json(
            "Stop.colorset/Contents.json",
            colorset([  // a red that deuteranopes and protanopes confuse with Proceed
                C("srgb", ["0.784", "0.353", "0.235"]), C("srgb", ["0.900", "0.450", "0.330"], dark: true),
                C("srgb", ["0.600", "0.150", "0.100"], highContrast: true),
            ]))
        json(
            "Proceed.colorset/Contents.json",
            colorset([
                C("srgb", ["0.431", "0.549", "0.235"]), C("srgb", ["0.530", "0.650", "0.330"], dark: true),
                C("srgb", ["0.150", "0.400", "0.100"], highContrast: true),
            ]))
        files.append(
            (
                GamutPolicy.fileName,
                Array(
                    """
                    {
                      "contrast" : [
                        { "foreground" : "BodyText", "background" : "Surface", "textSize" : 15, "label" : "body text" },
                        { "foreground" : "Brand/Primary", "background" : "Surface", "textSize" : 13, "label" : "links" }
                      ],
                      "distinct" : [
                        { "name" : "status", "colors" : [ "Stop", "Proceed", "Caution" ] }
                      ]
                    }

                    """.utf8)
            ))
        json(
            "HexTeal.colorset/Contents.json",
            colorset([  // clean, in hex
                C("srgb", ["0x1A", "0x6E", "0x70"]), C("srgb", ["0x4F", "0xB8", "0xBA"], dark: true),
                C("srgb", ["0x0B", "0x4A", "0x4C"], highContrast: true),
                C("srgb", ["0x8A", "0xE0", "0xE2"], dark: true, highContrast: true),
            ]))
        json(
            "Mixed.colorset/Contents.json",
            colorset([  // "1" beside decimals: 1/255 or 1.0?
                C("srgb", ["1", "0.500", "0.250"]), C("srgb", ["0.600", "0.300", "0.150"], dark: true),
                C("srgb", ["0.800", "0.300", "0.100"], highContrast: true),
            ]))
        json(
            "Separator.colorset/Contents.json",
            .object([  // system colors; the dark one misspelled ("Seperator")
                ("colors", .array([systemEntry("systemBlueColor", dark: false), systemEntry("opaqueSeperatorColor", dark: true)])),
                ("info", info["info"]!),
            ]))
        files.append(
            (
                "Typo.colorset/Contents.json",
                Array(
                    """
                    {
                      "colors" : [
                        {
                          "color" : {
                            "color-space" : "srgb",
                            "components" : {
                              "alpha" : "1.000",
                              "blue" : "300",
                              "green" : "0.500",
                              "red" : "0.200"
                            }
                          },
                          "display-gamut" : "srgb",
                          "idiom" : "universal"
                        }
                      ],
                      "colour" : "blue",
                      "info" : {
                        "author" : "xcode",
                        "version" : 1
                      }
                    }

                    """.utf8)
            ))
        files.append(
            (
                "Broken.colorset/Contents.json",
                Array(
                    """
                    {
                      "colors" : [
                        {
                          "color" : {
                            "color-space" : "srgb",
                            "components" : { "red" : "0.5" "green" : "0.5", "blue" : "0.5", "alpha" : "1.000" }
                          }
                        }
                      ]
                    }

                    """.utf8)
            ))
        json(
            "Levels.dataset/Contents.json",
            .object([
                ("data", .array([.object([("filename", .string("levels.json")), ("idiom", .string("universal"))])])),
                ("info", info["info"]!),
            ]))
        files.append(("Levels.dataset/levels.json", Array("[1, 2, 3]\n".utf8)))

        // Images.
        let hero = try heroImage()
        json("Hero.imageset/Contents.json", imageset([("hero.png", nil)]))
        try png("Hero.imageset/hero.png", hero)
        json("HeroPaired.imageset/Contents.json", imageset([("hero-p3.png", "display-P3"), ("hero-srgb.png", "sRGB")]))
        try png("HeroPaired.imageset/hero-p3.png", hero)
        try png("HeroPaired.imageset/hero-srgb.png", hero.converted(to: .sRGB, bitDepth: 16))
        json("Banner.imageset/Contents.json", imageset([("banner.png", nil)]))
        try png("Banner.imageset/banner.png", hero.converted(to: .displayP3, bitDepth: 8))
        var untagged = try swatchImage(.sRGB, [0.8, 0.4, 0.2])
        untagged.colorSource = .untagged
        json("Untagged.imageset/Contents.json", imageset([("untagged.png", nil)]))
        try png("Untagged.imageset/untagged.png", untagged)
        json("Tame.imageset/Contents.json", imageset([("tame.png", nil)]))
        try png("Tame.imageset/tame.png", swatchImage(.displayP3, [0.5, 0.45, 0.4]))
        json("Glyph.imageset/Contents.json", imageset([("glyph.png", nil)], template: true))
        try png("Glyph.imageset/glyph.png", swatchImage(.displayP3, [0.0, 1.0, 0.0]))
        json("Poster.imageset/Contents.json", imageset([("poster-srgb.png", "sRGB")]))
        try png("Poster.imageset/poster-srgb.png", swatchImage(.displayP3, [1.0, 0.0, 0.2]))
        json("Leftovers.imageset/Contents.json", imageset([("gone.png", nil), ("../Hero.imageset/hero.png", nil)]))
        try png("Leftovers.imageset/leftover-dark.png", swatchImage(.sRGB, [0.1, 0.1, 0.1]))
        return files
    }

    /// Writes the catalog into `folder` (created if needed), each file atomically.
    static func write(to folder: String) throws(GamutError) {
        for (path, bytes) in try files() {
            let full = folder + "/" + path
            do {
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            } catch {
                throw GamutError(.io, "cannot create the folder for \(path)", path: full, underlying: ["\(error)"])
            }
            try FileIO.writeAtomically(bytes, to: full)
        }
    }

    /// A 16-bit Display P3 image of 128×48: a red→white ramp (rows 0–15), two greens that collapse on sRGB
    /// (rows 16–31, left and right), and a gray→green ramp (rows 32–47).
    static func heroImage() throws(GamutError) -> Image {
        let width = 128, height = 48
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x) / Double(width - 1)
                let rgb: [Double] =
                    switch y {
                    case 0..<16: [1, t, t]
                    case 16..<32: x < width / 2 ? [0, 1, 0] : [0.18, 0.98, 0.12]
                    default: [0.5 * (1 - t), 0.5 + 0.5 * t, 0.5 * (1 - t)]
                    }
                for c in 0..<3 { samples[(y * width + x) * 3 + c] = UInt16((rgb[c] * 65535).rounded()) }
            }
        }
        return Image(pixels: try PixelBuffer(width: width, height: height, layout: .rgb, samples: samples), profile: .displayP3)
    }

    /// A 16-bit 32×32 swatch of one color.
    static func swatchImage(_ profile: ColorProfile, _ rgb: [Double]) throws(GamutError) -> Image {
        let samples = (0..<(32 * 32)).flatMap { _ in rgb.map { UInt16(($0 * 65535).rounded()) } }
        return Image(pixels: try PixelBuffer(width: 32, height: 32, layout: .rgb, samples: samples), profile: profile)
    }

    struct ColorSpec {
        var space: String, components: [String], dark = false, highContrast = false, gamut: String?
        init(_ space: String, _ components: [String], dark: Bool = false, highContrast: Bool = false, gamut: String? = nil) {
            self.space = space
            self.components = components
            self.dark = dark
            self.highContrast = highContrast
            self.gamut = gamut
        }
    }

    static func colorset(_ specs: [ColorSpec]) -> XcodeJSON {
        .object([
            (
                "colors",
                .array(
                    specs.map { spec in
                        var members: [(String, XcodeJSON)] = []
                        var appearances: [XcodeJSON] = []
                        if spec.dark { appearances.append(.object([("appearance", .string("luminosity")), ("value", .string("dark"))])) }
                        if spec.highContrast {
                            appearances.append(.object([("appearance", .string("contrast")), ("value", .string("high"))]))
                        }
                        if !appearances.isEmpty { members.append(("appearances", .array(appearances))) }
                        members.append(
                            (
                                "color",
                                .object([
                                    ("color-space", .string(spec.space)),
                                    (
                                        "components",
                                        .object([
                                            ("alpha", .string("1.000")), ("blue", .string(spec.components[2])),
                                            ("green", .string(spec.components[1])), ("red", .string(spec.components[0])),
                                        ])
                                    ),
                                ])
                            ))
                        if let gamut = spec.gamut { members.append(("display-gamut", .string(gamut))) }
                        members.append(("idiom", .string("universal")))
                        return .object(members)
                    })
            ), ("info", .object([("author", .string("xcode")), ("version", .number("1"))])),
        ])
    }

    static func systemEntry(_ reference: String, dark: Bool) -> XcodeJSON {
        var members: [(String, XcodeJSON)] = []
        if dark { members.append(("appearances", .array([.object([("appearance", .string("luminosity")), ("value", .string("dark"))])]))) }
        members.append(("color", .object([("platform", .string("ios")), ("reference", .string(reference))])))
        members.append(("idiom", .string("universal")))
        return .object(members)
    }

    static func imageset(_ images: [(String, String?)], template: Bool = false) -> XcodeJSON {
        var members: [(String, XcodeJSON)] = [
            (
                "images",
                .array(
                    images.map { filename, gamut in
                        var entry: [(String, XcodeJSON)] = []
                        if let gamut { entry.append(("display-gamut", .string(gamut))) }
                        entry.append(("filename", .string(filename)))
                        entry.append(("idiom", .string("universal")))
                        return .object(entry)
                    })
            ), ("info", .object([("author", .string("xcode")), ("version", .number("1"))])),
        ]
        if template { members.append(("properties", .object([("template-rendering-intent", .string("template"))]))) }
        return .object(members)
    }
}

/// JSON written the way Xcode writes `Contents.json` (two-space indent, `"key" : value`, members in the order given).
enum XcodeJSON {
    case object([(String, XcodeJSON)])
    case array([XcodeJSON])
    case string(String)
    case number(String)
    case bool(Bool)

    subscript(key: String) -> XcodeJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    var text: String { render(indent: "") + "\n" }

    func render(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            return "{\n" + members.map { inner + "\"\($0.0)\" : " + $0.1.render(indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let elements):
            return "[\n" + elements.map { inner + $0.render(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let s):
            return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        }
    }
}
