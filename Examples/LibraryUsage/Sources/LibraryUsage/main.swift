// The library examples quoted in the README. Run from the repository root:
//   swift run --package-path Examples/LibraryUsage
import GamutKit

// 1. What does Display P3's pure red look like on an sRGB display?
let p3ToSRGB = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16)
print("P3 red → sRGB (16-bit, clipped):", try p3ToSRGB.convert(samples: [65535, 0, 0]))

// Float outputs are unbounded, so you can see how far outside sRGB a color is (here in linear light).
let unbounded = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .linearSRGB, format: .rgbFloat)
print("P3 red → linear sRGB (float, unbounded):", try unbounded.convert(samples: [1, 0, 0]).map { ($0 * 10000).rounded() / 10000 })

// 2. Read a PNG, see where its color came from, convert it, write it with the profile embedded.
let image = try ImageFile.read(contentsOf: "Examples/p3-assets.png")
print("read:", image.width, "×", image.height, image.pixels.format, "-", image.profile.name, "from", image.colorSource)
let sRGBImage = try image.converted(to: .sRGB)
try ImageFile.write(sRGBImage, to: "/tmp/p3-assets-srgb.png")
print("wrote /tmp/p3-assets-srgb.png:", try ImageFile.read(contentsOf: "/tmp/p3-assets-srgb.png").colorSource)

// 3. Inspect a profile.
let p3 = ColorProfile.displayP3
print("profile:", p3.name, p3.colorSpace, "\(p3.channelCount) channels,", p3.data.count, "bytes of ICC")

// 4. Errors are typed and name the file.
do {
    _ = try ImageFile.decode(Array(try ImageFile.encode(image, as: .png).prefix(1000)), path: "truncated.png")
} catch {
    print("error:", error.code, "-", error)
}

// 5. What does an sRGB display lose? Analyze an image…
let analysis = try ImageAnalyzer.analyze(image).analysis
print(String(format: "analysis: %.1f%% out of sRGB, %.1f%% visibly clipped, ΔE00 max %.2f / p95 %.2f; %d collapse, %d gradient finding(s)",
             analysis.outOfGamutPercent, analysis.visiblyClippedPercent, analysis.maxDeltaE, analysis.p95DeltaE,
             analysis.collapseGroups.count, analysis.clippingGradients.count))

// …a list of colors (status colors, chart series)…
let palette = [
    NamedColor(name: "success", profile: .displayP3, components: [0.0, 1.0, 0.0]),
    NamedColor(name: "success-hover", profile: .displayP3, components: [0.1, 0.98, 0.15]),
    NamedColor(name: "warning", profile: .displayP3, components: [1.0, 0.6, 0.0]),
]
for pair in try CollapseSearch.search(palette).pairs {
    print(String(format: "collapse: %@ and %@ differ by ΔE00 %.2f on P3, %.2f on sRGB",
                 palette[pair.first].name, palette[pair.second].name, pair.sourceDeltaE, pair.shownDeltaE))
}

// …or a gradient.
let ramp = Gradient(name: "brand", profile: .displayP3,
                    stops: [.init(position: 0, components: [1, 0, 0]), .init(position: 1, components: [1, 1, 1])])
let report = try GradientAnalysis.analyze(ramp)
if let flat = report.longestFlattened {
    print(String(format: "gradient: %.0f%% out of sRGB; flat from %.2f to %.2f (source changes ΔE00 %.1f, shown %.1f)",
                 report.outOfGamutFraction * 100, flat.start, flat.end, flat.sourceDeltaE, flat.shownDeltaE))
}

// 6. Audit an asset catalog (what `gamut-check PATH.xcassets` and CatalogTestHarness do).
let audit = try CatalogAuditor.audit(["Examples/Demo.xcassets"])
let counts = Dictionary(grouping: audit.findings, by: \.severity).mapValues(\.count)
print("catalog: \(counts[.error] ?? 0) errors, \(counts[.warning] ?? 0) warnings, \(counts[.info] ?? 0) info")
if let accent = audit.findings.first(where: { $0.location.asset == "Brand/Accent" }) {
    print("\(accent.location.fileAndLine): \(accent.ruleID): \(accent.message)")
}

// 7. Map colors into sRGB instead of clipping them, and check legibility.
let mapper = try GamutMapper(source: .displayP3, target: .sRGB)
let p3Green: [Double] = [0, 1, 0]
for mapping in GamutMapping.allCases {
    let srgb = mapper.map(p3Green, mapping: mapping)
    print("P3 green, \(mapping.rawValue):", srgb.map { String(format: "%.4f", $0) }.joined(separator: " "))
}
let text = Contrast.relativeLuminance(sRGB: [0x77 / 255.0, 0x77 / 255.0, 0x77 / 255.0])
let ratio = Contrast.ratio(text, Contrast.relativeLuminance(sRGB: [1, 1, 1]))
print(String(format: "#777777 on white: %.3f:1, needs %.1f:1 for 17 pt text", ratio, Contrast.minimumRatio(textSize: 17, bold: false)))
let deutan = ColorVisionSimulation(.deutan)
print("deuteranopia sees linear sRGB red as", deutan.simulate(linearSRGB: [1, 0, 0]).map { String(format: "%.3f", $0) }.joined(separator: " "))

// 8. The report `gamut-check check` prints, made and rendered by the library (JSON, SARIF, Xcode and HTML renderers too).
var options = AssetChecker.Options()
options.adjustSettings = { $0.visibleClip = 2 }  // typed thresholds, checked against their ranges before analysis
let inputs = AssetChecker.inputs(["Examples/p3-assets.png", "Examples/Demo.xcassets"])
let checkReport = try AssetChecker.check(files: inputs.files, catalogs: inputs.catalogs, options: options)
print("report:", TextRenderer().summary(checkReport))
print("rule:", Rules.gradientClipping.id, "uses", Rules.gradientClipping.thresholds.prefix(3).joined(separator: ", "), "…")

// Fixing a catalog (sRGB variants for what clips or collapses) is `CatalogFixer.plan`, what `gamut-check fix` runs.
