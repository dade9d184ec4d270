internal import CLCMS2

/// One channel's tone curve, evaluated in double precision for building lookup tables.
final class ShaperCurve: Sendable {
    private enum Source {
        case exact(TransferFunction)
        /// A LittleCMS curve and its inverse (as LittleCMS itself inverts it for output), owned here.
        case lcms(forward: OpaquePointer, inverse: OpaquePointer)
    }

    // Sendable: the LittleCMS curves are private copies, only read (cmsEvalToneCurveFloat) after init.
    nonisolated(unsafe) private let source: Source
    /// Curves with equal keys are equal, so their tables can be shared.
    let key: String

    init(_ function: TransferFunction) {
        source = .exact(function)
        key = "\(function)"
    }

    /// Copies `curve` from a profile's tag and builds its inverse, or returns nil when LittleCMS can't.
    init?(copying curve: OpaquePointer) {
        guard let forward = cmsDupToneCurve(curve) else { return nil }
        guard let inverse = cmsReverseToneCurve(forward) else {
            cmsFreeToneCurve(forward)
            return nil
        }
        source = .lcms(forward: forward, inverse: inverse)
        key = ShaperCurve.keyOf(curve)
    }

    deinit {
        if case .lcms(let forward, let inverse) = source {
            cmsFreeToneCurve(forward)
            cmsFreeToneCurve(inverse)
        }
    }

    /// Encoded (0…1) → linear light.
    func linearize(_ v: Double) -> Double {
        switch source {
        case .exact(let f): f.linearize(v)
        case .lcms(let forward, _): Double(cmsEvalToneCurveFloat(forward, Float(v)))
        }
    }

    /// Linear light (0…1) → encoded.
    func encode(_ v: Double) -> Double {
        switch source {
        case .exact(let f): f.encode(v)
        case .lcms(_, let inverse): Double(cmsEvalToneCurveFloat(inverse, Float(v)))
        }
    }

    enum TableKind: Hashable {
        /// Linear light of each input code 0…`maximum`.
        case linear(maximum: Int)
        /// ``ShaperKernel/outputTable(_:scale:)``.
        case output(scale: Double)
    }

    /// Tables built from curves, by curve key and kind, kept for the next transform or analysis with an
    /// equal curve (a 16-bit table takes ~65,000 curve evaluations, and a folder of images shares a few
    /// profiles, each image decoding its own copy). Bounded: cleared when it holds 64 tables (16 MiB).
    private static let tables = Locked<[String: [Float]]>([:])

    /// The table of `kind` for this curve, built once per distinct curve.
    func table(_ kind: TableKind) -> [Float] {
        let name = "\(kind) \(key)"
        if let table = Self.tables.withLock({ $0[name] }) { return table }
        let table: [Float] = switch kind {
        case .linear(let maximum): (0...maximum).map { Float(linearize(Double($0) / Double(maximum))) }
        case .output(let scale): ShaperKernel.outputTable(self, scale: scale)
        }
        Self.tables.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[name] = table
        }
        return table
    }
}

/// An RGB matrix/TRC profile as GamutKit's fast path sees it: a curve per channel and a matrix
/// from linear RGB to D50 PCS XYZ.
struct ShaperModel: Sendable {
    let curves: [ShaperCurve]
    let toXYZD50: Matrix3

    /// The exact model of a profile made from parameters: matrix from the primaries (Bradford-adapted to D50), exact curves.
    init(primaries: RGBPrimaries, transfer: TransferFunction) {
        let curve = ShaperCurve(transfer)
        curves = [curve, curve, curve]
        toXYZD50 = primaries.rgbToXYZD50
    }

    /// The model of a loaded RGB matrix/TRC profile, from the colorants and curves LittleCMS reads.
    init?(loadedFrom profile: LCMSProfile, info: ProfileInfo) {
        guard info.colorSpace == .rgb, info.isMatrixShaper else { return nil }
        let colorants = ProfileInspection.rgbColorantTags.compactMap { profile.xyzTag($0) }
        var curves: [ShaperCurve] = []
        for tag in ProfileInspection.rgbCurveTags {
            guard let raw = profile.toneCurve(tag) else { return nil }
            let key = ShaperCurve.keyOf(raw)
            if let same = curves.first(where: { $0.key == key }) {
                curves.append(same)
            } else {
                guard let curve = ShaperCurve(copying: raw) else { return nil }
                curves.append(curve)
            }
        }
        guard colorants.count == 3 else { return nil }
        self.curves = curves
        toXYZD50 = Matrix3(columns: [colorants[0].x, colorants[0].y, colorants[0].z],
                           [colorants[1].x, colorants[1].y, colorants[1].z],
                           [colorants[2].x, colorants[2].y, colorants[2].z])
    }
}

extension ShaperCurve {
    static func keyOf(_ curve: OpaquePointer) -> String {
        switch ProfileInspection.kind(of: curve) {
        case .parametric(let type, let parameters): "p\(type):\(parameters)"
        case .sampled:
            // By content, not address: tables are cached across profiles, and a freed curve's address is reused.
            { () -> String in
                let count = Int(cmsGetToneCurveEstimatedTableEntries(curve))
                guard count > 0, let values = cmsGetToneCurveEstimatedTable(curve) else { return "s-empty" }
                var hasher = Hasher()
                for i in 0..<count { hasher.combine(values[i]) }
                return "s\(count):\(hasher.finalize()):\(values[0]):\(values[count / 2]):\(values[count - 1])"
            }()
        }
    }
}
