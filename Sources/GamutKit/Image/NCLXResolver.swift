/// Turns ITU-T H.273 code points (a HEIF/AVIF `nclx` box) into a ``ColorProfile``, as ``ColorResolver`` does a
/// PNG's `cICP`; the rules are documented on ``HEIF``.
enum NCLXResolver {
    static func profile(_ nclx: NCLXColor, warnings: inout [String]) throws(GamutError) -> ColorProfile {
        // Unspecified (2) stands for sRGB's primaries and curve.
        let primaries = nclx.primaries == 2 ? 1 : nclx.primaries
        var transferCode = nclx.transfer == 2 ? 13 : nclx.transfer
        if [1, 6, 14, 15].contains(transferCode) {
            warnings.append("nclx transfer characteristics \(nclx.transfer) (BT.709 family) read as sRGB's curve")
            transferCode = 13
        }
        if let builtIn = ColorResolver.builtIn(primaries: primaries, transfer: transferCode) {
            return .builtIn(builtIn)
        }
        let transfer: TransferFunction
        switch transferCode {
        case 13: transfer = .sRGB
        case 8: transfer = .linear
        case 4: transfer = .gamma(2.2)
        case 5: transfer = .gamma(2.8)
        default:
            warnings.append("nclx transfer characteristics \(nclx.transfer) (PQ, HLG or another curve) are not supported; read as sRGB")
            return .sRGB
        }
        guard let chromaticities = primaries == 1 ? RGBPrimaries.sRGB : nclx.chromaticities else {
            warnings.append("nclx colour primaries \(nclx.primaries) are unknown; read as sRGB's")
            return try ColorProfile(primaries: .sRGB, transfer: transfer, description: "HEIF nclx 1/\(nclx.transfer)")
        }
        return try ColorProfile(primaries: chromaticities, transfer: transfer, description: "HEIF nclx \(nclx.primaries)/\(nclx.transfer)")
    }
}
