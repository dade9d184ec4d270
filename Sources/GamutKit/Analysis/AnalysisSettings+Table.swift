extension AnalysisSettings {
    /// The display to check against: `explicit` when given (the CLI's `--target`, an API argument), else the
    /// settings' (a policy's) ``target``, else sRGB. The one place the target is decided.
    package func targetProfile(_ explicit: ColorProfile? = nil) -> ColorProfile {
        explicit ?? target.map(ColorProfile.builtIn) ?? .sRGB
    }
}

extension AnalysisSettings {
    /// One threshold: its name (in policy files and JSON reports), its valid range, and how to read and set it. The
    /// policy file, the CLI's threshold options and ``AnalysisSettings/setThreshold(_:_:)`` all validate through
    /// this one table.
    package struct Threshold: Sendable {
        package let name: String
        /// The smallest and largest valid values.
        package let minimum: Double, maximum: Double
        /// Whether `minimum` itself is excluded (the threshold must be above it) and likewise `maximum`.
        package let aboveMinimum: Bool, belowMaximum: Bool
        /// Whether only whole numbers are valid.
        package let isCount: Bool
        let get: @Sendable (AnalysisSettings) -> Double
        let set: @Sendable (inout AnalysisSettings, Double) -> Void

        /// Whether `value` is valid for this threshold.
        package func accepts(_ value: Double) -> Bool {
            value.isFinite && (aboveMinimum ? value > minimum : value >= minimum) && (belowMaximum ? value < maximum : value <= maximum)
                && (!isCount || value == value.rounded())
        }

        /// The valid range for people: "1…8 (whole numbers)", "above 0, up to 100", "0 up to (not including) 0.1".
        package var rangeDescription: String {
            func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
            let low = aboveMinimum ? "above \(number(minimum))" : number(minimum)
            let high = belowMaximum ? "below \(number(maximum))" : number(maximum)
            return "\(low) to \(high)" + (isCount ? " (whole numbers)" : "")
        }

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
    package static let thresholds: [Threshold] = [
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
        .real("sameColor", 0...100, above: true, \.sameColor),
        .real("cvdSeparation", 0...100, above: true, \.cvdSeparation),
        .count("maximumFindingsPerRule", 1...1_000_000, \.maximumFindingsPerRule),
    ]

    /// The threshold names a policy file may set.
    package static var thresholdNames: [String] { thresholds.map(\.name) }

    /// Sets a threshold by name (as in a policy file's `thresholds`); returns a message when the name is unknown or the
    /// value outside the threshold's range, and then changes nothing.
    package mutating func setThreshold(_ name: String, _ value: Double) -> String? {
        guard let threshold = Self.thresholds.first(where: { $0.name == name }) else {
            return "unknown threshold \"\(name)\" (known: \(Self.thresholdNames.joined(separator: ", ")))"
        }
        guard threshold.accepts(value) else {
            return "threshold \"\(name)\" is out of range: \(value) (valid: \(threshold.rangeDescription))"
        }
        threshold.set(&self, value)
        return nil
    }
}
