/// One channel's tone curve, evaluated in double precision for building lookup tables.
final class ShaperCurve: Sendable {
    private enum Source {
        case exact(TransferFunction)
        /// A profile's curve and its inverse, as LittleCMS evaluates them.
        case lcms(LCMSToneCurve)
    }

    private let source: Source
    /// Curves with equal keys are equal, so their tables can be shared.
    let key: String

    init(_ function: TransferFunction) {
        source = .exact(function)
        key = "\(function)"
    }

    init(_ curve: LCMSToneCurve) {
        source = .lcms(curve)
        key = curve.key
    }

    /// Where the curve's values come from, the same from one run to the next: the exact function, or the profile's own
    /// curve as LittleCMS reads it (whose content is the profile's bytes). Unlike `key`, never a per-process hash.
    var origin: String {
        switch source {
        case .exact(let f): "exact \(f)"
        case .lcms: "read from the profile"
        }
    }

    /// Encoded (0…1) → linear light; negative values mirrored about zero (see ``FloatShaperKernel``).
    func linearize(_ v: Double) -> Double {
        switch source {
        case .exact(let f): f.linearize(v)
        case .lcms(let curve): v < 0 ? -curve.evaluate(-v) : curve.evaluate(v)
        }
    }

    /// Linear light (0…1) → encoded; negative values mirrored about zero.
    func encode(_ v: Double) -> Double {
        switch source {
        case .exact(let f): f.encode(v)
        case .lcms(let curve): v < 0 ? -curve.evaluateInverse(-v) : curve.evaluateInverse(v)
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
        let table: [Float] =
            switch kind {
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
        let colorants = profile.rgbColorants
        guard let loaded = LCMSToneCurve.rgbCurves(of: profile) else { return nil }
        let curves = loaded.map(ShaperCurve.init)
        guard colorants.count == 3 else { return nil }
        self.curves = curves
        toXYZD50 = Matrix3(
            columns: [colorants[0].x, colorants[0].y, colorants[0].z],
            [colorants[1].x, colorants[1].y, colorants[1].z],
            [colorants[2].x, colorants[2].y, colorants[2].z])
    }
}
