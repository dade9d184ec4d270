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
        let destination = try PixelFormat.converting(pixels.format, to: target, bitDepth: bitDepth, bigEndian: false)
        let corrections = mapping == .preserveSeparation
            ? try SeparationCorrections(image: self, mapper: mapper, separation: separation, settings: settings, target: target)
            : SeparationCorrections(anchors: [])

        var output = PixelBuffer(width: width, height: height, format: destination)
        let bands = ColorTransform.bandCount(pixels: width * height, height: height, threads: threads)
        let rowsPerBand = (height + max(bands, 1) - 1) / max(bands, 1)
        let channels = pixels.format.channelCount, outChannels = destination.channelCount
        let sourceMax = pixels.format.sample == .uint8 ? 255.0 : 65535.0
        let outMax = destination.sample == .uint8 ? 255.0 : 65535.0
        let source = pixels
        let rowBytes = output.rowBytes
        let results = Locked([Int: [UInt8]]())
        DispatchQueue.concurrentPerform(iterations: max(bands, 1)) { band in
            let y0 = band * rowsPerBand, y1 = min(height, y0 + rowsPerBand)
            guard y0 < y1 else { return }
            var bytes = [UInt8](repeating: 0, count: (y1 - y0) * rowBytes)
            var cache: [UInt64: (UInt16, UInt16, UInt16)] = [:]
            for y in y0..<y1 {
                for x in 0..<width {
                    let r = source.integer(x: x, y: y, channel: 0), g = source.integer(x: x, y: y, channel: 1), b = source.integer(x: x, y: y, channel: 2)
                    let key = UInt64(r) << 32 | UInt64(g) << 16 | UInt64(b)
                    let mapped: (UInt16, UInt16, UInt16)
                    if let hit = cache[key] {
                        mapped = hit
                    } else {
                        let encoded = [Double(r) / sourceMax, Double(g) / sourceMax, Double(b) / sourceMax]
                        let value = corrections.map(encoded, mapper: mapper)
                        let q = value.map { UInt16((min(max($0, 0), 1) * outMax).rounded()) }
                        mapped = (q[0], q[1], q[2])
                        if cache.count < 1 << 20 { cache[key] = mapped }
                    }
                    var samples = [mapped.0, mapped.1, mapped.2]
                    if outChannels == 4 {
                        let alpha = Double(source.integer(x: x, y: y, channel: channels - 1)) / sourceMax
                        samples.append(UInt16((alpha * outMax).rounded()))
                    }
                    let base = (y - y0) * rowBytes + x * outChannels * destination.bytesPerSample
                    for (c, s) in samples.enumerated() {
                        if destination.sample == .uint8 {
                            bytes[base + c] = UInt8(s)
                        } else {
                            bytes[base + 2 * c] = UInt8(s & 0xFF)
                            bytes[base + 2 * c + 1] = UInt8(s >> 8)
                        }
                    }
                }
            }
            results.withLock { $0[band] = bytes }
        }
        let parts = results.withLock { $0 }
        var all: [UInt8] = []
        all.reserveCapacity(output.rowBytes * height)
        for band in parts.keys.sorted() { all += parts[band]! }
        output.bytes = all
        var result = self
        result.pixels = output
        result.profile = target
        result.colorSource = .iccp(name: target.name)
        result.fileBitDepth = destination.bytesPerSample * 8
        result.warnings = []
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
