/// Lab and CIEDE2000 for many colors at once, in single precision, four lanes at a time.
///
/// The same arrangement as ``CIEDE2000/difference(_:_:)``; the few transcendental functions it needs
/// (the mean hue's angle, e^x and sin x for R_T near blue, cube roots for Lab) use vectorizable
/// approximations accurate to single precision. Results stay within 1e−3 ΔE00 of the double-precision
/// formula (tested); nearly opposite hues, where the hue average is ill-conditioned, fall back to it.
enum BatchColorMath {
    typealias V = SIMD4<Float>
    /// 25⁷, rounded to single precision.
    static let twentyFive7 = Float(6_103_515_625.0)

    /// D50 XYZ → Lab for four colors.
    @inline(__always)
    static func lab(x: V, y: V, z: V) -> (l: V, a: V, b: V) {
        let fx = f(x / 0.9642), fy = f(y), fz = f(z / 0.8249)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    @inline(__always)
    static func f(_ t: V) -> V {
        let linear = (24389.0 / 27.0 * t + 16) / 116
        return cubeRoot(t.replacing(with: 1, where: t .<= 216.0 / 24389.0)).replacing(with: linear, where: t .<= 216.0 / 24389.0)
    }

    /// Cube roots of positive values: a seed from the exponent bits, then two Halley steps.
    @inline(__always)
    static func cubeRoot(_ v: V) -> V {
        let bits = SIMD4<UInt32>(v[0].bitPattern / 3, v[1].bitPattern / 3, v[2].bitPattern / 3, v[3].bitPattern / 3) &+ 709_921_077
        var y = V(Float(bitPattern: bits[0]), Float(bitPattern: bits[1]), Float(bitPattern: bits[2]), Float(bitPattern: bits[3]))
        for _ in 0..<2 {
            let y3 = y * y * y
            y *= (y3 + 2 * v) / (2 * y3 + v)
        }
        return y
    }

    /// ΔE00 for four pairs; lanes whose hues are nearly opposite are flagged in `fallback`.
    @inline(__always)
    static func difference(l1: V, a1: V, b1: V, l2: V, a2: V, b2: V, fallback: inout SIMD4<Int32>) -> V {
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cm = (c1 + c2) / 2
        let cm2 = cm * cm
        let c7 = cm2 * cm2 * cm2 * cm
        let g = 0.5 * (1 - (c7 / (c7 + twentyFive7)).squareRoot())
        let ap1 = (1 + g) * a1, ap2 = (1 + g) * a2
        let cp1 = (ap1 * ap1 + b1 * b1).squareRoot(), cp2 = (ap2 * ap2 + b2 * b2).squareRoot()
        let product = cp1 * cp2
        let both = product .> 0
        let safe1 = cp1.replacing(with: 1, where: cp1 .== 0), safe2 = cp2.replacing(with: 1, where: cp2 .== 0)
        let u1x = ap1 / safe1, u1y = b1 / safe1, u2x = ap2 / safe2, u2y = b2 / safe2
        let vx = u1x + u2x, vy = u1y + u2y
        let length = (vx * vx + vy * vy).squareRoot()
        fallback = SIMD4<Int32>(repeating: 0).replacing(with: 1, where: both .& (length .< 0.05))
        // Mean hue direction: the bisector when both are chromatic, else the chromatic one's hue, else 0°.
        var ch = V(repeating: 1), sh = V(repeating: 0)
        ch.replace(with: u1x + u2x, where: .!both)  // one of them is 0 (achromatic)
        sh.replace(with: u1y + u2y, where: .!both)
        let none = (cp1 + cp2) .== 0
        ch.replace(with: 1, where: none)
        sh.replace(with: 0, where: none)
        let safeLength = length.replacing(with: 1, where: length .< 0.05)
        ch.replace(with: vx / safeLength, where: both)
        sh.replace(with: vy / safeLength, where: both)
        // ΔH' = 2√(C1'C2')·sin(Δh'/2) = √2·(a1'b2 − a2'b1)/√(C1'C2' + a1'a2' + b1b2): no cancellation for close hues.
        let cross = ap1 * b2 - ap2 * b1
        let denominator = (product + ap1 * ap2 + b1 * b2).replacing(with: 1, where: .!both)
        let dH = (1.414_213_6 * cross / denominator.squareRoot()).replacing(with: 0, where: .!both)

        let dL = l2 - l1, dC = cp2 - cp1
        let lm = (l1 + l2) / 2, cpm = (cp1 + cp2) / 2
        let c2h = 2 * ch * ch - 1, s2h = 2 * sh * ch
        let c3h = c2h * ch - s2h * sh, s3h = s2h * ch + c2h * sh
        let c4h = 2 * c2h * c2h - 1, s4h = 2 * s2h * c2h
        let t1: V = ch * 0.866_025_4 + sh * 0.5
        let t3: V = c3h * 0.994_521_9 - s3h * 0.104_528_46
        let t4: V = c4h * 0.453_990_5 + s4h * 0.891_006_5
        var t: V = 1 - 0.17 * t1
        t += 0.24 * c2h
        t += 0.32 * t3
        t -= 0.20 * t4
        // R_T = −sin(2Δθ)·R_C, Δθ = 30°·exp(−((h̄ − 275°)/25°)²). Beyond 75° from 275°, |R_T| < 2.6e−4; with
        // c = ΔC'/S_C and h = ΔH'/S_H, |R_T·c·h| ≤ |R_T|·(c² + h²)/2 ≤ |R_T|·ΔE00²/2, so dropping the term there
        // changes ΔE00 by less than 7e−5 of itself — and skips atan2, exp and sin for most hues.
        let near = (ch * 0.087_155_74 + sh * -0.996_194_7) .> 0.258_819
        var rt = V(repeating: 0)
        if any(near) {
            var h = atan2Degrees(sh, ch)
            h.replace(with: h + 360, where: h .< 0)
            let u = (h - 275) / 25
            let cpm2 = cpm * cpm
            let cp7 = cpm2 * cpm2 * cpm2 * cpm
            let rc = 2 * (cp7 / (cp7 + twentyFive7)).squareRoot()
            rt = (-sine(exp(-u * u) * (Float.pi / 3)) * rc).replacing(with: 0, where: .!near)
        }
        let l50 = (lm - 50) * (lm - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cpm
        let shue = 1 + 0.015 * cpm * t
        let l: V = dL / sl, c: V = dC / sc, hh: V = dH / shue
        var sum: V = l * l
        sum += c * c
        sum += hh * hh
        sum += rt * c * hh
        return sum.squareRoot()
    }

    /// atan2 in degrees, error below 1e−3°.
    @inline(__always)
    static func atan2Degrees(_ y: V, _ x: V) -> V {
        let ax = x.replacing(with: -x, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
        let big = pointwiseMax(ax, ay), small = pointwiseMin(ax, ay)
        let a = small / big.replacing(with: 1, where: big .== 0)
        let s = a * a
        var r: V = 0.020_835_1 * s - 0.085_133
        r = r * s + 0.180_141
        r = r * s - 0.330_299_5
        r = (r * s + 0.999_866) * a
        r.replace(with: Float.pi / 2 - r, where: ay .> ax)
        r.replace(with: Float.pi - r, where: x .< 0)
        r.replace(with: -r, where: y .< 0)
        return r * (180 / Float.pi)
    }

    /// e^x for x ≤ 0 (to about −87), relative error ~1e−7.
    @inline(__always)
    static func exp(_ x: V) -> V {
        // NaN (from a color no real Lab describes) and x > 0 are taken as 0: the Int32 conversions below would trap.
        let t = (x * 1.442_695_04).replacing(with: -126, where: x * 1.442_695_04 .< -126)
            .replacing(with: 0, where: .!(x .<= 0))
        // floor(t) for t ≤ 0, lane by lane with truncating conversions (the generic SIMD rounding and
        // conversion initializers aren't specialized and cost more than the rest of the function).
        var whole = SIMD4<Int32>(Int32(t[0]), Int32(t[1]), Int32(t[2]), Int32(t[3]))
        let truncated = V(Float(whole[0]), Float(whole[1]), Float(whole[2]), Float(whole[3]))
        whole &-= SIMD4<Int32>(repeating: 0).replacing(with: 1, where: t .< truncated)
        let n = V(Float(whole[0]), Float(whole[1]), Float(whole[2]), Float(whole[3]))
        let f = t - n
        var p: V = 0.001_333_36 + f * 0.000_154_04
        p = 0.009_618_13 + f * p
        p = 0.055_504_11 + f * p
        p = 0.240_226_5 + f * p
        p = 0.693_147_18 + f * p
        p = 1 + f * p
        let scale = whole &+ 127
        let bits = SIMD4<UInt32>(truncatingIfNeeded: scale) &<< 23
        return p * V(Float(bitPattern: bits[0]), Float(bitPattern: bits[1]), Float(bitPattern: bits[2]), Float(bitPattern: bits[3]))
    }

    /// sin x for 0 ≤ x ≤ π/3 (Taylor to x⁹, error < 1e−8).
    @inline(__always)
    static func sine(_ x: V) -> V {
        let x2 = x * x
        var p: V = 1 - x2 / 72
        p = 1 - x2 / 42 * p
        p = 1 - x2 / 20 * p
        p = 1 - x2 / 6 * p
        return x * p
    }
}
