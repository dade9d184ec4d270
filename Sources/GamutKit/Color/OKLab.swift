import Foundation

/// A color in Björn Ottosson's OKLab (2020), the perceptual space CSS Color 4 uses for gamut mapping.
/// L is 0…1 (white is 1); a and b are roughly −0.4…0.4. Defined on CIE XYZ relative to D65.
public struct OKLab: Sendable, Hashable, Codable {
    /// Lightness, 0…1.
    public var l: Double
    /// Green–red.
    public var a: Double
    /// Blue–yellow.
    public var b: Double

    /// Creates an OKLab color.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// Ottosson's M1: D65 XYZ → approximate cone responses.
    static let m1 = Matrix3([
        [0.8189330101, 0.3618667424, -0.1288597137],
        [0.0329845436, 0.9293118715, 0.0361456387],
        [0.0482003018, 0.2643662691, 0.6338517070],
    ])
    /// Ottosson's M2: cube-rooted cone responses → Lab.
    static let m2 = Matrix3([
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ])
    static let m1Inverse = m1.inverse ?? .identity  // invertible: a published, well-conditioned matrix
    static let m2Inverse = m2.inverse ?? .identity
    /// ICC D50 → D65 (Bradford), undoing the adaptation ICC profiles apply to D65 colorants.
    static let d50ToD65 = Bradford.adaptation(from: Bradford.iccD50, to: Chromaticity.d65.xyz)
    static let d65ToD50 = Bradford.adaptation(from: Chromaticity.d65.xyz, to: Bradford.iccD50)

    /// Converts CIE XYZ relative to D65 (Y of white = 1).
    public init(xyzD65 xyz: [Double]) {
        let lms = OKLab.m1 * xyz
        let root = lms.map { $0 < 0 ? -Foundation.cbrt(-$0) : Foundation.cbrt($0) }
        let lab = OKLab.m2 * root
        self.init(l: lab[0], a: lab[1], b: lab[2])
    }

    /// Converts ICC PCS XYZ (D50, Y of white = 1), adapting to D65 with Bradford.
    public init(xyzD50 xyz: [Double]) {
        self.init(xyzD65: OKLab.d50ToD65 * xyz)
    }

    /// CIE XYZ relative to D65.
    public var xyzD65: [Double] {
        let root = OKLab.m2Inverse * [l, a, b]
        return OKLab.m1Inverse * root.map { $0 * $0 * $0 }
    }

    /// ICC PCS XYZ (D50).
    public var xyzD50: [Double] { OKLab.d65ToD50 * xyzD65 }

    /// Chroma, hue and lightness.
    public var lch: OKLCh {
        let c = (a * a + b * b).squareRoot()
        var h = atan2(b, a) * 180 / .pi
        if h < 0 { h += 360 }
        return OKLCh(l: l, c: c, h: h)
    }

    /// ΔEOK: the Euclidean distance in OKLab (CSS Color 4 §13.2; 0.02 is its just-noticeable difference).
    public static func difference(_ x: OKLab, _ y: OKLab) -> Double {
        let dl = x.l - y.l, da = x.a - y.a, db = x.b - y.b
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// ΔH: the part of the difference between two colors that is hue, in ΔEOK units (ΔH² = Δa² + Δb² − ΔC², as CIE
    /// 15:2004 §8.2.1 defines ΔH*ab for CIELAB; for equal chroma C and hue angles θ apart it is 2C·sin(θ/2)).
    /// Chroma-reducing gamut mapping keeps it at 0; clipping each channel turns hues, and this measures by how much.
    public static func hueDifference(_ x: OKLab, _ y: OKLab) -> Double {
        let da = x.a - y.a, db = x.b - y.b
        let dc = (x.a * x.a + x.b * x.b).squareRoot() - (y.a * y.a + y.b * y.b).squareRoot()
        return max(0, da * da + db * db - dc * dc).squareRoot()
    }
}

/// OKLab in polar form: lightness, chroma and hue angle in degrees.
public struct OKLCh: Sendable, Hashable, Codable {
    /// Lightness, 0…1.
    public var l: Double
    /// Chroma, ≥ 0.
    public var c: Double
    /// Hue angle, degrees 0…360.
    public var h: Double

    /// Creates an OKLCh color.
    public init(l: Double, c: Double, h: Double) {
        self.l = l
        self.c = c
        self.h = h
    }

    /// The same color in OKLab.
    public var lab: OKLab {
        let r = h * .pi / 180
        return OKLab(l: l, a: c * cos(r), b: c * sin(r))
    }
}
