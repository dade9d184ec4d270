import Foundation

/// The CIEDE2000 color difference ΔE00 (CIE 142-2001), with kL = kC = kH = 1, as specified by
/// Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary
/// Test Data, and Mathematical Observations", Color Research & Application 30(1), 2005.
/// ΔE00 ≈ 1 is a just-noticeable difference.
public enum CIEDE2000 {
    /// ΔE00 between two Lab colors; symmetric, 0 for equal colors.
    ///
    /// Mathematically the published formula, arranged to avoid most trigonometry: ΔH' from the cross and
    /// dot products of the two (a', b) vectors, √2·(a1'b2 − a2'b1)/√(C1'C2' + a1'a2' + b1b2), the mean hue's direction as
    /// the normalized sum of the two hue directions (the bisector of the shorter arc, which is how the
    /// formula averages hues), T's four cosines from angle-addition identities, and R_T evaluated only
    /// where it is not negligible (within 150° of 275°; beyond, e^(−36) < 1e−15). Nearly opposite hues,
    /// within about 3° of each other after a half turn, where the average is ill-conditioned, use the formula as written.
    @inline(__always)
    public static func difference(_ x: Lab, _ y: Lab) -> Double {
        let c1 = x.chroma, c2 = y.chroma
        let c7 = seventh((c1 + c2) / 2)
        let g = 0.5 * (1 - (c7 / (c7 + 6_103_515_625)).squareRoot())  // 25^7
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot(), cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        let product = cp1 * cp2
        // Mean hue direction (cos h̄, sin h̄).
        var ch = 1.0, sh = 0.0
        var dH = 0.0
        if product != 0 {
            let vx = a1 / cp1 + a2 / cp2, vy = x.b / cp1 + y.b / cp2
            let length = (vx * vx + vy * vy).squareRoot()
            if length < 0.05 { return referenceDifference(x, y) }
            ch = vx / length
            sh = vy / length
            // 2√(C1'C2')·sin(Δh'/2) from the cross and dot products of (a', b): no cancellation for close hues.
            dH = 2.squareRoot() * (a1 * y.b - a2 * x.b) / (product + a1 * a2 + x.b * y.b).squareRoot()
        } else if cp1 + cp2 != 0 {
            // One color is achromatic: the mean hue is the other's hue (h' of an achromatic color is 0).
            // The formula then takes h̄ = h1' + h2', the hue of the chromatic one.
            let (a, b, c) = cp1 != 0 ? (a1, x.b, cp1) : (a2, y.b, cp2)
            ch = a / c
            sh = b / c
        }
        let dL = y.l - x.l
        let dC = cp2 - cp1
        let lMean = (x.l + y.l) / 2
        let cpMean = (cp1 + cp2) / 2
        let c2h = 2 * ch * ch - 1, s2h = 2 * sh * ch
        let c3h = c2h * ch - s2h * sh, s3h = s2h * ch + c2h * sh
        let c4h = 2 * c2h * c2h - 1, s4h = 2 * s2h * c2h
        let t =
            1 - 0.17 * (ch * cos30 + sh * sin30) + 0.24 * c2h
            + 0.32 * (c3h * cos6 - s3h * sin6) - 0.20 * (c4h * cos63 + s4h * sin63)
        var rt = 0.0
        if ch * cos275 + sh * sin275 > cos150 {
            var hMean = atan2(sh, ch) * 180 / .pi
            if hMean < 0 { hMean += 360 }
            let u = (hMean - 275) / 25
            let cp7 = seventh(cpMean)
            rt = -sin(60 * exp(-u * u) * .pi / 180) * 2 * (cp7 / (cp7 + 6_103_515_625)).squareRoot()
        }
        return combine(dL: dL, dC: dC, dH: dH, lMean: lMean, cpMean: cpMean, t: t, rt: rt)
    }

    private static let cos275 = cos(275 * Double.pi / 180), sin275 = sin(275 * Double.pi / 180)
    private static let cos150 = cos(150 * Double.pi / 180)

    /// ΔE00 computed step by step as Sharma, Wu & Dalal (2005) write it, with hue angles.
    static func referenceDifference(_ x: Lab, _ y: Lab) -> Double {
        let c1 = x.chroma, c2 = y.chroma
        let cMean = (c1 + c2) / 2
        let c7 = seventh(cMean)
        let g = 0.5 * (1 - (c7 / (c7 + 6_103_515_625)).squareRoot())  // 25^7
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot(), cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        let hp1 = hue(x.b, a1), hp2 = hue(y.b, a2)

        let dL = y.l - x.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = hp2 - hp1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh * .pi / 360)

        let lMean = (x.l + y.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) <= 180 { hMean /= 2 } else { hMean = hp1 + hp2 < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2 }
        }
        // T = 1 − 0.17 cos(h − 30°) + 0.24 cos 2h + 0.32 cos(3h + 6°) − 0.20 cos(4h − 63°)
        let radians = Double.pi / 180
        let ch = cos(hMean * radians), sh = sin(hMean * radians)
        let c2h = 2 * ch * ch - 1, s2h = 2 * sh * ch
        let c3h = c2h * ch - s2h * sh, s3h = s2h * ch + c2h * sh
        let c4h = 2 * c2h * c2h - 1, s4h = 2 * s2h * c2h
        let t =
            1 - 0.17 * (ch * cos30 + sh * sin30) + 0.24 * c2h
            + 0.32 * (c3h * cos6 - s3h * sin6) - 0.20 * (c4h * cos63 + s4h * sin63)
        let u = (hMean - 275) / 25
        let cp7 = seventh(cpMean)
        let rc = 2 * (cp7 / (cp7 + 6_103_515_625)).squareRoot()
        // R_T vanishes (< 1e-40) far from 275°.
        let rt = abs(u) > 10 ? 0 : -sin(2 * 30 * exp(-u * u) * radians) * rc
        return combine(dL: dL, dC: dC, dH: dH, lMean: lMean, cpMean: cpMean, t: t, rt: rt)
    }

    /// The weighted sum both forms end with: ΔE00 from ΔL', ΔC', ΔH', the means, T and R_T.
    @inline(__always)
    private static func combine(dL: Double, dC: Double, dH: Double, lMean: Double, cpMean: Double, t: Double, rt: Double) -> Double {
        let l50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let shue = 1 + 0.015 * cpMean * t
        let l = dL / sl, c = dC / sc, h = dH / shue
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    private static let cos30 = cos(30 * Double.pi / 180), sin30 = 0.5
    private static let cos6 = cos(6 * Double.pi / 180), sin6 = sin(6 * Double.pi / 180)
    private static let cos63 = cos(63 * Double.pi / 180), sin63 = sin(63 * Double.pi / 180)

    @inline(__always) private static func seventh(_ v: Double) -> Double {
        let v2 = v * v
        return v2 * v2 * v2 * v
    }

    @inline(__always) private static func hue(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * 180 / .pi
        return h < 0 ? h + 360 : h
    }
}
