import Foundation

/// A transfer function (tone curve) between encoded values and linear light, both in 0…1.
public enum TransferFunction: Sendable, Hashable, Codable {
    /// The IEC 61966-2-1 sRGB curve: linear below 0.04045 (slope 1/12.92), exponent 2.4 above.
    /// Display P3 uses the same curve.
    case sRGB
    /// A pure power curve: linear = encoded^γ.
    case gamma(Double)
    /// The identity: encoded values are linear light.
    case linear
    /// SMPTE ST 2084 (PQ, ITU-T H.273 transfer 16) rendered for an SDR display by ITU-R BT.2408's rule: the
    /// signal's absolute luminance over the 203 cd/m² reference white, brighter clipped to SDR white (linear 1).
    /// What GamutKit analyzes of an HDR file; not an HDR curve (its inverse holds up to SDR white only).
    case perceptualQuantizerSDR
    /// ITU-R BT.2100 HLG (H.273 transfer 18) shown on a 1000 cd/m² display (system gamma 1.2, applied per channel)
    /// and rendered for SDR as ``perceptualQuantizerSDR`` is: 203 cd/m² (signal 0.75) is SDR white, brighter clipped.
    case hybridLogGammaSDR

    /// Encoded → linear. Values outside 0…1 are extended by odd symmetry (as CSS Color 4 does).
    public func linearize(_ v: Double) -> Double {
        let a = abs(v)
        let r: Double
        switch self {
        case .sRGB: r = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        case .gamma(let g): r = pow(a, g)
        case .linear: r = a
        // The HDR signals end at 1 (PQ's formula has no value much past it); brighter is clipped to SDR white anyway.
        case .perceptualQuantizerSDR: r = min(HDRRendition.pqLuminance(min(a, 1)) / HDRRendition.referenceWhite, 1)
        case .hybridLogGammaSDR: r = min(HDRRendition.hlgLuminance(min(a, 1)) / HDRRendition.referenceWhite, 1)
        }
        return v < 0 ? -r : r
    }

    /// Linear → encoded, the exact inverse of ``linearize(_:)`` (for the HDR renditions, up to SDR white).
    public func encode(_ v: Double) -> Double {
        let a = abs(v)
        let r: Double
        switch self {
        case .sRGB: r = a <= 0.04045 / 12.92 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        case .gamma(let g): r = pow(a, 1 / g)
        case .linear: r = a
        case .perceptualQuantizerSDR: r = HDRRendition.pqSignal(min(a, 1) * HDRRendition.referenceWhite)
        case .hybridLogGammaSDR: r = HDRRendition.hlgSignal(min(a, 1) * HDRRendition.referenceWhite)
        }
        return v < 0 ? -r : r
    }

    /// The ICC parametric curve (type, parameters) that LittleCMS builds this curve from; nil for the HDR
    /// renditions, which no parametric type holds (they are tabulated, ``tabulated``).
    var iccParametric: (type: Int32, parameters: [Double])? {
        switch self {
        case .sRGB: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case .gamma(let g): (1, [g])
        case .linear: (1, [1])
        case .perceptualQuantizerSDR, .hybridLogGammaSDR: nil
        }
    }

    /// The curve sampled at 4,096 evenly spaced encoded values, for an ICC table curve.
    var tabulated: [Float] { (0..<4096).map { Float(linearize(Double($0) / 4095)) } }
}

/// The HDR signals' luminance and BT.2408's SDR rendition, the rule ``TransferFunction/perceptualQuantizerSDR`` and
/// ``TransferFunction/hybridLogGammaSDR`` apply.
enum HDRRendition {
    /// ITU-R BT.2408's HDR reference white ("graphics white"), in cd/m²: shown as SDR white.
    static let referenceWhite = 203.0

    // SMPTE ST 2084 constants.
    private static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    private static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// PQ's EOTF: a signal in 0…1 to absolute luminance in cd/m² (0…10,000).
    static func pqLuminance(_ signal: Double) -> Double {
        let p = pow(max(signal, 0), 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// PQ's inverse EOTF: luminance in cd/m² to the signal.
    static func pqSignal(_ luminance: Double) -> Double {
        let y = pow(max(luminance, 0) / 10000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    // BT.2100 HLG constants.
    private static let a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277)
    /// The nominal peak of the display HLG is shown on, cd/m², and its system gamma (BT.2100: 1.2 at 1000 cd/m²).
    private static let hlgPeak = 1000.0, hlgGamma = 1.2

    /// HLG's inverse OETF and OOTF, per channel: a signal in 0…1 to display luminance in cd/m².
    static func hlgLuminance(_ signal: Double) -> Double {
        let e = max(signal, 0)
        let scene = e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
        return hlgPeak * pow(scene, hlgGamma)
    }

    /// The inverse of ``hlgLuminance(_:)``.
    static func hlgSignal(_ luminance: Double) -> Double {
        let scene = pow(max(luminance, 0) / hlgPeak, 1 / hlgGamma)
        return scene <= 1.0 / 12 ? (3 * scene).squareRoot() : a * log(12 * scene - b) + c
    }
}
