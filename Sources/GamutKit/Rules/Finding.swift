/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Worth knowing; nothing to fix.
    case info
    /// Probably visible to people; fix or accept.
    case warning
    /// Visible loss of information; fix before shipping.
    case error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (l: Severity, r: Severity) -> Bool { l.rank < r.rank }
}

/// Where a finding is.
public struct FindingLocation: Sendable, Hashable, Codable {
    /// The file (as given on the command line or to the API).
    public var file: String
    /// The pixel rectangle, for images.
    public var region: PixelRect?
    /// The color's name, for lists of colors.
    public var colorName: String?
    /// The position along a gradient, 0…1.
    public var rampPosition: Double?
    /// The 1-based line in the file (asset catalog `Contents.json` files and configuration files).
    public var line: Int?
    /// The JSON key path inside the file, like `colors[1].color.components.red`.
    public var keyPath: String?
    /// The asset's name in its catalog (namespaced folders included, like `Brand/Accent`).
    public var asset: String?
    /// Every file the finding stands for, when one finding reports a problem several files share (the sizes of an
    /// image set or app icon); ``file`` is the one its numbers and region come from. Nil for one file.
    public var files: [String]?

    /// Creates a location.
    public init(
        file: String, region: PixelRect? = nil, colorName: String? = nil, rampPosition: Double? = nil,
        line: Int? = nil, keyPath: String? = nil, asset: String? = nil
    ) {
        self.file = file
        self.region = region
        self.colorName = colorName
        self.rampPosition = rampPosition
        self.line = line
        self.keyPath = keyPath
        self.asset = asset
    }

    /// `file:line` when the line is known, else the file.
    public var fileAndLine: String { line.map { "\(file):\($0)" } ?? file }
}

/// One thing the analyzer found: data, formatted only by the renderers.
public struct Finding: Sendable, Hashable, Codable {
    /// The rule that produced it (see `Rules`).
    public var ruleID: RuleID
    /// How serious it is.
    public var severity: Severity
    /// Where it is.
    public var location: FindingLocation
    /// One sentence for people.
    public var message: String
    /// What was measured (ΔE00 values, percentages, pixel counts), by name.
    public var values: [String: Double]
    /// What to do about it.
    public var fixHint: String
    /// Colors to show beside the message (the HTML report draws them; JSON lists them).
    public var swatches: [Swatch]
    /// Whether the finding is advice: what was measured loses nothing a team would change this release (a clipped color
    /// that keeps its hue, an asset of a catalog that doesn't ship). Policies leave advisory findings out unless
    /// `"advisory": true`, the CLI's `--advisory`, or a severity for the rule turns them on (``GamutPolicy/showsAdvisory``).
    public var isAdvisory = false

    /// Creates a finding.
    public init(
        ruleID: RuleID, severity: Severity, location: FindingLocation, message: String,
        values: [String: Double] = [:], fixHint: String, swatches: [Swatch] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
        self.values = values
        self.fixHint = fixHint
        self.swatches = swatches
    }

    private enum CodingKeys: String, CodingKey {
        case ruleID, severity, location, message, values, fixHint, swatches, isAdvisory
    }

    /// Decodes a finding; one written before ``isAdvisory`` existed is not advice.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ruleID = try c.decode(RuleID.self, forKey: .ruleID)
        severity = try c.decode(Severity.self, forKey: .severity)
        location = try c.decode(FindingLocation.self, forKey: .location)
        message = try c.decode(String.self, forKey: .message)
        values = try c.decode([String: Double].self, forKey: .values)
        fixHint = try c.decode(String.self, forKey: .fixHint)
        swatches = try c.decode([Swatch].self, forKey: .swatches)
        isAdvisory = try c.decodeIfPresent(Bool.self, forKey: .isAdvisory) ?? false
    }

    /// The finding as advice: at info, and left out unless advisory findings are turned on.
    public func advisory() -> Finding {
        var finding = self
        finding.isAdvisory = true
        finding.severity = .info
        return finding
    }
}

/// Colors that illustrate a finding, as CSS colors (`color(display-p3 0.1 0.9 0.2)`, `#1FA34C`).
public struct Swatch: Sendable, Hashable, Codable {
    /// What the colors are.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The authored color, then what the target display shows.
        case sourceAndShown = "source-and-shown"
        /// A foreground, then the background it sits on (drawn as text on the background).
        case contrast
        /// Two colors as seen with a simulated color-vision deficiency.
        case simulation
    }

    /// What the colors are.
    public var kind: Kind
    /// A caption ("dark, on sRGB displays: 4.21:1").
    public var label: String
    /// The colors, as CSS.
    public var colors: [String]

    /// Creates a swatch.
    public init(kind: Kind, label: String, colors: [String]) {
        self.kind = kind
        self.label = label
        self.colors = colors
    }
}
