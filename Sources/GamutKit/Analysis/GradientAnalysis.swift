/// A gradient defined by color stops.
public struct Gradient: Sendable {
    /// How colors between stops are computed.
    public enum Interpolation: String, Sendable, CaseIterable {
        /// Linearly in the profile's encoded values (what most design tools and CSS gradients do).
        case encoded
        /// Linearly in the profile's linear light.
        case linear
    }

    /// A stop: a position in 0…1 and a color as encoded components of the gradient's profile.
    public struct Stop: Sendable, Hashable {
        /// Where along the gradient, 0…1.
        public var position: Double
        /// The stop's color: encoded components of the gradient's profile, 0…1.
        public var components: [Double]
        /// Creates a stop.
        public init(position: Double, components: [Double]) {
            self.position = position
            self.components = components
        }
    }

    /// A name for people.
    public var name: String
    /// The profile the stops are in.
    public var profile: ColorProfile
    /// Two or more stops; sorted by position when analyzed.
    public var stops: [Stop]
    /// The interpolation space.
    public var interpolation: Interpolation

    /// Creates a gradient.
    public init(name: String, profile: ColorProfile, stops: [Stop], interpolation: Interpolation = .encoded) {
        self.name = name
        self.profile = profile
        self.stops = stops
        self.interpolation = interpolation
    }
}

/// What an sRGB (or other target) display does to a gradient.
public struct GradientReport: Sendable {
    /// A stretch of the ramp, by position (0…1).
    public struct Span: Sendable, Hashable {
        /// Where the span starts and ends, 0…1.
        public var start: Double, end: Double
        /// ΔE00 between the source colors at the ends.
        public var sourceDeltaE: Double
        /// ΔE00 between the shown colors at the ends.
        public var shownDeltaE: Double
        /// The span's length as a fraction of the ramp.
        public var length: Double { end - start }
    }

    /// Number of samples evaluated.
    public var samples: Int
    /// Fraction of samples out of gamut, 0…1.
    public var outOfGamutFraction: Double
    /// Out-of-gamut stretches of the ramp.
    public var outOfGamutSpans: [ClosedRange<Double>]
    /// The longest flattened span: shown colors step by less than ``AnalysisSettings/flatStep`` while the
    /// source changes by at least ``AnalysisSettings/flattenedSourceChange`` across it, the shown change
    /// is at most ``AnalysisSettings/collapseRatio`` of it, and the display drops at least
    /// ``AnalysisSettings/gradientMinimumLoss`` of the change. Nil when the ramp has none.
    public var longestFlattened: Span?
    /// The largest ΔE00 between a sample and its shown color, and where.
    public var worstDeltaE: Double, worstPosition: Double
    /// Every sample's evaluation, in order.
    public var evaluations: [ColorEvaluation]
}

/// Samples gradients and measures how they clip on the target display.
public enum GradientAnalysis {
    /// Analyzes `gradient` at `samples` evenly spaced positions (at least 2).
    /// - Throws: ``GamutError`` `.invalidArgument` for fewer than two stops or a stop whose component count
    ///   doesn't match the profile; `.unsupportedProfile` for linear interpolation in a profile GamutKit
    ///   can't linearize (not RGB matrix/TRC).
    public static func analyze(
        _ gradient: Gradient, samples: Int = 256, target: ColorProfile = .sRGB,
        settings: AnalysisSettings = .init()
    ) throws(GamutError) -> GradientReport {
        try settings.validate()
        let stops = gradient.stops.sorted { $0.position < $1.position }
        guard stops.count >= 2, samples >= 2 else {
            throw GamutError(.invalidArgument, "gradient '\(gradient.name)' needs at least two stops and two samples")
        }
        guard stops.allSatisfy({ $0.components.count == gradient.profile.channelCount }) else {
            throw GamutError(.invalidArgument, "gradient '\(gradient.name)': every stop needs \(gradient.profile.channelCount) components")
        }
        let curves = gradient.profile.shaper?.curves
        if gradient.interpolation == .linear && curves == nil {
            throw GamutError(.unsupportedProfile, "gradient '\(gradient.name)': linear interpolation needs an RGB matrix/TRC profile")
        }
        let simulation = try DisplaySimulation(
            source: gradient.profile, target: target, displayBitDepth: settings.displayBitDepth,
            tolerance: settings.gamutTolerance)
        let positions = (0..<samples).map { Double($0) / Double(samples - 1) }
        let evaluations = positions.map { t in simulation.evaluate(color(at: t, stops, gradient.interpolation, curves)) }

        // Out-of-gamut fraction and spans.
        var spans: [ClosedRange<Double>] = []
        var spanStart: Int?
        for (i, e) in evaluations.enumerated() {
            if e.isOutOfGamut, spanStart == nil { spanStart = i }
            if let s = spanStart, !e.isOutOfGamut || i == samples - 1 {
                spans.append(positions[s]...positions[e.isOutOfGamut ? i : i - 1])
                spanStart = nil
            }
        }
        let outside = evaluations.filter(\.isOutOfGamut).count

        // Longest flattened span: from each start, extend while every shown step stays flat.
        var best: GradientReport.Span?
        for i in 0..<(samples - 1) {
            var j = i
            var lastValid: Int?
            while j + 1 < samples,
                CIEDE2000.difference(evaluations[j].shownLab, evaluations[j + 1].shownLab) < settings.flatStep
            {
                j += 1
                let source = CIEDE2000.difference(evaluations[i].sourceLab, evaluations[j].sourceLab)
                let shown = CIEDE2000.difference(evaluations[i].shownLab, evaluations[j].shownLab)
                if source >= settings.flattenedSourceChange && shown <= settings.collapseRatio * source
                    && source - shown >= settings.gradientMinimumLoss
                {
                    lastValid = j
                }
            }
            if let end = lastValid, positions[end] - positions[i] > (best?.length ?? 0) {
                best = .init(
                    start: positions[i], end: positions[end],
                    sourceDeltaE: CIEDE2000.difference(evaluations[i].sourceLab, evaluations[end].sourceLab),
                    shownDeltaE: CIEDE2000.difference(evaluations[i].shownLab, evaluations[end].shownLab))
            }
        }
        let worst = evaluations.indices.max { evaluations[$0].deltaE < evaluations[$1].deltaE } ?? 0
        return GradientReport(
            samples: samples, outOfGamutFraction: Double(outside) / Double(samples), outOfGamutSpans: spans,
            longestFlattened: best, worstDeltaE: evaluations[worst].deltaE, worstPosition: positions[worst],
            evaluations: evaluations)
    }

    /// The encoded color at position `t`.
    static func color(at t: Double, _ stops: [Gradient.Stop], _ interpolation: Gradient.Interpolation, _ curves: [ShaperCurve]?) -> [Double]
    {
        let upper = stops.firstIndex { $0.position >= t } ?? stops.count - 1
        let lower = max(0, upper - 1)
        let a = stops[lower], b = stops[upper]
        let span = b.position - a.position
        let f = span > 0 ? min(max((t - a.position) / span, 0), 1) : (t >= b.position ? 1 : 0)
        return (0..<a.components.count).map { c in
            switch interpolation {
            case .encoded:
                return a.components[c] + (b.components[c] - a.components[c]) * f
            case .linear:
                let curve = curves![c]
                let linear = curve.linearize(a.components[c]) + (curve.linearize(b.components[c]) - curve.linearize(a.components[c])) * f
                return curve.encode(linear)
            }
        }
    }
}
