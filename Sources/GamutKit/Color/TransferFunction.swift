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

    /// Encoded → linear. Values outside 0…1 are extended by odd symmetry (as CSS Color 4 does).
    package func linearize(_ v: Double) -> Double {
        let a = abs(v)
        let r: Double
        switch self {
        case .sRGB: r = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        case .gamma(let g): r = pow(a, g)
        case .linear: r = a
        }
        return v < 0 ? -r : r
    }

    /// Linear → encoded, the exact inverse of ``linearize(_:)``.
    package func encode(_ v: Double) -> Double {
        let a = abs(v)
        let r: Double
        switch self {
        case .sRGB: r = a <= 0.04045 / 12.92 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        case .gamma(let g): r = pow(a, 1 / g)
        case .linear: r = a
        }
        return v < 0 ? -r : r
    }

    /// The ICC parametric curve (type, parameters) that LittleCMS builds this curve from.
    var iccParametric: (type: Int32, parameters: [Double]) {
        switch self {
        case .sRGB: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case .gamma(let g): (1, [g])
        case .linear: (1, [1])
        }
    }
}
