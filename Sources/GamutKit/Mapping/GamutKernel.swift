import Foundation

/// A 3×3 matrix as three SIMD rows, for the per-pixel paths of gamut mapping (no allocation).
struct Rows3: Sendable {
    var r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>

    init(_ m: Matrix3) {
        r0 = SIMD3(m.m[0], m.m[1], m.m[2])
        r1 = SIMD3(m.m[3], m.m[4], m.m[5])
        r2 = SIMD3(m.m[6], m.m[7], m.m[8])
    }

    @inline(__always)
    static func * (m: Rows3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.r0 * v).sum(), (m.r1 * v).sum(), (m.r2 * v).sum())
    }
}

/// CSS Color 4 gamut mapping in linear light and OKLab, without allocation: the same steps as
/// ``GamutMapper/css(_:)`` (which calls it), with the clipped candidate's OKLab taken from its linear value
/// (no encode/decode round trip).
struct GamutKernel: Sendable {
    /// Source linear RGB → OKLab's LMS (Ottosson's M1 after D50 → D65).
    let sourceToLMS: Rows3
    /// Target linear RGB → LMS, and back.
    let targetToLMS: Rows3
    let lmsToTarget: Rows3
    let m2: Rows3
    let m2Inverse: Rows3

    init(source: ShaperModel, target: ShaperModel) {
        let toLMS = OKLab.m1 * OKLab.d50ToD65
        sourceToLMS = Rows3(toLMS * source.toXYZD50)
        let t = toLMS * target.toXYZD50
        targetToLMS = Rows3(t)
        lmsToTarget = Rows3(t.inverse ?? .identity)
        m2 = Rows3(OKLab.m2)
        m2Inverse = Rows3(OKLab.m2Inverse)
    }

    @inline(__always)
    func oklab(lms: SIMD3<Double>) -> SIMD3<Double> {
        m2 * SIMD3(Foundation.cbrt(lms.x), Foundation.cbrt(lms.y), Foundation.cbrt(lms.z))
    }

    @inline(__always)
    func targetLinear(oklab lab: SIMD3<Double>) -> SIMD3<Double> {
        let root = m2Inverse * lab
        return lmsToTarget * (root * root * root)
    }

    @inline(__always)
    static func inGamut(_ v: SIMD3<Double>) -> Bool {
        let t = 1e-6
        return v.x >= -t && v.y >= -t && v.z >= -t && v.x <= 1 + t && v.y <= 1 + t && v.z <= 1 + t
    }

    @inline(__always)
    static func clip(_ v: SIMD3<Double>) -> SIMD3<Double> {
        v.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
    }

    @inline(__always)
    static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum().squareRoot()
    }

    /// The CSS mapping of an OKLab color, as clipped linear target light (0…1).
    func css(_ origin: SIMD3<Double>) -> SIMD3<Double> {
        if origin.x >= 1 { return SIMD3(repeating: 1) }
        if origin.x <= 0 { return SIMD3(repeating: 0) }
        let originLinear = targetLinear(oklab: origin)
        if GamutKernel.inGamut(originLinear) { return GamutKernel.clip(originLinear) }
        let jnd = GamutMapper.jnd, epsilon = GamutMapper.epsilon
        var clipped = GamutKernel.clip(originLinear)
        var e = GamutKernel.distance(oklab(lms: targetToLMS * clipped), origin)
        if e < jnd { return clipped }
        let chroma0 = (origin.y * origin.y + origin.z * origin.z).squareRoot()
        let cosH = origin.y / chroma0, sinH = origin.z / chroma0
        var low = 0.0, high = chroma0, lowInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            let current = SIMD3(origin.x, chroma * cosH, chroma * sinH)
            let linear = targetLinear(oklab: current)
            if lowInGamut && GamutKernel.inGamut(linear) {
                low = chroma
                continue
            }
            clipped = GamutKernel.clip(linear)
            e = GamutKernel.distance(oklab(lms: targetToLMS * clipped), current)
            if e < jnd {
                if jnd - e < epsilon { return clipped }
                lowInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return clipped
    }
}
