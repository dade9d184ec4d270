/// Turns ITU-T H.273 code points, from a PNG's `cICP` chunk or a HEIF/AVIF `nclx` box, into a ``ColorProfile``: one
/// rule for both formats.
///
/// - Primaries 1 and transfer 13 are GamutKit's exact ``ColorProfile/sRGB``, 12 and 13 its exact
///   ``ColorProfile/displayP3``. Unspecified (2) stands for sRGB's primaries and curve.
/// - Other primaries take their chromaticities from H.273's table 2 (``primaries(_:)``); with transfer 13 (sRGB),
///   8 (linear), 4 (gamma 2.2) or 5 (gamma 2.8) they become a matrix/TRC profile.
/// - The BT.709 family of transfers (1, 6, 14, 15), defined for cameras rather than displays, is read with sRGB's
///   curve, with a warning.
/// - HDR transfers, PQ (16) and HLG (18), keep their primaries and are read as their SDR rendition
///   (``TransferFunction/perceptualQuantizerSDR``, ``TransferFunction/hybridLogGammaSDR``), with a warning saying the
///   analysis is of that rendition.
/// - Any other transfer is read as sRGB's curve, and unknown primaries as sRGB's, with a warning.
enum H273Resolver {
    /// The profile for `primaries`/`transfer`; `chromaticities` are a decoder's own for the primaries (libheif's),
    /// used when H.273's table has none. `format` names the signalling in warnings ("cICP", "nclx").
    static func profile(
        primaries code: Int, transfer transferCode: Int, chromaticities: RGBPrimaries? = nil, isGray: Bool = false,
        format: String, warnings: inout [String]
    ) throws(GamutError) -> ColorProfile {
        let primaryCode = code == 2 ? 1 : code
        var transferCode = transferCode == 2 ? 13 : transferCode
        if [1, 6, 14, 15].contains(transferCode) {
            warnings.append("\(format) transfer characteristics \(transferCode) (BT.709 family) read as sRGB's curve")
            transferCode = 13
        }
        let transfer: TransferFunction
        switch transferCode {
        case 13: transfer = .sRGB
        case 8: transfer = .linear
        case 4: transfer = .gamma(2.2)
        case 5: transfer = .gamma(2.8)
        case 16, 18:
            transfer = transferCode == 16 ? .perceptualQuantizerSDR : .hybridLogGammaSDR
            warnings.append(
                "\(format) transfer characteristics \(transferCode) (\(transferCode == 16 ? "PQ" : "HLG"), HDR): analyzed as its "
                    + "SDR rendition (ITU-R BT.2408: 203 cd/m² reference white shown as SDR white, brighter parts clipped)")
        default:
            warnings.append("\(format) transfer characteristics \(transferCode) are not supported; read as sRGB's curve")
            transfer = .sRGB
        }
        if isGray {
            return transfer == .sRGB
                ? .graySRGB : try ColorProfile(grayTransfer: transfer, description: "\(format) \(code)/\(transferCode)")
        }
        switch (primaryCode, transfer) {
        case (1, .sRGB): return .sRGB
        case (12, .sRGB): return .displayP3
        default: break
        }
        guard let chromaticities = primaries(primaryCode) ?? chromaticities else {
            warnings.append("\(format) colour primaries \(code) are unknown; read as sRGB's")
            return try ColorProfile(primaries: .sRGB, transfer: transfer, description: "\(format) 1/\(transferCode)")
        }
        return try ColorProfile(primaries: chromaticities, transfer: transfer, description: "\(format) \(primaryCode)/\(transferCode)")
    }

    /// The chromaticities of H.273's ColourPrimaries code points (table 2) that name RGB primaries, nil for the others.
    static func primaries(_ code: Int) -> RGBPrimaries? {
        func p(_ r: (Double, Double), _ g: (Double, Double), _ b: (Double, Double), _ w: (Double, Double)) -> RGBPrimaries {
            RGBPrimaries(
                red: .init(x: r.0, y: r.1), green: .init(x: g.0, y: g.1), blue: .init(x: b.0, y: b.1), white: .init(x: w.0, y: w.1))
        }
        let d65 = (0.3127, 0.3290), illuminantC = (0.310, 0.316)
        return switch code {
        case 1: .sRGB
        case 4: p((0.67, 0.33), (0.21, 0.71), (0.14, 0.08), illuminantC)
        case 5: p((0.64, 0.33), (0.29, 0.60), (0.15, 0.06), d65)
        case 6, 7: p((0.630, 0.340), (0.310, 0.595), (0.155, 0.070), d65)
        case 8: p((0.681, 0.319), (0.243, 0.692), (0.145, 0.049), illuminantC)
        case 9: p((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), d65)
        case 11: p((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.314, 0.351))
        case 12: .displayP3
        case 22: p((0.630, 0.340), (0.295, 0.605), (0.155, 0.077), d65)
        default: nil
        }
    }
}
