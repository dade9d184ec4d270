import Dispatch
import Synchronization
import Foundation
import GamutKit

/// The asset catalog benchmark input, made by code: 2,000 colorsets (light, dark and both increased-contrast
/// appearances; a quarter with display-gamut sRGB/P3 pairs; in 20 namespaced groups) and 300 16-bit
/// 1024×1024 PNGs (a third saturated Display P3 gradients that leave sRGB, a third Display P3 inside sRGB,
/// a third sRGB; ±2 codes of noise), like a large app's catalog.
public enum CatalogFixture {
    public static let colorsets = 2_000
    public static let images = 300
    public static let imageSize = 1024

    /// The catalog's path, written on first use into the temporary folder and reused after (delete the
    /// folder to rebuild it).
    public static func path() throws -> String {
        let root = NSTemporaryDirectory() + "gamutkit-benchmark-catalog-v1"
        let catalog = root + "/Bench.xcassets"
        if FileManager.default.fileExists(atPath: root + "/complete") { return catalog }
        try? FileManager.default.removeItem(atPath: root)
        try write(to: catalog)
        try Data().write(to: URL(fileURLWithPath: root + "/complete"))
        return catalog
    }

    static func write(to catalog: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: catalog + "/Contents.json"))
        var state: UInt64 = 2024
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func color(_ space: String, _ rgb: [Double]) -> String {
            let c = rgb.map { String(format: "\"%.3f\"", $0) }
            return #"{"color-space":"\#(space)","components":{"alpha":"1.000","blue":\#(c[2]),"green":\#(c[1]),"red":\#(c[0])}}"#
        }
        let appearances = ["", #""appearances":[{"appearance":"luminosity","value":"dark"}],"#,
                           #""appearances":[{"appearance":"contrast","value":"high"}],"#,
                           #""appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}],"#]
        for group in 0..<20 {
            let folder = catalog + "/Group\(group)"
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(#"{"info":{"version":1},"properties":{"provides-namespace":true}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Contents.json"))
            for i in 0..<(colorsets / 20) {
                let paired = i % 4 == 0
                var entries: [String] = []
                for appearance in appearances {
                    let rgb = [next(), next(), next()]
                    if paired {
                        entries.append("{\(appearance)\"color\":\(color("display-p3", rgb)),\"display-gamut\":\"display-P3\",\"idiom\":\"universal\"}")
                        entries.append("{\(appearance)\"color\":\(color("srgb", rgb.map { min(max($0, 0.05), 0.95) })),\"display-gamut\":\"sRGB\",\"idiom\":\"universal\"}")
                    } else {
                        entries.append("{\(appearance)\"color\":\(color(i % 2 == 0 ? "display-p3" : "srgb", rgb)),\"idiom\":\"universal\"}")
                    }
                }
                let set = folder + "/Color\(i).colorset"
                try manager.createDirectory(atPath: set, withIntermediateDirectories: true)
                try Data(("{\"colors\":[" + entries.joined(separator: ",") + "],\"info\":{\"author\":\"xcode\",\"version\":1}}").utf8)
                    .write(to: URL(fileURLWithPath: set + "/Contents.json"))
            }
        }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: images) { i in
            let set = catalog + "/Image\(i).imageset"
            do {
                try manager.createDirectory(atPath: set, withIntermediateDirectories: true)
                try Data(#"{"images":[{"filename":"image.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
                    .write(to: URL(fileURLWithPath: set + "/Contents.json"))
                try ImageFile.write(image(i), to: set + "/image.png")
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        if failures.load(ordering: .relaxed) > 0 { throw CocoaError(.fileWriteUnknown) }
    }

    /// Image `i`, `size` pixels square: a hue sweep rotated per image; saturation and profile by `i % 3`.
    public static func image(_ i: Int, size: Int = imageSize) -> Image {
        var samples = [UInt16](repeating: 0, count: size * size * 3)
        var state = UInt64(i + 1) &* 0x9E37_79B9_7F4A_7C15
        let saturation = i % 3 == 0 ? 1.0 : 0.3
        let offset = Double(i) * 0.37
        for y in 0..<size {
            let v = Double(y) / Double(size - 1)
            for x in 0..<size {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Double(Int(state >> 62) - 2)
                let hue = 6.2832 * Double(x) / Double(size - 1) + offset
                let rgb = [cos(hue), cos(hue - 2.0944), cos(hue + 2.0944)].map { 0.5 + 0.5 * saturation * $0 }
                for c in 0..<3 {
                    samples[(y * size + x) * 3 + c] = UInt16(min(max((rgb[c] * (1 - v) + v * 0.5) * 65535 + noise, 0), 65535))
                }
            }
        }
        return Image(pixels: try! PixelBuffer(width: size, height: size, layout: .rgb, samples: samples),
                     profile: i % 3 == 2 ? .sRGB : .displayP3)
    }
}
