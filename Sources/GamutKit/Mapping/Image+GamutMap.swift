import Dispatch

extension Image {
    /// The image converted to `target` with a gamut-mapping strategy, the target profile attached.
    ///
    /// ``GamutMapping/clip`` is ``converted(to:bitDepth:intent:blackPointCompensation:bigEndian:threads:)``
    /// with the relative colorimetric intent (LittleCMS). ``GamutMapping/css`` maps each pixel with
    /// ``GamutMapper/css(_:)`` (in-gamut pixels are converted exactly; each distinct out-of-gamut value is
    /// mapped once). ``GamutMapping/preserveSeparation`` first finds the image's collapsing colors with
    /// ``ImageAnalyzer`` (on `settings`), maps each group's two source colors apart with
    /// ``GamutMapper/map(group:mapping:separation:)``, and spreads that correction to the pixels around each
    /// of them in OKLab (falling off linearly to zero halfway to the other color), over the CSS mapping.
    /// Alpha and metadata are kept.
    /// - Parameters:
    ///   - bitDepth: 8 or 16; nil keeps the image's depth.
    ///   - separation: the ΔE00 collapsing colors keep (``GamutMapping/preserveSeparation``).
    /// - Throws: ``GamutError`` `.unsupportedProfile` when the image or the target isn't RGB matrix/TRC (for css and
    ///   preserve-separation), `.invalidArgument` for a bad depth.
    public func gamutMapped(to target: ColorProfile, mapping: GamutMapping, bitDepth: Int? = nil, separation: Double = 2,
                            settings: AnalysisSettings = .init(), threads: Int? = nil) throws(GamutError) -> Image {
        if mapping == .clip {
            return try converted(to: target, bitDepth: bitDepth, intent: .relativeColorimetric, threads: threads)
        }
        guard pixels.format.layout == .rgb || pixels.format.layout == .rgba, pixels.format.sample != .float32 else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an 8- or 16-bit RGB image, not \(pixels.format)")
        }
        let mapper = try GamutMapper(source: profile, target: target)
        let corrections = mapping == .preserveSeparation
            ? try SeparationCorrections(image: self, mapper: mapper, separation: separation, settings: settings, target: target)
            : SeparationCorrections(anchors: [])
        // In-gamut pixels (and pixels no correction reaches) keep the exact conversion; the others are mapped.
        var result = try converted(to: target, bitDepth: bitDepth, intent: .relativeColorimetric, threads: threads)
        let destination = result.pixels.format
        let sourceFormat = pixels.format
        let levels = sourceFormat.sample == .uint8 ? 256 : 65536
        let luts = (0..<3).map { c in (0..<levels).map { mapper.sourceModel.curves[c].linearize(Double($0) / Double(levels - 1)) } }
        let toTarget = Rows3(mapper.targetFromXYZ * mapper.sourceModel.toXYZD50)
        let kernel = mapper.kernel, targetCurves = mapper.targetModel.curves
        let outMax = destination.sample == .uint8 ? 255.0 : 65535.0
        let channels = sourceFormat.channelCount, outChannels = destination.channelCount
        let inRow = pixels.rowBytes, outRow = result.pixels.rowBytes
        let bands = max(1, ColorTransform.bandCount(pixels: width * height, height: height, threads: threads))
        let rowsPerBand = (height + bands - 1) / bands
        let (w, h) = (width, height)
        let sixteen = sourceFormat.sample != .uint8, bigEndian = sourceFormat.sample == .uint16BigEndian
        let outSixteen = destination.sample != .uint8
        pixels.bytes.withUnsafeBytes { (sourceBytes: UnsafeRawBufferPointer) in
            nonisolated(unsafe) let input = sourceBytes
            result.pixels.bytes.withUnsafeMutableBytes { (output: UnsafeMutableRawBufferPointer) in
                nonisolated(unsafe) let out = output
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    var cache: [UInt64: SIMD3<UInt16>] = [:]
                    for y in (band * rowsPerBand)..<min(h, (band + 1) * rowsPerBand) {
                        for x in 0..<w {
                            var code = SIMD3<Int>(repeating: 0)
                            for c in 0..<3 {
                                let offset = y * inRow + (x * channels + c) * (sixteen ? 2 : 1)
                                if !sixteen {
                                    code[c] = Int(input[offset])
                                } else if bigEndian {
                                    code[c] = Int(input[offset]) << 8 | Int(input[offset + 1])
                                } else {
                                    code[c] = Int(input.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
                                }
                            }
                            let linear = SIMD3(luts[0][code.x], luts[1][code.y], luts[2][code.z])
                            let inside = GamutKernel.inGamut(toTarget * linear)
                            if inside && !corrections.reaches(linear, kernel: kernel) { continue }
                            let key = UInt64(code.x) << 32 | UInt64(code.y) << 16 | UInt64(code.z)
                            let value: SIMD3<UInt16>
                            if let hit = cache[key] {
                                value = hit
                            } else {
                                let mapped = corrections.map(linear, kernel: kernel)
                                value = SIMD3((0..<3).map { UInt16((min(max(targetCurves[$0].encode(mapped[$0]), 0), 1) * outMax).rounded()) })
                                if cache.count < 1 << 20 { cache[key] = value }
                            }
                            let base = y * outRow + x * outChannels * (outSixteen ? 2 : 1)
                            for c in 0..<3 {
                                if outSixteen {
                                    out.storeBytes(of: value[c], toByteOffset: base + 2 * c, as: UInt16.self)
                                } else {
                                    out[base + c] = UInt8(value[c])
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}

/// The local corrections ``GamutMapping/preserveSeparation`` applies on top of the CSS mapping.
struct SeparationCorrections: Sendable {
    struct Anchor: Sendable {
        var source: OKLab
        var shift: [Double]
        var radius: Double
    }

    let anchors: [Anchor]

    init(anchors: [Anchor]) { self.anchors = anchors }

    init(image: Image, mapper: GamutMapper, separation: Double, settings: AnalysisSettings, target: ColorProfile) throws(GamutError) {
        var settings = settings
        settings.maximumFindingsPerRule = max(settings.maximumFindingsPerRule, 64)
        let analysis = try ImageAnalyzer.analyze(image, target: target, settings: settings).analysis
        var anchors: [Anchor] = []
        for group in analysis.collapseGroups {
            let pair = [group.first, group.second]
            let css = pair.map { mapper.map($0, mapping: .css) }
            let kept = mapper.map(group: pair, mapping: .preserveSeparation, separation: separation)
            let sources = pair.map(mapper.sourceOKLab)
            let radius = OKLab.difference(sources[0], sources[1]) / 2
            guard radius > 1e-6 else { continue }
            for i in 0..<2 {
                let from = mapper.targetOKLab(css[i]), to = mapper.targetOKLab(kept[i])
                anchors.append(Anchor(source: sources[i], shift: [to.l - from.l, to.a - from.a, to.b - from.b], radius: radius))
            }
        }
        self.anchors = anchors
    }

    /// Whether any anchor's correction reaches a color given in source linear light.
    @inline(__always)
    func reaches(_ linear: SIMD3<Double>, kernel: GamutKernel) -> Bool {
        guard !anchors.isEmpty else { return false }
        let lab = kernel.oklab(lms: kernel.sourceToLMS * linear)
        return anchors.contains { GamutKernel.distance(lab, SIMD3($0.source.l, $0.source.a, $0.source.b)) < $0.radius }
    }

    /// The CSS mapping of a color given in source linear light, plus the weighted shifts of the anchors near
    /// it, as clipped linear target light.
    func map(_ linear: SIMD3<Double>, kernel: GamutKernel) -> SIMD3<Double> {
        let source = kernel.oklab(lms: kernel.sourceToLMS * linear)
        let css = kernel.css(source)
        guard !anchors.isEmpty else { return css }
        var shift = SIMD3<Double>(repeating: 0)
        for anchor in anchors {
            let w = 1 - GamutKernel.distance(source, SIMD3(anchor.source.l, anchor.source.a, anchor.source.b)) / anchor.radius
            if w > 0 { shift += w * SIMD3(anchor.shift[0], anchor.shift[1], anchor.shift[2]) }
        }
        guard shift != SIMD3(repeating: 0) else { return css }
        return kernel.css(kernel.oklab(lms: kernel.targetToLMS * css) + shift)
    }

    /// The CSS mapping of one color, plus the weighted shifts of the anchors near it.
    func map(_ encoded: [Double], mapper: GamutMapper) -> [Double] {
        let css = mapper.map(encoded, mapping: .css)
        guard !anchors.isEmpty else { return css }
        let source = mapper.sourceOKLab(encoded)
        var shift = [0.0, 0.0, 0.0]
        for anchor in anchors {
            let w = 1 - OKLab.difference(source, anchor.source) / anchor.radius
            if w > 0 { for k in 0..<3 { shift[k] += w * anchor.shift[k] } }
        }
        guard shift != [0, 0, 0] else { return css }
        let base = mapper.targetOKLab(css)
        return mapper.css(OKLab(l: base.l + shift[0], a: base.a + shift[1], b: base.b + shift[2]))
    }
}
