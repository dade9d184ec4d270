#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif

/// A private copy of a profile's tone curve and its inverse (as LittleCMS itself inverts it for output).
///
/// Sendable: both curves are owned here and only read (`cmsEvalToneCurveFloat`) after init.
final class LCMSToneCurve: Sendable {
    nonisolated(unsafe) private let forward: OpaquePointer
    nonisolated(unsafe) private let inverse: OpaquePointer
    /// Equal for curves with equal content (see ``key(of:)``).
    let key: String

    /// Copies `curve` (owned by a profile) and builds its inverse, or returns nil when LittleCMS can't.
    private init?(copying curve: OpaquePointer) {
        guard let forward = cmsDupToneCurve(curve) else { return nil }
        guard let inverse = cmsReverseToneCurve(forward) else {
            cmsFreeToneCurve(forward)
            return nil
        }
        self.forward = forward
        self.inverse = inverse
        key = Self.key(of: curve)
    }

    deinit {
        cmsFreeToneCurve(forward)
        cmsFreeToneCurve(inverse)
    }

    /// Encoded → linear light.
    func evaluate(_ v: Double) -> Double { Double(cmsEvalToneCurveFloat(forward, Float(v))) }

    /// Linear light → encoded.
    func evaluateInverse(_ v: Double) -> Double { Double(cmsEvalToneCurveFloat(inverse, Float(v))) }

    /// The red, green and blue curves of an RGB profile, curves with equal content shared, or nil when one is
    /// missing or can't be inverted.
    static func rgbCurves(of profile: LCMSProfile) -> [LCMSToneCurve]? {
        var curves: [LCMSToneCurve] = []
        for tag in ProfileInspection.rgbCurveTags {
            guard let raw = profile.toneCurve(tag) else { return nil }
            let key = key(of: raw)
            if let same = curves.first(where: { $0.key == key }) {
                curves.append(same)
            } else {
                guard let curve = LCMSToneCurve(copying: raw) else { return nil }
                curves.append(curve)
            }
        }
        return curves
    }

    /// A key equal for curves with equal content: parametric type and parameters, or a hash of the sampled table.
    static func key(of curve: OpaquePointer) -> String {
        switch ProfileInspection.kind(of: curve) {
        case .parametric(let type, let parameters): return "p\(type):\(parameters)"
        case .sampled:
            // By content, not address: tables are cached across profiles, and a freed curve's address is reused.
            let count = Int(cmsGetToneCurveEstimatedTableEntries(curve))
            guard count > 0, let values = cmsGetToneCurveEstimatedTable(curve) else { return "s-empty" }
            var hasher = Hasher()
            for i in 0..<count { hasher.combine(values[i]) }
            return "s\(count):\(hasher.finalize()):\(values[0]):\(values[count / 2]):\(values[count - 1])"
        }
    }
}

extension LCMSProfile {
    /// The red, green and blue colorants (D50 XYZ) of an RGB profile; fewer when tags are missing.
    var rgbColorants: [XYZ] { ProfileInspection.rgbColorantTags.compactMap { xyzTag($0) } }
}
