import Foundation

/// Pictures for the HTML report, made from the image files of a report: each image as authored and as an
/// sRGB display shows it, its clip mask, and strips of its clipping gradients (source above, shown below).
package struct HTMLVisuals: Sendable {
    /// One embedded picture.
    package struct Picture: Sendable, Hashable {
        /// What it shows.
        package enum Kind: String, Sendable {
            /// The image as authored (its own profile embedded).
            case source
            /// What the target display shows.
            case shown
            /// The clip mask (see ``ImageAnalyzer``).
            case clipMask = "clip-mask"
            /// A clipping gradient's region as authored.
            case gradientSource = "gradient-source"
            /// The same region as shown.
            case gradientShown = "gradient-shown"
            /// What a display shows, as seen with a simulated color-vision deficiency.
            case simulation
        }
        /// What it shows.
        package var kind: Kind
        /// A caption.
        package var caption: String
        /// PNG bytes (with their profile embedded, so browsers color-manage them).
        package var png: [UInt8]
    }

    /// Pictures by file path.
    package var pictures: [String: [Picture]] = [:]

    /// No pictures.
    package init() {}

    /// Images larger than this many pixels get no pictures (the report stays small).
    package static let maximumPixels = 4_194_304

    /// Images larger than this get no color-vision previews.
    package static let maximumSimulatedPixels = 1_048_576

    /// An 8-bit sRGB image as seen with a simulated deficiency (simulated in linear sRGB, clipped).
    static func simulated(_ image: Image, _ simulation: ColorVisionSimulation) -> Image {
        let reader = SampleReader(image.pixels.format)
        let scale = Double(reader.maximum)
        let linear = (0...reader.maximum).map { TransferFunction.sRGB.linearize(Double($0) / scale) }
        var result = image
        let rowBytes = image.pixels.rowBytes
        result.pixels.withUnsafeMutableBytes { raw in
            for y in 0..<image.height {
                let row = raw.baseAddress! + y * rowBytes
                for x in 0..<image.width {
                    let c = simulation.simulate(linearSRGB: (0..<3).map { linear[reader.integer(row, x, $0)] })
                    for k in 0..<3 {
                        let code = (TransferFunction.sRGB.encode(min(max(c[k], 0), 1)) * scale).rounded()
                        let index = x * reader.channels + k
                        if reader.sixteenBit {
                            row.storeBytes(of: UInt16(code), toByteOffset: index * 2, as: UInt16.self)
                        } else {
                            row.storeBytes(of: UInt8(code), toByteOffset: index, as: UInt8.self)
                        }
                    }
                }
            }
        }
        return result
    }

    /// Reads the report's image files and makes their pictures; files that can't be read get none.
    package init(for report: CheckReport, settings: AnalysisSettings) {
        let target = settings.targetProfile()
        for file in report.files where file.analysis != nil {
            // Any format the check read; pictures are embedded as PNG.
            guard let image = try? ImageFile.read(contentsOf: file.path).withIntegerSamples(),
                  image.width * image.height <= HTMLVisuals.maximumPixels else { continue }
            var list: [Picture] = []
            if let shown = try? image.converted(to: target, bitDepth: 8), let png = try? PNG.encode(shown) {
                if let original = try? PNG.encode(image) { list.append(Picture(kind: .source, caption: "as authored (\(image.profile.name))", png: original)) }
                list.append(Picture(kind: .shown, caption: "on \(target.name) displays (clipped)", png: png))
                if let mask = try? ImageAnalyzer.analyze(image, target: target, settings: settings, includeClipMask: true).clipMask,
                   let maskPNG = try? PNG.encode(mask) {
                    list.append(Picture(kind: .clipMask, caption: "clip mask: blue out of gamut, yellow ΔE00 1–2, orange 2–5, red ≥ 5", png: maskPNG))
                }
                if image.width * image.height <= HTMLVisuals.maximumSimulatedPixels, target === ColorProfile.sRGB {
                    for simulation in ColorVisionSimulation.all() {
                        if let png = try? PNG.encode(HTMLVisuals.simulated(shown, simulation)) {
                            list.append(Picture(kind: .simulation, caption: "on sRGB displays, seen with \(simulation)", png: png))
                        }
                    }
                }
                for region in (file.analysis?.clippingGradients ?? []).prefix(4) {
                    let r = region.bounds
                    if let a = try? PNG.encode(image.cropped(r)), let b = try? PNG.encode(shown.cropped(r)) {
                        list.append(Picture(kind: .gradientSource, caption: "gradient at \(r) as authored", png: a))
                        list.append(Picture(kind: .gradientShown, caption: "gradient at \(r) as shown", png: b))
                    }
                }
            }
            pictures[file.path] = list
        }
    }
}

extension Image {
    /// The pixels inside `rect` (clamped to the image), same profile and metadata.
    func cropped(_ rect: PixelRect) -> Image {
        let x0 = max(0, min(rect.x, width - 1)), y0 = max(0, min(rect.y, height - 1))
        let w = max(1, min(rect.width, width - x0)), h = max(1, min(rect.height, height - y0))
        let bpp = pixels.format.bytesPerPixel
        var bytes: [UInt8] = []
        bytes.reserveCapacity(w * h * bpp)
        for y in y0..<(y0 + h) {
            let start = y * pixels.rowBytes + x0 * bpp
            bytes += pixels.bytes[start..<(start + w * bpp)]
        }
        var result = self
        result.pixels = (try? PixelBuffer(width: w, height: h, format: pixels.format, bytes: bytes)) ?? pixels
        return result
    }
}
