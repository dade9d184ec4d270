import Foundation
@testable import GamutKit

/// Catalogs shaped like real apps' (as the 72 catalogs of 15 open-source apps in issue 13 were), written by code into a
/// folder: six apps, ten catalogs, with and without Dark Mode, a widget, a watch app, a Mac app, a design-system
/// package and an app last edited with Xcode 9. Each app is one run (`gamut-check` on its catalogs together).
///
/// A few real problems are seeded (``seeded``); everything else is what such catalogs hold and nobody should be told
/// to fix: untagged art, Generic RGB photos, PDFs and WebP files, template colors, tinted icons, slicing, system colors,
/// watch colors without dark variants, apps without Dark Mode.
enum RealAppCorpus {
    /// One app: a name and its catalogs (paths relative to the corpus folder).
    struct App {
        var name: String
        var catalogs: [String]
    }

    /// The apps, each audited as one run.
    static let apps = [
        App(
            name: "Notes",
            catalogs: ["Notes/Notes/Assets.xcassets", "Notes/NotesWidget/Assets.xcassets", "Notes/NotesWatch Watch App/Assets.xcassets"]),
        App(name: "Weather", catalogs: ["Weather/Weather/Assets.xcassets", "Weather/WeatherWidget/Assets.xcassets"]),
        App(name: "Clips", catalogs: ["Clips/Clips/Assets.xcassets"]),
        App(name: "Lumen", catalogs: ["Lumen/Lumen/Assets.xcassets"]),
        App(name: "DesignKit", catalogs: ["DesignKit/Sources/DesignKit/Colors.xcassets"]),
        App(name: "OldTimer", catalogs: ["OldTimer/OldTimer/Images.xcassets", "OldTimer/OldTimer/Colors.xcassets"]),
        App(
            name: "Pulse",
            catalogs: [
                "Pulse/Pulse/Assets.xcassets", "Pulse/Pulse/Preview Content/Preview Assets.xcassets",
                "Pulse/PulseTests/Fixtures.xcassets",
            ]),
    ]

    /// The real problems seeded, as "app: set rule severity": what the sRGB derivative loses (colors and shapes that
    /// collapse, a gradient that flattens, a hue that turns) and a slot structure Xcode falls back from.
    static let seeded: [String] = [
        "Weather: Forecast/Fresh color-collapse error",
        "Lumen: Gallery unpaired-display-gamut warning",
        "Pulse: Logo color-collapse error",
        "Pulse: Glow gradient-clipping error",
        "Pulse: Leaf color-needs-srgb-variant warning",
        "Pulse: Sky p3-image-8-bit warning",
    ]

    /// What the model calls advice in this corpus, seeded as what real catalogs hold and nobody changes in a release
    /// (each was reported at warning or error before the derivative model): a missing dark variant with no declared
    /// role, P3 colors and images whose clip keeps their hue, system-color look-alikes, 8-bit P3 art, and the catalogs
    /// that don't ship (a test target's fixtures, Xcode's Preview Content).
    static let advisory: [String] = [
        "Notes: WidgetTint missing-dark-variant", "Weather: AppIcon image-needs-srgb-variant", "Weather: AppIcon p3-image-8-bit",
        "Weather: Forecast/Hot color-needs-srgb-variant", "Weather: Forecast/Fresh color-needs-srgb-variant",
        "Weather: Forecast/Fresher color-needs-srgb-variant", "Clips: Success system-color-duplicate",
        "Lumen: Badge image-needs-srgb-variant", "Lumen: Backdrop image-needs-srgb-variant",
        "DesignKit: Action system-color-duplicate", "Pulse: Accents image-needs-srgb-variant",
        "Pulse: AppIcon image-needs-srgb-variant", "Pulse: TabHome image-needs-srgb-variant", "Pulse: TabHome p3-image-8-bit",
        "Pulse: Photo p3-image-8-bit", "Pulse: TextMask image-needs-srgb-variant", "Pulse: Logo image-needs-srgb-variant",
        "Pulse: Glow image-needs-srgb-variant", "Pulse: Card missing-dark-variant", "Pulse: Sample color-collapse",
        "Pulse: Sample image-needs-srgb-variant", "Pulse: FixtureGreen color-collapse",
    ]

