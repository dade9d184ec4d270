import Foundation

/// Exact double-precision conversions between Display P3 and sRGB, written from the published sources
/// (not from GamutKit's code) so the library can be tested against them:
/// - matrices: CSS Color Module Level 4, §18 "Sample code for color conversions" (rational forms of
///   the linear Display P3 → XYZ and XYZ → linear sRGB matrices, D65, no adaptation needed);
/// - transfer curve: IEC 61966-2-1:1999 (linear segment below 0.04045, exponent 2.4 above).
enum ExactReference {
    static let p3ToXYZ: [[Double]] = [
        [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
        [35783 / 156275, 247089 / 357200, 198249 / 2500400],
        [0, 32229 / 714400, 5220557 / 5000800],
    ]
    static let xyzToP3: [[Double]] = [
        [446124 / 178915, -333277 / 357830, -72051 / 178915],
        [-14852 / 17905, 63121 / 35810, 423 / 17905],
        [11844 / 330415, -50337 / 660830, 316169 / 330415],
    ]
    static let sRGBToXYZ: [[Double]] = [
        [506752 / 1228815, 87881 / 245763, 12673 / 70218],
        [87098 / 409605, 175762 / 245763, 12673 / 175545],
        [7918 / 409605, 87881 / 737289, 1001167 / 1053270],
    ]
    static let xyzToSRGB: [[Double]] = [
        [12831 / 3959, -329 / 214, -1974 / 3959],
        [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
        [705 / 12673, -2585 / 12673, 705 / 667],
    ]

    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] }
    }

    /// Converts encoded codes (0…maxIn) from one space to encoded codes (0…maxOut), clipping out of gamut.
    static func convert(_ codes: [Int], maxIn: Double, maxOut: Double, toXYZ: [[Double]], fromXYZ: [[Double]]) -> [Int] {
        let linear = codes.map { decode(Double($0) / maxIn) }
        let out = multiply(fromXYZ, multiply(toXYZ, linear))
        return out.map { Int((encode(min(max($0, 0), 1)) * maxOut).rounded()) }
    }

    /// Display P3 → sRGB, unbounded linear sRGB (no clipping), for checking what is in gamut.
    static func linearSRGB(fromP3 codes: [Int], maxIn: Double) -> [Double] {
        multiply(xyzToSRGB, multiply(p3ToXYZ, codes.map { decode(Double($0) / maxIn) }))
    }
}

/// A small deterministic generator (SplitMix64), so random test inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Test inputs: every point of a 17³ grid plus seeded random triples.
enum TestInputs {
    static func grid(maxCode: Int, steps: Int = 17) -> [[Int]] {
        let levels = (0..<steps).map { Int((Double($0) * Double(maxCode) / Double(steps - 1)).rounded()) }
        return levels.flatMap { r in levels.flatMap { g in levels.map { b in [r, g, b] } } }
    }

    static func random(maxCode: Int, count: Int, seed: UInt64) -> [[Int]] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in (0..<3).map { _ in Int.random(in: 0...maxCode, using: &rng) } }
    }
}
