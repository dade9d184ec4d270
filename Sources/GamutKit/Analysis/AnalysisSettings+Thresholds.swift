extension AnalysisSettings {
    /// The display to check against: `explicit` when given (the CLI's `--target`, an API argument), else the
    /// settings' (a policy's) ``target``, else sRGB. The one place the target is decided.
    public func targetProfile(_ explicit: ColorProfile? = nil) -> ColorProfile {
        explicit ?? target.map(ColorProfile.builtIn) ?? .sRGB
    }
}

extension AnalysisSettings {
    /// One threshold of ``AnalysisSettings``: its name (in policy files, JSON reports and the CLI's options) and its one
    /// valid range. The policy file, the CLI's options, ``AnalysisSettings/set(_:to:)`` and
    /// ``AnalysisSettings/validate()`` all check values against this table.
    public struct Threshold: Sendable, Hashable {
        /// The name, which is the settings property's: `"visibleClip"`.
        public let name: String
        /// The smallest and largest valid values.
        public let minimum: Double, maximum: Double
        /// Whether `minimum` itself is excluded (the threshold must be above it) and likewise `maximum`.
        public let aboveMinimum: Bool, belowMaximum: Bool
        /// Whether only whole numbers are valid (the property is an `Int`).
        public let isCount: Bool
        let get: @Sendable (AnalysisSettings) -> Double
        let set: @Sendable (inout AnalysisSettings, Double) -> Void

        /// Whether `value` is valid for this threshold.
        public func accepts(_ value: Double) -> Bool {
            value.isFinite && (aboveMinimum ? value > minimum : value >= minimum) && (belowMaximum ? value < maximum : value <= maximum)
                && (!isCount || value == value.rounded())
        }

        /// The valid range for people: "1 to 8 (whole numbers)", "above 0 to 100", "0 to below 0.1".
        public var rangeDescription: String {
            func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
            let low = aboveMinimum ? "above \(number(minimum))" : number(minimum)
            let high = belowMaximum ? "below \(number(maximum))" : number(maximum)
            return "\(low) to \(high)" + (isCount ? " (whole numbers)" : "")
        }

        /// The threshold's value in `settings` (a count as a whole number).
        public func value(in settings: AnalysisSettings) -> Double { get(settings) }

        public static func == (a: Threshold, b: Threshold) -> Bool { a.name == b.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }

        static func real(
            _ name: String, _ range: ClosedRange<Double>, above: Bool = false, below: Bool = false,
            _ path: WritableKeyPath<AnalysisSettings, Double> & Sendable
        ) -> Threshold {
            Threshold(
                name: name, minimum: range.lowerBound, maximum: range.upperBound, aboveMinimum: above, belowMaximum: below,
                isCount: false, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
        }

        static func count(_ name: String, _ range: ClosedRange<Int>, _ path: WritableKeyPath<AnalysisSettings, Int> & Sendable) -> Threshold
        {
            Threshold(
                name: name, minimum: Double(range.lowerBound), maximum: Double(range.upperBound), aboveMinimum: false,
                belowMaximum: false, isCount: true, get: { Double($0[keyPath: path]) }, set: { $0[keyPath: path] = Int($1) })
        }
    }

    /// Every threshold, with its one valid range.
    public static let thresholds: [Threshold] = [
        .count("displayBitDepth", 1...8, \.displayBitDepth),
        .real("gamutTolerance", 0...0.1, below: true, \.gamutTolerance),
        .real("visibleClip", 0...100, above: true, \.visibleClip),
        .count("visibleClipMinimumPixels", 1...Int(Int32.max), \.visibleClipMinimumPixels),
        .real("visibleHueShift", 0...1, above: true, \.visibleHueShift),
        .real("collapseSource", 0...100, above: true, \.collapseSource),
        .real("collapseShown", 0...100, above: true, \.collapseShown),
        .real("collapseRatio", 0...1, above: true, \.collapseRatio),
        .count("collapseMinimumPixels", 1...Int(Int32.max), \.collapseMinimumPixels),
        .real("collapseMinimumArea", 0...1, \.collapseMinimumArea),
        .real("collapseMaximumEdgeFraction", 0...1, \.collapseMaximumEdgeFraction),
        .real("flatStep", 0...100, above: true, \.flatStep),
        .real("flattenedSourceChange", 0...100, above: true, \.flattenedSourceChange),
        .real("gradientMinimumLoss", 0...100, \.gradientMinimumLoss),
        .count("gradientMinimumLength", 2...65535, \.gradientMinimumLength),
        .count("gradientMinimumSteps", 1...65535, \.gradientMinimumSteps),
        .count("gradientMinimumLines", 1...65535, \.gradientMinimumLines),
        .real("gradientMaximumStepFraction", 0...1, above: true, \.gradientMaximumStepFraction),
        .real("bandingStep", 0...100, above: true, \.bandingStep),
        .count("bandingMinimumWidth", 1...65535, \.bandingMinimumWidth),
        .real("sameColor", 0...100, above: true, \.sameColor),
        .real("cvdSeparation", 0...100, above: true, \.cvdSeparation),
        .count("maximumFindingsPerRule", 1...1_000_000, \.maximumFindingsPerRule),
    ]

    /// The threshold names a policy file may set.
    public static var thresholdNames: [String] { thresholds.map(\.name) }

    /// The threshold with this name, as a policy file writes it.
    public static func threshold(named name: String) -> Threshold? { thresholds.first { $0.name == name } }

    /// Sets the threshold named `name` (as in a policy file's `thresholds`), checked against its range.
    /// - Throws: ``GamutError`` `.invalidArgument` when the name is unknown or the value out of range, naming the valid
    ///   names or range; then nothing changes.
    public mutating func set(_ name: String, to value: Double) throws(GamutError) {
        guard let threshold = Self.threshold(named: name) else {
            throw GamutError(.invalidArgument, "unknown threshold \"\(name)\" (known: \(Self.thresholdNames.joined(separator: ", ")))")
        }
        guard threshold.accepts(value) else {
            throw GamutError(.invalidArgument, Self.outOfRange(threshold, value))
        }
        threshold.set(&self, value)
    }

    /// Checks every threshold against its range. The analyses call it before they start, so settings changed
    /// property by property are checked once, in one place.
    /// - Throws: ``GamutError`` `.invalidArgument` naming the first threshold out of range and its valid range.
    public func validate() throws(GamutError) {
        for threshold in Self.thresholds where !threshold.accepts(threshold.get(self)) {
            throw GamutError(.invalidArgument, Self.outOfRange(threshold, threshold.get(self)))
        }
    }

    private static func outOfRange(_ threshold: Threshold, _ value: Double) -> String {
        "threshold \"\(threshold.name)\" is out of range: \(value) (valid: \(threshold.rangeDescription))"
    }
}
