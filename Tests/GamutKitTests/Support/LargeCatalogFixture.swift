import Foundation
@testable import GamutKit

/// An asset catalog of 300 16-bit Display P3 PNGs, 16² to 1024², shaped like a mid-size app's: an app icon at 18 sizes
/// (16² to 1024²), 20 illustrations (64×48 to 320×240) each used by 6 image sets (byte-identical copies), and 54 image
/// sets of symbols at 1x/2x/3x (16² to 132²). Every image
/// leaves sRGB visibly (a P3 ramp to white, two P3 colors that collapse on sRGB, a gray→P3 ramp), so each one
/// raises findings.
enum LargeCatalogFixture {
    /// The artwork numbered `design` at `width`×`height`: its hue and a white band's position follow the number, so
    /// different designs differ and the same design at the same size is the same file.
    static func artwork(_ design: Int, width: Int, height: Int) throws -> Image {
        let a = [0.0, 0.15, 0.3, 0.45][design / 4 % 4]
        let saturated = [(1.0, a, 0.0), (a, 1.0, 0.0), (0.0, 1.0, a), (1.0, 0.0, a)][design % 4]
        // A second color that a P3 display tells apart from `saturated` but sRGB clips to (nearly) the same code.
        let near = (
            saturated.0 == 1 ? 1 : saturated.0 + 0.25, saturated.1 == 1 ? 1 : saturated.1 + 0.1, saturated.2 == 1 ? 1 : saturated.2 + 0.1
        )
        let bandX = design * 37 % max(1, width), bandWidth = max(1, width / 16)
        var samples = [UInt16](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let t = width > 1 ? Double(x) / Double(width - 1) : 0
                let rgb: (Double, Double, Double)
                if x >= bandX && x < bandX + bandWidth && y < height / 3 {
                    rgb = (1, 1, 1)
                } else if y < height / 3 {
                    rgb = (saturated.0 + (1 - saturated.0) * t, saturated.1 + (1 - saturated.1) * t, saturated.2 + (1 - saturated.2) * t)
                } else if y < 2 * height / 3 {
                    rgb = x < width / 2 ? saturated : near
                } else {
                    rgb = (0.5 + (saturated.0 - 0.5) * t, 0.5 + (saturated.1 - 0.5) * t, 0.5 + (saturated.2 - 0.5) * t)
                }
                // Texture, as painted artwork has: ±0.5% (about ±1 code at 8 bits), the same for a design's every copy.
                var h = UInt32(truncatingIfNeeded: (x &* 73_856_093) ^ (y &* 19_349_663) ^ (design &* 83_492_791))
                h = (h ^ (h >> 13)) &* 0x5bd1_e995
                let noise = (Double(h >> 16 & 0xFF) / 255 - 0.5) * 0.01
                let i = (y * width + x) * 3
                samples[i] = UInt16((min(1, max(0, rgb.0 + noise)) * 65535).rounded())
                samples[i + 1] = UInt16((min(1, max(0, rgb.1 + noise)) * 65535).rounded())
                samples[i + 2] = UInt16((min(1, max(0, rgb.2 + noise)) * 65535).rounded())
            }
        }
        return Image(pixels: try PixelBuffer(width: width, height: height, layout: .rgb, samples: samples), profile: .displayP3)
    }

    /// Writes the catalog into a new folder and returns its path and the number of image files.
    static func write() throws -> (catalog: String, images: Int) {
        let root = CatalogFixtures.temporaryFolder() + "/App.xcassets"
        try CatalogFixtures.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), root + "/Contents.json")
        var cache: [String: [UInt8]] = [:]
        var images = 0
        func png(_ design: Int, _ width: Int, _ height: Int) throws -> [UInt8] {
            let key = "\(design) \(width) \(height)"
            if let bytes = cache[key] { return bytes }
            let bytes = try PNG.encode(try artwork(design, width: width, height: height))
            cache[key] = bytes
            return bytes
        }
        func set(_ folder: String, _ entries: [(file: String, bytes: [UInt8], keys: String)]) throws {
            for e in entries {
                try CatalogFixtures.write(e.bytes, "\(root)/\(folder)/\(e.file)")
                images += 1
            }
            let list = entries.map { "    {\n      \"filename\" : \"\($0.file)\",\n      \($0.keys)\n    }" }.joined(separator: ",\n")
            let json = "{\n  \"images\" : [\n\(list)\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
            try CatalogFixtures.write(Array(json.utf8), "\(root)/\(folder)/Contents.json")
        }
        // The app icon: one design at 18 sizes.
        let icon: [(points: Double, scale: Int, idiom: String)] = [
            (16, 1, "mac"), (16, 2, "mac"), (32, 1, "mac"), (32, 2, "mac"), (128, 1, "mac"), (128, 2, "mac"), (256, 1, "mac"),
            (256, 2, "mac"), (512, 1, "mac"), (512, 2, "mac"), (20, 2, "iphone"), (20, 3, "iphone"), (29, 2, "iphone"),
            (29, 3, "iphone"), (40, 2, "iphone"), (40, 3, "iphone"), (60, 2, "iphone"), (60, 3, "iphone"),
        ]
        try set(
            "AppIcon.appiconset",
            try icon.map { s in
                let pixels = Int(s.points) * s.scale
                let size = "\(Int(s.points))x\(Int(s.points))"
                return (
                    "icon-\(s.idiom)-\(size)@\(s.scale)x.png", try png(0, pixels, pixels),
                    "\"idiom\" : \"\(s.idiom)\",\n      \"scale\" : \"\(s.scale)x\",\n      \"size\" : \"\(size)\""
                )
            })
        // 20 illustrations, each used by 6 sets (the same bytes 6 times).
        let illustrationSizes = [64, 128, 160, 320]
        for design in 1...20 {
            let side = illustrationSizes[design % illustrationSizes.count]
            let bytes = try png(design, side, side * 3 / 4)
            for use in 1...6 {
                try set(
                    "Illustrations/Scene\(design)-\(use).imageset",
                    [("scene\(design).png", bytes, "\"idiom\" : \"universal\"")])
            }
        }
        // 54 sets at 1x, 2x and 3x.
        let baseSizes = [16, 20, 24, 29, 32, 40, 44]
        for design in 21...74 {
            let base = baseSizes[design % baseSizes.count]
            try set(
                "Icons/Symbol\(design).imageset",
                try (1...3).map { scale in
                    (
                        "symbol\(design)@\(scale)x.png", try png(design, base * scale, base * scale),
                        "\"idiom\" : \"universal\",\n      \"scale\" : \"\(scale)x\""
                    )
                })
        }
        return (root, images)
    }
}