    // MARK: Writing

    static let info = XcodeJSON.object([("author", .string("xcode")), ("version", .number("1"))])

    /// Writes the corpus into `folder` (created).
    static func write(to folder: String) throws {
        var files: [(String, [UInt8])] = []
        func json(_ path: String, _ members: [(String, XcodeJSON)]) {
            files.append((path, Array(XcodeJSON.object(members.sorted { $0.0 < $1.0 }).text.utf8)))
        }
        func catalog(_ root: String) { json(root + "/Contents.json", [("info", info)]) }
        func entry(_ members: [(String, XcodeJSON)]) -> XcodeJSON { .object(members.sorted { $0.0 < $1.0 }) }
        func rgb(_ space: String, _ c: [String], alpha: String = "1.000") -> XcodeJSON {
            .object([
                ("color-space", .string(space)),
                (
                    "components",
                    .object([
                        ("alpha", .string(alpha)), ("blue", .string(c[2])),
                        ("green", .string(c[1])), ("red", .string(c[0])),
                    ])
                ),
            ])
        }
        func system(_ name: String, platform: String = "ios") -> XcodeJSON {
            .object([("platform", .string(platform)), ("reference", .string(name))])
        }
        let darkAppearance = XcodeJSON.array([.object([("appearance", .string("luminosity")), ("value", .string("dark"))])])
        /// A color set: light (any) and, when given, dark.
        func color(_ path: String, _ light: XcodeJSON?, dark: XcodeJSON? = nil, extra: [(String, XcodeJSON)] = []) {
            var entries: [XcodeJSON] = []
            entries.append(entry([("idiom", .string("universal"))] + (light.map { [("color", $0)] } ?? []) + extra))
            if let dark { entries.append(entry([("appearances", darkAppearance), ("color", dark), ("idiom", .string("universal"))])) }
            json(path + "/Contents.json", [("colors", .array(entries)), ("info", info)])
        }
        func imageset(_ path: String, _ images: [[(String, XcodeJSON)]], properties: [(String, XcodeJSON)] = []) {
            json(
                path + "/Contents.json",
                [("images", .array(images.map(entry))), ("info", info)] + (properties.isEmpty ? [] : [("properties", .object(properties))]))
        }
        func png(
            _ path: String, _ w: Int, _ h: Int, _ profile: ColorProfile, depth: Int = 8, untagged: Bool = false,
            _ color: (Int, Int) -> [Double]
        ) throws {
            var image: Image
            if depth == 16 {
                let s = (0..<h).flatMap { y in (0..<w).flatMap { x in color(x, y).map { UInt16(($0 * 65535).rounded()) } } }
                image = Image(pixels: try PixelBuffer(width: w, height: h, layout: .rgb, samples: s), profile: profile)
            } else {
                let s = (0..<h).flatMap { y in (0..<w).flatMap { x in color(x, y).map { UInt8(($0 * 255).rounded()) } } }
                image = Image(pixels: try PixelBuffer(width: w, height: h, layout: .rgb, samples: s), profile: profile)
            }
            var options = PNG.EncodingOptions()
            if untagged { image.colorSource = .untagged; options.embedProfile = false; options.writeCICP = false }
            files.append((path, try PNG.encode(image, options: options)))
        }
        let generic = try ColorProfile(
            primaries: RGBPrimaries(
                red: .init(x: 0.630, y: 0.340), green: .init(x: 0.295, y: 0.605),
                blue: .init(x: 0.155, y: 0.077), white: .d65),
            transfer: .gamma(1.8), description: "Generic RGB Profile")
        let glyph: (Int, Int) -> [Double] = { x, y in (x + y) % 5 == 0 ? [0.1, 0.1, 0.1] : [1, 1, 1] }
        let webp = Array(Data(base64Encoded: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")!)
        let pdf = Array("%PDF-1.4\ntrailer << >>\n%%EOF\n".utf8)
        let template = { (path: String) in
            json(path + "/Contents.json", [("colors", .array([entry([("idiom", .string("universal"))])])), ("info", info)])
        }
        /// Xcode 14's single-size iOS icon with dark and tinted variants.
        func modernIcon(_ path: String) throws {
            var images: [[(String, XcodeJSON)]] = []
            for (suffix, appearance) in [("", nil), ("-dark", "dark"), ("-tinted", "tinted")] as [(String, String?)] {
                var members: [(String, XcodeJSON)] = [
                    ("filename", .string("icon\(suffix).png")), ("idiom", .string("universal")),
                    ("platform", .string("ios")), ("size", .string("1024x1024")),
                ]
                if let appearance {
                    members.append(
                        ("appearances", .array([.object([("appearance", .string("luminosity")), ("value", .string(appearance))])])))
                }
                images.append(members)
                try png("\(path)/icon\(suffix).png", 16, 16, .sRGB, untagged: suffix == "-tinted") { x, _ in
                    x < 8 ? [0.9, 0.5, 0.2] : [0.2, 0.3, 0.5]
                }
            }
            imageset(path, images)
        }

        // Notes: iOS with Dark Mode, a widget and a watch app.
        var root = "Notes/Notes/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        try modernIcon(root + "/AppIcon.appiconset")
        json(root + "/Palette/Contents.json", [("info", info), ("properties", .object([("provides-namespace", .bool(true))]))])
        for (i, name) in ["Paper", "Ink", "Highlight", "Margin", "Tag", "Pin", "Folder", "Shadow"].enumerated() {
            let v = 0.1 + Double(i) * 0.1
            color(
                root + "/Palette/\(name).colorset", rgb("srgb", [v, 0.95 - v / 2, 0.5].map { String(format: "%.3f", $0) }),
                dark: rgb("srgb", [v / 2, 0.3, 0.2 + v / 3].map { String(format: "%.3f", $0) }))
        }
        color(root + "/Palette/Card.colorset", rgb("srgb", ["0xFF", "0xFB", "0xF2"]), dark: system("secondarySystemBackgroundColor"))
        color(root + "/Palette/Sheet.colorset", rgb("srgb", ["0xFA", "0xFA", "0xF7"]), dark: system("systemBackgroundColor"))
        color(root + "/Palette/Text.colorset", system("labelColor"))
        color(root + "/Palette/SecondaryText.colorset", system("secondaryLabelColor"))
        color(root + "/Palette/Background.colorset", system("systemBackgroundColor"))
        // A custom light color whose dark happens to be systemGray6's dark value: one appearance, not a duplicate.
        color(root + "/Palette/Toolbar.colorset", rgb("srgb", ["0.976", "0.961", "0.925"]), dark: rgb("srgb", ["28", "28", "30"]))
        for name in ["compose", "share", "trash", "search", "lock", "archive"] {
            imageset(
                root + "/Icons/\(name).imageset",
                ["1x", "2x", "3x"].map { scale in
                    [
                        ("filename", .string("\(name)\(scale == "1x" ? "" : "@" + scale).png")), ("idiom", .string("universal")),
                        ("scale", .string(scale)),
                    ]
                })
            for (scale, size) in [("", 8), ("@2x", 16), ("@3x", 24)] {
                try png("\(root)/Icons/\(name).imageset/\(name)\(scale).png", size, size, .sRGB, untagged: true, glyph)
            }
        }
        for name in ["bubble", "field"] {
            let resizing = XcodeJSON.object([
                (
                    "cap-insets",
                    .object([
                        ("bottom", .number("10")), ("left", .number("12")), ("right", .number("12")),
                        ("top", .number("10")),
                    ])
                ),
                ("center", .object([("height", .number("1")), ("mode", .string("tile")), ("width", .number("1"))])),
                ("mode", .string("9-part")),
            ])
            imageset(
                root + "/\(name).imageset",
                [
                    [
                        ("filename", .string("\(name)@2x.png")), ("idiom", .string("universal")), ("resizing", resizing),
                        ("scale", .string("2x")),
                    ]
                ])
            try png("\(root)/\(name).imageset/\(name)@2x.png", 30, 24, .sRGB) { _, _ in [0.9, 0.92, 0.95] }
        }
        for name in ["welcome", "empty-state"] {  // photos exported with Generic RGB
            imageset(root + "/\(name).imageset", [[("filename", .string("\(name).png")), ("idiom", .string("universal"))]])
            try png("\(root)/\(name).imageset/\(name).png", 16, 16, generic) { x, y in
                [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0]][(x / 8) + 2 * (y / 8)]
            }
        }
        for name in ["pencil", "eraser", "ruler"] {
            imageset(
                root + "/\(name).imageset", [[("filename", .string("\(name).pdf")), ("idiom", .string("universal"))]],
                properties: [("preserves-vector-representation", .bool(true)), ("template-rendering-intent", .string("template"))])
            files.append(("\(root)/\(name).imageset/\(name).pdf", pdf))
        }
        imageset(root + "/sticker.imageset", [[("filename", .string("sticker.png")), ("idiom", .string("universal"))]])
        files.append(("\(root)/sticker.imageset/sticker.png", webp))
        root = "Notes/NotesWidget/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        template(root + "/WidgetBackground.colorset")
        color(root + "/WidgetTint.colorset", rgb("srgb", ["0.200", "0.420", "0.380"]))  // seeded: no dark variant
        root = "Notes/NotesWatch Watch App/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        imageset(
            root + "/AppIcon.appiconset",
            [
                [
                    ("filename", .string("watch.png")), ("idiom", .string("universal")), ("platform", .string("watchos")),
                    ("size", .string("1024x1024")),
                ]
            ])
        try png("\(root)/AppIcon.appiconset/watch.png", 16, 16, .sRGB) { x, _ in x < 8 ? [0.9, 0.5, 0.2] : [0.2, 0.3, 0.5] }
        for (i, name) in ["Ring", "Track", "Label", "Glow"].enumerated() {
            color(root + "/\(name).colorset", rgb("srgb", [0.3 + Double(i) * 0.1, 0.8, 0.4].map { String(format: "%.3f", $0) }))
        }

        // Weather: iOS without Dark Mode; a legacy icon set of 18 sizes in P3 at 8 bits that clips; P3 colors without fallback.
        root = "Weather/Weather/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        let iconSizes: [(String, String, String, Int)] = [
            ("iphone", "20x20", "2x", 40), ("iphone", "20x20", "3x", 60), ("iphone", "29x29", "2x", 58), ("iphone", "29x29", "3x", 87),
            ("iphone", "40x40", "2x", 80), ("iphone", "40x40", "3x", 120), ("iphone", "60x60", "2x", 120), ("iphone", "60x60", "3x", 180),
            ("ipad", "20x20", "1x", 20), ("ipad", "20x20", "2x", 40), ("ipad", "29x29", "1x", 29), ("ipad", "29x29", "2x", 58),
            ("ipad", "40x40", "1x", 40), ("ipad", "40x40", "2x", 80), ("ipad", "76x76", "1x", 76), ("ipad", "76x76", "2x", 152),
            ("ipad", "83.5x83.5", "2x", 167), ("ios-marketing", "1024x1024", "1x", 1024),
        ]
        imageset(
            root + "/AppIcon.appiconset",
            iconSizes.map { idiom, size, scale, px in
                [
                    ("filename", .string("icon-\(px)-\(idiom).png")), ("idiom", .string(idiom)), ("scale", .string(scale)),
                    ("size", .string(size)),
                ]
            })
        for (idiom, _, _, px) in iconSizes {
            let side = min(px, 48)
            try png("\(root)/AppIcon.appiconset/icon-\(px)-\(idiom).png", side, side, .displayP3) { x, _ in
                x < side / 2 ? [1, 0.3, 0] : [0.1, 0.2, 0.9]
            }
        }
        json(root + "/Forecast/Contents.json", [("info", info), ("properties", .object([("provides-namespace", .bool(true))]))])
        color(root + "/Forecast/Hot.colorset", rgb("display-p3", ["1.000", "0.150", "0.100"]))  // seeded
        color(root + "/Forecast/Fresh.colorset", rgb("display-p3", ["0.000", "1.000", "0.000"]))  // seeded: collapses with Fresher
        color(root + "/Forecast/Fresher.colorset", rgb("display-p3", ["0.180", "0.980", "0.120"]))
        for (i, name) in ["Sky", "Cloud", "Rain", "Snow", "Fog", "Night", "Sun", "Wind", "Storm", "Haze"].enumerated() {
            color(
                root + "/Forecast/\(name).colorset",
                rgb("srgb", [0.2 + Double(i) * 0.05, 0.5, 0.8 - Double(i) * 0.05].map { String(format: "%.3f", $0) }))
        }
        root = "Weather/WeatherWidget/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        template(root + "/WidgetBackground.colorset")

