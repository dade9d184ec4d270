/// Visible bands in an 8-bit image's smooth ramps: flat bands, each a step of lightness from the next that the eye
/// resolves as an edge. One-code steps of 8 bits stay under the default ``AnalysisSettings/bandingStep``: what bands is
/// a ramp with fewer levels than its span needs, such as a palette optimizer's output without dither or an export at
/// reduced levels, whose steps are still small (coarser steps, beyond ``AnalysisSettings/gradientMaximumStepFraction``,
/// are stripes or swatches drawn so, not a ramp). Apple's build dithers a 16-bit master to 8 bits; it can't dither
/// bands already in the file.
///
/// Measured by ``ImageAnalyzer/banding(in:settings:)``: along rows and columns, a ramp is a staircase of flat runs whose
/// channels change by at most ``AnalysisSettings/gradientMaximumStepFraction`` of full scale from one run to the next,
/// always in the same direction. A *band edge* is the step between two runs of at least
/// ``AnalysisSettings/bandingMinimumWidth`` pixels, within that limit of each other, whose lightness differs by at least
/// ``AnalysisSettings/bandingStep`` (the lightness part of ΔE00). A line bands when its ramp has
/// ``AnalysisSettings/gradientMinimumSteps`` such edges, and banding is an area: lines that band, overlap and neighbor
/// each other over at least ``AnalysisSettings/gradientMinimumLines`` lines. Flat art, antialiased edges, dithered or
/// noisy pixels (photos) hold no staircase of wide bands.
public struct Banding: Sendable, Hashable, Codable {
    /// Whether the bands follow one another along rows (a left–right ramp) or down columns.
    public var direction: ClippingGradientRegion.Direction
    /// The largest banded region.
    public var region: PixelRect
    /// Its lines that band (rows or columns).
    public var lines: Int
    /// The most band edges along one of its lines.
    public var edges: Int
    /// The largest and the median lightness step (ΔE00's lightness part, D50) of the band edges in the region.
    public var largestStep: Double, medianStep: Double
    /// The narrowest band next to a counted edge, in pixels.
    public var narrowestBand: Int
    /// How many banded regions the image has along this one's direction, this one included.
    public var regions: Int
}

extension ImageAnalyzer {
    /// Measures banding in an 8-bit RGB image (see ``Banding``), in the image's own colors: nil when there is none, and
    /// for images of other sample sizes or layouts. Transparent pixels (alpha 0) end a ramp.
    /// - Throws: ``GamutError`` `.invalidArgument` when the settings are out of range, or when the image's profile can't
    ///   be read into colors.
    public static func banding(in image: Image, settings: AnalysisSettings = .init()) throws(GamutError) -> Banding? {
        try settings.validate()
        let format = image.pixels.format
        guard format.sample == .uint8, format.colorChannelCount == 3, image.width > 0, image.height > 0 else { return nil }
        let simulation = try DisplaySimulation(source: image.profile)
        return BandingScan(image: image, settings: settings) { code in
            let encoded = [code & 0xFF, code >> 8 & 0xFF, code >> 16 & 0xFF].map { Double($0) / 255 }
            let xyz = simulation.sourceXYZ(encoded)
            return Lab(xyzD50: xyz)
        }.measure()
    }
}
