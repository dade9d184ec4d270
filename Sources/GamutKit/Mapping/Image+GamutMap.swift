import Dispatch

extension Image {
    /// The image converted to `target` with a gamut-mapping strategy, the target profile attached.
    ///
    /// ``GamutMapping/clip`` is `converted(to:bitDepth:intent:blackPointCompensation:bigEndian:threads:)`
    /// with the relative colorimetric intent (LittleCMS). ``GamutMapping/css`` maps each pixel with
    /// `GamutMapper/css(_:)` (in-gamut pixels are converted exactly; each distinct out-of-gamut value is
    /// mapped once). ``GamutMapping/preserveSeparation`` first finds the image's collapsing colors with
    /// ``ImageAnalyzer`` (on `settings`), maps each group's two source colors apart with
    /// `GamutMapper/map(group:mapping:separation:fixed:related:threads:)`, and spreads that correction to the pixels around each
    /// of them in OKLab (falling off linearly to zero halfway to the other color), over the CSS mapping.
    /// Alpha and metadata are kept.
    /// - Parameters:
    ///   - target: the profile to convert to (RGB matrix/TRC).
    ///   - mapping: how out-of-gamut colors are brought inside.
    ///   - bitDepth: 8 or 16; nil keeps the image's depth.
    ///   - separation: the ΔE00 collapsing colors keep (``GamutMapping/preserveSeparation``).
    ///   - settings: the analyzer's thresholds, for finding the collapsing colors.
    ///   - threads: how many cores to use; nil uses all of them.
    /// - Throws: ``GamutError`` `.unsupportedProfile` when the image or the target isn't RGB matrix/TRC (for css and
    ///   preserve-separation), `.invalidArgument` for a bad depth.
    public func gamutMapped(
        to target: ColorProfile, mapping: GamutMapping, bitDepth: Int? = nil, separation: Double = 2,
        settings: AnalysisSettings = .init(), threads: Int? = nil
    ) throws(GamutError) -> Image {
        try gamutMapped(
            to: target, mapping: mapping, bitDepth: bitDepth, separation: separation, settings: settings, threads: threads,
            collapseGroups: nil)
    }