        // Clips: a Mac app with Dark Mode.
        root = "Clips/Clips/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        let macSizes = [
            (16, "1x"), (16, "2x"), (32, "1x"), (32, "2x"), (128, "1x"), (128, "2x"), (256, "1x"), (256, "2x"), (512, "1x"), (512, "2x"),
        ]
        imageset(
            root + "/AppIcon.appiconset",
            macSizes.map { side, scale in
                [
                    ("filename", .string("icon_\(side)x\(side)\(scale == "2x" ? "@2x" : "").png")), ("idiom", .string("mac")),
                    ("scale", .string(scale)),
                    ("size", .string("\(side)x\(side)")),
                ]
            })
        for (side, scale) in macSizes {
            try png("\(root)/AppIcon.appiconset/icon_\(side)x\(side)\(scale == "2x" ? "@2x" : "").png", 16, 16, .sRGB) { x, _ in
                x < 8 ? [0.3, 0.5, 0.9] : [1, 1, 1]
            }
        }
        color(root + "/Sidebar.colorset", system("controlAccentColor", platform: "osx"))
        color(
            root + "/Window.colorset", system("windowBackgroundColor", platform: "osx"),
            dark: system("underPageBackgroundColor", platform: "osx"))
        color(root + "/Caption.colorset", system("labelColor", platform: "osx"))
        // iOS's teal, not macOS's:
        color(root + "/Link.colorset", rgb("srgb", ["48", "176", "199"]), dark: rgb("srgb", ["64", "200", "224"]))
        // Mint in light only:
        color(root + "/Accent2.colorset", rgb("srgb", ["0", "199", "190"]), dark: rgb("srgb", ["0.400", "0.300", "0.700"]))
        // Seeded:
        color(root + "/Success.colorset", rgb("srgb", ["0.157", "0.804", "0.255"]), dark: rgb("srgb", ["0.196", "0.843", "0.294"]))

        // Lumen: an iOS photo app with Dark Mode and wide-color art.
        root = "Lumen/Lumen/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        imageset(
            root + "/AppIcon.appiconset",
            [
                [
                    ("filename", .string("icon.png")), ("idiom", .string("universal")), ("platform", .string("ios")),
                    ("size", .string("1024x1024")),
                ]
            ])
        try png("\(root)/AppIcon.appiconset/icon.png", 16, 16, .displayP3, depth: 16) { x, _ in
            x < 8 ? [0.5, 0.45, 0.4] : [0.3, 0.3, 0.35]
        }
        let art: (Int, Int) -> [Double] = { x, _ in x < 8 ? [0.95, 0.2, 0.1] : [0.9, 0.9, 0.85] }
        let p3 = try DisplaySimulation(source: .displayP3)
        let inSRGB: (Int, Int) -> [Double] = { x, y in
            p3.evaluate(art(x, y)).targetLinear.map { TransferFunction.sRGB.encode(min(max($0, 0), 1)) }
        }
        for name in ["Cover", "Filters"] {
            imageset(
                root + "/\(name).imageset",
                [
                    [("display-gamut", .string("display-P3")), ("filename", .string("\(name)-p3.png")), ("idiom", .string("universal"))],
                    [("display-gamut", .string("sRGB")), ("filename", .string("\(name)-srgb.png")), ("idiom", .string("universal"))],
                    [
                        ("appearances", darkAppearance), ("display-gamut", .string("display-P3")),
                        ("filename", .string("\(name)-dark-p3.png")), ("idiom", .string("universal")),
                    ],
                    [
                        ("appearances", darkAppearance), ("display-gamut", .string("sRGB")), ("filename", .string("\(name)-dark-srgb.png")),
                        ("idiom", .string("universal")),
                    ],
                ])
            for suffix in ["", "-dark"] {
                try png("\(root)/\(name).imageset/\(name)\(suffix)-p3.png", 16, 16, .displayP3, depth: 16, art)
                try png("\(root)/\(name).imageset/\(name)\(suffix)-srgb.png", 16, 16, .sRGB, depth: 16, inSRGB)
            }
        }
        imageset(
            root + "/Gallery.imageset",
            ["1x", "2x", "3x"].map { scale in  // seeded: display-P3 slots without sRGB ones
                [
                    ("display-gamut", .string("display-P3")), ("filename", .string("gallery-\(scale).png")),
                    ("idiom", .string("universal")), ("scale", .string(scale)),
                ]
            })
        for scale in ["1x", "2x", "3x"] {
            try png("\(root)/Gallery.imageset/gallery-\(scale).png", 8, 8, .displayP3, depth: 16) { _, _ in [0.5, 0.5, 0.5] }
        }
        // Dark is iOS blue's dark only:
        color(root + "/Chrome.colorset", rgb("srgb", ["0.950", "0.950", "0.960"]), dark: rgb("srgb", ["10", "132", "255"]))
        // Art as drawing tools export it (issue 13: 128 image collapse errors were icons' antialiased edges, 22 gradient
        // findings subtle ramps): a P3 green badge on white with antialiased edges, and a backdrop ramping from P3 red by
        // ΔE00 1.1 in all. Both clip visibly (seeded: they need sRGB variants), but neither collapses nor bands.
        let badge = IconFixtures.icon(size: 256, background: [1, 1, 1], shapes: [([0, 1, 0], IconFixtures.disc(cx: 128, cy: 128, r: 90))])
        let backdropEnd = FloorMeasurement.t(for: 1.1, from: 0, { [1, $0, $0] }, p3)
        let backdrop: (Int, Int) -> [Double] = { x, _ in
            let t = backdropEnd * Double(x) / 255; return [1, t, t]
        }
        for (name, art) in [
            ("Badge", { (x: Int, y: Int) in (0..<3).map { badge.pixels.value(x: x, y: y, channel: $0) } }), ("Backdrop", backdrop),
        ] {
            imageset(root + "/\(name).imageset", [[("filename", .string("\(name)-p3.png")), ("idiom", .string("universal"))]])
            try png("\(root)/\(name).imageset/\(name)-p3.png", 256, name == "Badge" ? 256 : 64, .displayP3, depth: 16, art)
        }

        // Pulse: an iOS app whose art is P3 at 16 bits, with Dark Mode, a test target's catalog and Preview Content.
        root = "Pulse/Pulse/Assets.xcassets"
        catalog(root)
        template(root + "/AccentColor.colorset")
        func single(_ name: String, _ w: Int, _ h: Int, depth: Int = 16, _ art: @escaping (Int, Int) -> [Double]) throws {
            imageset(root + "/\(name).imageset", [[("filename", .string("\(name).png")), ("idiom", .string("universal"))]])
            try png("\(root)/\(name).imageset/\(name).png", w, h, .displayP3, depth: depth, art)
        }
        func blend(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * t } }
        let p3Red: [Double] = [1, 0, 0], srgbRedInP3 = [0.919, 0.198, 0.137]
        // Seeded: a logo in sRGB red on a P3 red background (WebKit's wide-gamut demo): it vanishes on sRGB. Its
        // antialiased edge is part of that one collapse.
        try single("Logo", 96, 64) { x, y in
            let d = ((Double(x) + 0.5 - 48) * (Double(x) + 0.5 - 48) + (Double(y) + 0.5 - 32) * (Double(y) + 0.5 - 32)).squareRoot()
            return blend(p3Red, srgbRedInP3, min(max(20.5 - d, 0), 1))
        }
        // Seeded: a glow from P3 red to sRGB red across the whole picture: shown as one flat red on sRGB.
        try single("Glow", 96, 64) { x, _ in blend(p3Red, srgbRedInP3, Double(x) / 95) }
        // An icon with a few P3 orange accent pixels (the clip keeps their hue).
        try single("Accents", 64, 64) { x, y in x / 4 == 7 && y / 4 == 7 ? [1, 0.5, 0] : [0.2, 0.3, 0.5] }
        // Flat 8-bit P3 tab icons: P3 red glyphs on white.
        try single("TabHome", 48, 48, depth: 8) { x, y in (x / 6 + y / 6) % 3 == 0 ? p3Red : [1, 1, 1] }
        // Seeded: a P3 night-sky background at 8 bits, posterized by a palette optimizer without dither: 16 bands of 32
        // rows, green 40 → 115 in steps of 5 codes, whose lightness steps (ΔE00 up to 1.5, median 1.3) show as bands.
        try single("Sky", 64, 512, depth: 8) { _, y in [40.0 / 255, Double(40 + 5 * (y / 32)) / 255, 120.0 / 255] }
        // A P3 photo at 8 bits: smooth, moderately saturated, some of it just outside sRGB.
        try single("Photo", 96, 64, depth: 8) { x, y in
            let (fx, fy) = (Double(x), Double(y))
            return [0.55 + 0.4 * sin(fx / 9), 0.45 + 0.3 * sin(fy / 7 + fx / 13), 0.35 + 0.3 * cos((fx + fy) / 11)]
        }
        // A text mask: P3 red strokes, antialiased, on white.
        try single("TextMask", 96, 32) { x, y in
            let inGlyph = x % 12 < 9 && y >= 6 && y < 26
            let stroke = inGlyph && (x % 12 < 2 || y < 8 || y % 10 == 5 || x % 12 >= 7)
            let edge = inGlyph && !stroke && (x % 12 == 2 || y == 8)
            return blend([1, 1, 1], p3Red, stroke ? 1 : edge ? 0.4 : 0)
        }
        try modernIcon(root + "/AppIcon.appiconset")
        try png("\(root)/AppIcon.appiconset/icon.png", 32, 32, .displayP3, depth: 16) { x, y in
            x / 4 == 4 && y / 4 == 4 ? [1, 0.5, 0] : [0.2, 0.3, 0.5]
        }
        // Seeded: a brand green whose clip turns it toward yellow-green (ΔH 0.026 in OKLab).
        color(root + "/Leaf.colorset", rgb("display-p3", ["0.000", "0.800", "0.200"]))
        color(root + "/Card.colorset", rgb("srgb", ["0.970", "0.960", "0.940"]))
        color(root + "/Ink.colorset", rgb("srgb", ["0.100", "0.100", "0.120"]), dark: rgb("srgb", ["0.920", "0.920", "0.940"]))
        color(
            root + "/Alert.colorset", rgb("display-p3", ["0.950", "0.220", "0.200"]), dark: rgb("display-p3", ["1.000", "0.300", "0.280"]))
        // Preview Content: sample data Xcode doesn't ship (a P3 picture that would collapse).
        root = "Pulse/Pulse/Preview Content/Preview Assets.xcassets"
        catalog(root)
        try single("Sample", 96, 64) { x, y in x < 48 ? p3Red : srgbRedInP3 }
        // The test target's fixtures: odd on purpose (two P3 greens that collapse).
        root = "Pulse/PulseTests/Fixtures.xcassets"
        catalog(root)
        color(root + "/FixtureGreen.colorset", rgb("display-p3", ["0.000", "1.000", "0.000"]))
        color(root + "/FixtureGreener.colorset", rgb("display-p3", ["0.180", "0.980", "0.120"]))

        // DesignKit: a design-system package (no app icon), with Dark Mode and increased contrast.
        root = "DesignKit/Sources/DesignKit/Colors.xcassets"
        catalog(root)
        let contrast = XcodeJSON.array([.object([("appearance", .string("contrast")), ("value", .string("high"))])])
        for (i, name) in ["Surface", "OnSurface", "Primary", "Secondary", "Outline"].enumerated() {
            let v = 0.15 + Double(i) * 0.15
            json(
                root + "/\(name).colorset/Contents.json",
                [
                    (
                        "colors",
                        .array([
                            entry([
                                ("color", rgb("srgb", [v, v, 0.9].map { String(format: "%.3f", $0) })), ("idiom", .string("universal")),
                            ]),
                            entry([
                                ("appearances", darkAppearance),
                                ("color", rgb("srgb", [v / 2, v / 2, 0.4].map { String(format: "%.3f", $0) })),
                                ("idiom", .string("universal")),
                            ]),
                            entry([
                                ("appearances", contrast), ("color", rgb("srgb", [v / 3, v / 3, 0.6].map { String(format: "%.3f", $0) })),
                                ("idiom", .string("universal")),
                            ]),
                        ])
                    ), ("info", info),
                ])
        }
        color(root + "/Action.colorset", rgb("srgb", ["0", "122", "255"]), dark: rgb("srgb", ["10", "132", "255"]))  // seeded: iOS blue

        // OldTimer: last edited with Xcode 9 (info first, idiom first, numbers), no Dark Mode.
        root = "OldTimer/OldTimer/Images.xcassets"
        files.append((root + "/Contents.json", Array("{\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}".utf8)))
        for name in ["start", "stop", "lap"] {
            files.append(
                (
                    root + "/\(name).imageset/Contents.json",
                    Array(
                        """
                        {
                          "images" : [
                            {
                              "idiom" : "universal",
                              "filename" : "\(name).png",
                              "scale" : "1x"
                            },
                            {
                              "resizing" : {
                                "mode" : "3-part-horizontal",
                                "center" : {
                                  "mode" : "stretch",
                                  "width" : 1
                                },
                                "capInsets" : {
                                  "left" : 6,
                                  "right" : 6
                                }
                              },
                              "idiom" : "universal",
                              "filename" : "\(name)@2x.png",
                              "scale" : "2x"
                            },
                            {
                              "idiom" : "universal",
                              "scale" : "3x"
                            }
                          ],
                          "info" : {
                            "version" : 1,
                            "author" : "xcode"
                          }
                        }
                        """.utf8)
                ))
            try png("\(root)/\(name).imageset/\(name).png", 13, 8, .sRGB, untagged: true, glyph)
            try png("\(root)/\(name).imageset/\(name)@2x.png", 26, 16, .sRGB, untagged: true, glyph)
        }
        files.append(
            (
                root + "/LaunchImage.launchimage/Contents.json",
                Array(
                    """
                    {
                      "images" : [
                        {
                          "orientation" : "portrait",
                          "idiom" : "iphone",
                          "extent" : "full-screen",
                          "minimum-system-version" : "7.0",
                          "scale" : "2x"
                        }
                      ],
                      "info" : {
                        "version" : 1,
                        "author" : "xcode"
                      }
                    }
                    """.utf8)
            ))
        root = "OldTimer/OldTimer/Colors.xcassets"
        files.append((root + "/Contents.json", Array("{\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}".utf8)))
        for (i, name) in ["Dial", "Hand", "Tick"].enumerated() {
            files.append(
                (
                    root + "/\(name).colorset/Contents.json",
                    Array(
                        """
                        {
                          "info" : {
                            "version" : 1,
                            "author" : "xcode"
                          },
                          "colors" : [
                            {
                              "idiom" : "universal",
                              "color" : {
                                "color-space" : "srgb",
                                "components" : {
                                  "red" : \(0.2 + Double(i) * 0.2),
                                  "alpha" : 1,
                                  "blue" : 0.5,
                                  "green" : \(0.7 - Double(i) * 0.1)
                                }
                              }
                            }
                          ]
                        }
                        """.utf8)
                ))
        }

        for (path, bytes) in files { try CatalogFixtures.write(bytes, folder + "/" + path) }
    }
}
