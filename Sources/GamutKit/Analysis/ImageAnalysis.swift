/// A rectangle of pixels: `x`, `y` of the top-left corner, `width`, `height`.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Top-left corner and size, in pixels.
    public var x: Int, y: Int, width: Int, height: Int
    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// Whether `other` lies inside this rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
    /// The area shared with `other`, in pixels.
    public func intersectionArea(_ other: PixelRect) -> Int {
        let w = min(x + width, other.x + other.width) - max(x, other.x)
        let h = min(y + height, other.y + other.height) - max(y, other.y)
        return w > 0 && h > 0 ? w * h : 0
    }
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// One pixel of an image as the target display shows it.
public struct PixelSample: Sendable, Hashable, Codable {
    /// Position.
    public var x: Int, y: Int
    /// The source color: encoded components, 0…1.
    public var source: [Double]
    /// The display codes shown.
    public var shown: [Int]
    /// ΔE00 between source and shown.
    public var deltaE: Double
}

/// Source colors that can be told apart but are shown as one display color (or as display colors
/// closer than ``AnalysisSettings/collapseShown``).
public struct ImageCollapseGroup: Sendable, Hashable, Codable {
    /// The display codes the first and the second color are shown as (equal when shown identically).
    public var firstShown: [Int], secondShown: [Int]
    /// Pixels shown as either display color.
    public var pixelCount: Int
    /// Where they are.
    public var bounds: PixelRect
    /// The two most different source colors (encoded components) and how many pixels each covers.
    public var first: [Double], second: [Double]
    /// Pixels of each of the two source colors (within 1 ΔE76 of it).
    public var firstPixels: Int, secondPixels: Int
    /// ΔE00 between those two source colors.
    public var sourceDeltaE: Double
    /// ΔE00 between the two shown colors.
    public var shownDeltaE: Double
    /// How many display colors the cluster of collapsing colors spans.
    public var displayColors: Int
    /// Flattened gradient regions along the boundaries between these colors (an antialiased or soft edge of a shape
    /// that vanishes): part of this collapse, and reported with it rather than as gradients.
    public var flattenedEdges = 0
    /// The two source colors' Lab (D50), in the same order.
    public var firstLab = Lab(l: 0, a: 0, b: 0), secondLab = Lab(l: 0, a: 0, b: 0)
}

/// A region where smooth gradients (along rows or columns) are flattened by clipping.
public struct ClippingGradientRegion: Sendable, Hashable, Codable {
    /// Rows (gradients run left–right) or columns (top–bottom).
    public enum Direction: String, Sendable, Hashable, Codable {
        /// The flattened runs go along rows (left to right).
        case rows
        /// The flattened runs go along columns (top to bottom).
        case columns
    }
    /// Whether the flattened gradients run along rows or columns.
    public var direction: Direction
    /// The region's bounds.
    public var bounds: PixelRect
    /// Flattened runs merged into the region.
    public var runs: Int
    /// The longest run, in pixels.
    public var longestRun: Int
    /// The largest ΔE00 between the source colors at a run's ends (how much the gradient changes there).
    public var sourceDeltaE: Double
    /// The largest ΔE00 between the shown colors at a run's ends (how little the display shows of it).
    public var shownDeltaE: Double
    /// The largest ΔE00 between a pixel of the region's runs and its shown color, and where.
    public var worstDeltaE: Double, worstX: Int, worstY: Int
    /// The source colors at the ends of the longest run: a soft edge between two collapsing colors starts and ends on them.
    public var ends: [Lab] = []

    /// Takes `other` into this region: bounds joined, runs added, the larger changes, the longer run's ends, the worse pixel.
    mutating func absorb(_ other: ClippingGradientRegion) {
        bounds = bounds.union(other.bounds)
        runs += other.runs
        if other.longestRun > longestRun { (longestRun, ends) = (other.longestRun, other.ends) }
        sourceDeltaE = max(sourceDeltaE, other.sourceDeltaE)
        shownDeltaE = max(shownDeltaE, other.shownDeltaE)
        if other.worstDeltaE > worstDeltaE { (worstDeltaE, worstX, worstY) = (other.worstDeltaE, other.worstX, other.worstY) }
    }
}

/// What a target display does to one image.
public struct ImageAnalysis: Sendable, Hashable, Codable {
    /// Image size.
    public var width: Int, height: Int
    /// The image's profile name.
    public var sourceProfile: String
    /// The target display's profile name.
    public var targetProfile: String
    /// Pixels counted (alpha > 0).
    public var countedPixels: Int
    /// Counted pixels outside the target gamut.
    public var outOfGamutPixels: Int
    /// Counted pixels whose shown color is ≥ ``AnalysisSettings/visibleClip`` ΔE00 from the source.
    public var visiblyClippedPixels: Int
    /// Of the visibly clipped pixels, those whose hue is turned by at least ``AnalysisSettings/visibleHueShift`` (ΔH in
    /// OKLab), counted by source color cell of 1 ΔE76: what clipping changes beyond the chroma a gamut map gives up.
    public var hueShiftedPixels = 0
    /// The largest hue turn (ΔH in OKLab) of a visibly clipped color.
    public var maximumHueShift = 0.0
    /// ΔE00 between source and shown, over out-of-gamut pixels (0 when none): maximum, mean, 95th percentile.
    public var maxDeltaE: Double, meanDeltaE: Double, p95DeltaE: Double
    /// The pixel with the largest ΔE00, when any is out of gamut.
    public var worst: PixelSample?
    /// The bounds of the visibly clipped pixels, when there are any.
    public var visiblyClippedBounds: PixelRect?
    /// Groups of distinguishable source colors shown as one color, largest first.
    public var collapseGroups: [ImageCollapseGroup]
    /// Regions of flattened gradients, largest first.
    public var clippingGradients: [ClippingGradientRegion]

    /// Percentage of counted pixels out of gamut.
    public var outOfGamutPercent: Double { countedPixels == 0 ? 0 : 100 * Double(outOfGamutPixels) / Double(countedPixels) }
    /// Percentage of counted pixels visibly clipped.
    public var visiblyClippedPercent: Double { countedPixels == 0 ? 0 : 100 * Double(visiblyClippedPixels) / Double(countedPixels) }
}
