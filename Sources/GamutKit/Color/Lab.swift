import Foundation

/// A CIELAB color (CIE 1976 L*a*b*), relative to the ICC PCS white D50 (X 0.9642, Y 1.0, Z 0.8249),
/// as ICC workflows compute it. L* is 0…100; a* and b* are roughly −128…127 for real colors.
public struct Lab: Sendable, Hashable, Codable {
    /// Lightness L*, 0…100.
    public var l: Double
    /// Green–red a*.
    public var a: Double
    /// Blue–yellow b*.
    public var b: Double

    /// Creates a Lab color.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// Converts D50 XYZ (Y of white = 1) to Lab (CIE 15:2004, with ε = 216/24389 and κ = 24389/27).
    public init(xyzD50 xyz: [Double]) {
        self.init(x: xyz[0], y: xyz[1], z: xyz[2])
    }

    /// Converts D50 XYZ (Y of white = 1) to Lab, from three values.
    @inline(__always)
    public init(x: Double, y: Double, z: Double) {
        @inline(__always) func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? Lab.cubeRoot(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let fx = f(x / 0.9642), fy = f(y), fz = f(z / 0.8249)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The cube root of a positive value: a seed from the exponent bits, then three Halley steps
    /// (cubic convergence: the seed's ~3% error falls below 1e−15 relative), faster than libm's `cbrt`.
    @inline(__always)
    static func cubeRoot(_ v: Double) -> Double {
        var y = Double(bitPattern: v.bitPattern / 3 + 0x2A9F_7893_782D_A1CE)
        for _ in 0..<3 {
            let y3 = y * y * y
            y *= (y3 + 2 * v) / (2 * y3 + v)
        }
        return y
    }

    /// Chroma C*ab.
    public var chroma: Double { (a * a + b * b).squareRoot() }
}
