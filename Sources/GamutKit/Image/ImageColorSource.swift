/// Where an image's color meaning came from, in PNG's order of precedence.
public enum ImageColorSource: Sendable, Hashable {
    /// A `cICP` chunk (PNG 3rd edition) with these ITU-T H.273 code points. GamutKit uses its exact
    /// built-ins for sRGB (primaries 1, transfer 13) and Display P3 (12, 13); other primaries and curves become a
    /// matrix/TRC profile, and PQ and HLG their SDR rendition (see ``TransferFunction/perceptualQuantizerSDR``).
    case cicp(primaries: Int, transfer: Int)
    /// An ISO/IEC 23008-12 `colr` box of type `nclx` (HEIF, AVIF) with these ITU-T H.273 code points, resolved as
    /// ``cicp(primaries:transfer:)`` is.
    case nclx(primaries: Int, transfer: Int)
    /// An embedded ICC profile (`iCCP` in PNG, `ICCP` in WebP, a `colr` box of type `prof` in HEIF) with this name.
    case iccp(name: String)
    /// An `sRGB` chunk with this rendering intent (0–3).
    case srgbChunk(intent: Int)
    /// `gAMA` and/or `cHRM` chunks; sRGB's values stand in for whichever is missing.
    case gammaAndChromaticities(gamma: Double?, primaries: RGBPrimaries?)
    /// No color information: treated as sRGB, as browsers and the HIG do.
    case untagged

    /// Whether the file says what its colors mean.
    public var isTagged: Bool { self != .untagged }
}