    /// ``gamutMapped(to:mapping:bitDepth:separation:settings:threads:)`` with the image's collapsing colors already
    /// found (`collapseGroups`: an ``ImageAnalysis``'s of this image against `target` on `settings`, as a catalog audit
    /// found them); nil finds them.
    public func gamutMapped(
        to target: ColorProfile, mapping: GamutMapping, bitDepth: Int?, separation: Double, settings: AnalysisSettings,
        threads: Int?, collapseGroups: [ImageCollapseGroup]?
    ) throws(GamutError) -> Image {
        try settings.validate()
        if mapping == .clip {
            return try converted(to: target, bitDepth: bitDepth, intent: .relativeColorimetric, threads: threads)
        }
        guard pixels.format.layout == .rgb || pixels.format.layout == .rgba, !pixels.format.sample.isFloat else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an 8- or 16-bit RGB image, not \(pixels.format)")
        }
        let mapper = try GamutMapper(source: profile, target: target)
        let corrections: SeparationCorrections
        if mapping != .preserveSeparation {
            corrections = SeparationCorrections(anchors: [])
        } else if let collapseGroups {
            corrections = SeparationCorrections(groups: collapseGroups, mapper: mapper, separation: separation)
        } else {
            let analysis = try ImageAnalyzer.analyze(self, target: target, settings: settings, threads: threads).analysis
            corrections = SeparationCorrections(groups: analysis.collapseGroups, mapper: mapper, separation: separation)
        }
        // In-gamut pixels (and pixels no correction reaches) keep the exact conversion; the others are mapped.
        var result = try converted(to: target, bitDepth: bitDepth, intent: .relativeColorimetric, threads: threads)
        let destination = result.pixels.format
        let sourceFormat = pixels.format
        let levels = sourceFormat.sample == .uint8 ? 256 : 65536
        let luts = (0..<3).map { c in (0..<levels).map { mapper.sourceModel.curves[c].linearize(Double($0) / Double(levels - 1)) } }
        let toTarget = Rows3(mapper.targetFromXYZ * mapper.sourceModel.toXYZD50)
        let kernel = mapper.kernel, targetCurves = mapper.targetModel.curves
        let outMax = destination.sample == .uint8 ? 255.0 : 65535.0
        let outChannels = destination.channelCount
        let inRow = pixels.rowBytes, outRow = result.pixels.rowBytes
        let bands = max(1, ColorTransform.bandCount(pixels: width * height, height: height, threads: threads))
        let (w, h) = (width, height)
        let reader = SampleReader(sourceFormat)
        let outSixteen = destination.sample != .uint8
        @Sendable func encode(_ linear: SIMD3<Double>) -> SIMD3<UInt16> {
            @inline(__always) func code(_ c: Int) -> UInt16 {
                UInt16((min(max(targetCurves[c].encode(linear[c]), 0), 1) * outMax).rounded())
            }
            return SIMD3(code(0), code(1), code(2))
        }
        pixels.withUnsafeBytes { (sourceBytes: UnsafeRawBufferPointer) in
            nonisolated(unsafe) let input = sourceBytes
            result.pixels.withUnsafeMutableBytes { (output: UnsafeMutableRawBufferPointer) in
                nonisolated(unsafe) let out = output
                Bands.forEach(bands, over: h) { rows in
                    // Out-of-gamut values mapped once each; the cache is dropped in a band whose first 4,096 lookups
                    // found fewer than one in eight (noise, where nearly every value differs and it would only cost).
                    var cache: [UInt64: SIMD3<UInt16>] = [:]
                    var (lookups, hits, caching) = (0, 0, true)
                    for y in rows {
                        for x in 0..<w {
                            let row = input.baseAddress! + y * inRow
                            let code = SIMD3(reader.integer(row, x, 0), reader.integer(row, x, 1), reader.integer(row, x, 2))
                            let linear = SIMD3(luts[0][code.x], luts[1][code.y], luts[2][code.z])
                            let value: SIMD3<UInt16>
                            if GamutKernel.inGamut(toTarget * linear) {
                                // Inside: the exact conversion stays unless a correction reaches the color.
                                guard !corrections.anchors.isEmpty else { continue }
                                let source = kernel.oklab(lms: kernel.sourceToLMS * linear)
                                let shift = corrections.shift(at: source)
                                guard shift != .zero else { continue }
                                value = encode(corrections.map(source, shift: shift, kernel: kernel))
                            } else {
                                let key = UInt64(code.x) << 32 | UInt64(code.y) << 16 | UInt64(code.z)
                                if caching, let hit = cache[key] {
                                    value = hit
                                    hits += 1
                                } else {
                                    let source = kernel.oklab(lms: kernel.sourceToLMS * linear)
                                    value = encode(corrections.map(source, shift: corrections.shift(at: source), kernel: kernel))
                                    if caching && cache.count < 1 << 20 { cache[key] = value }
                                }
                                lookups += 1
                                if caching && lookups == 4096 && hits * 8 < lookups {
                                    caching = false
                                    cache = [:]
                                }
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
    /// A source color (OKLab) whose CSS mapping moves by `shift` (OKLab); the move fades out over `radius`.
    struct Anchor: Sendable {
        var source: SIMD3<Double>
        var shift: SIMD3<Double>
        var radius: Double
    }

    let anchors: [Anchor]

    init(anchors: [Anchor]) { self.anchors = anchors }

    /// Anchors from an image's collapsing colors (its analysis's collapse groups).
    init(groups: [ImageCollapseGroup], mapper: GamutMapper, separation: Double) {
        func vector(_ lab: OKLab) -> SIMD3<Double> { SIMD3(lab.l, lab.a, lab.b) }
        var anchors: [Anchor] = []
        for group in groups {
            let pair = [group.first, group.second]
            let css = pair.map { mapper.map($0, mapping: .css) }
            let kept = mapper.map(group: pair, mapping: .preserveSeparation, separation: separation)
            let sources = pair.map { vector(mapper.sourceOKLab($0)) }
            let radius = GamutKernel.distance(sources[0], sources[1]) / 2
            guard radius > 1e-6 else { continue }
            for i in 0..<2 {
                anchors.append(
                    Anchor(
                        source: sources[i], shift: vector(mapper.targetOKLab(kept[i])) - vector(mapper.targetOKLab(css[i])),
                        radius: radius))
            }
        }
        self.anchors = anchors
    }

    /// The weighted sum of the shifts of the anchors that reach a source color (zero when none does).
    @inline(__always)
    func shift(at source: SIMD3<Double>) -> SIMD3<Double> {
        var shift = SIMD3<Double>.zero
        for anchor in anchors {
            let w = 1 - GamutKernel.distance(source, anchor.source) / anchor.radius
            if w > 0 { shift += w * anchor.shift }
        }
        return shift
    }

    /// The CSS mapping of a source color (OKLab), moved by `shift`, as clipped linear target light.
    func map(_ source: SIMD3<Double>, shift: SIMD3<Double>, kernel: GamutKernel) -> SIMD3<Double> {
        let css = kernel.css(source)
        guard shift != .zero else { return css }
        return kernel.css(kernel.oklab(lms: kernel.targetToLMS * css) + shift)
    }
}
