/// A CIE 1931 xy chromaticity.
public struct Chromaticity: Sendable, Hashable, Codable {
    /// x, unitless, 0…1.
    public var x: Double
    /// y, unitless, 0…1 (never 0 for a real color).
    public var y: Double

    /// Creates a chromaticity from its x and y coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The CIE standard illuminant D65 as IEC 61966-2-1 and SMPTE EG 432-1 give it: (0.3127, 0.3290).
    public static let d65 = Chromaticity(x: 0.3127, y: 0.3290)

    /// XYZ with Y = 1.
    var xyz: [Double] { [x / y, 1, (1 - x - y) / y] }
}

/// The three primaries and white point of an RGB color space.
public struct RGBPrimaries: Sendable, Hashable, Codable {
    /// Red, green and blue primaries.
    public var red: Chromaticity, green: Chromaticity, blue: Chromaticity
    /// The white point (the color of RGB 1, 1, 1).
    public var white: Chromaticity

    /// Creates a set of primaries.
    public init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
    }

    /// ITU-R BT.709 / IEC 61966-2-1 (sRGB) primaries, D65.
    public static let sRGB = RGBPrimaries(
        red: .init(x: 0.640, y: 0.330), green: .init(x: 0.300, y: 0.600), blue: .init(x: 0.150, y: 0.060), white: .d65)
    /// SMPTE EG 432-1 Display P3 primaries (DCI-P3 primaries with a D65 white).
    public static let displayP3 = RGBPrimaries(
        red: .init(x: 0.680, y: 0.320), green: .init(x: 0.265, y: 0.690), blue: .init(x: 0.150, y: 0.060), white: .d65)
    /// Adobe RGB (1998) primaries, D65.
    public static let adobeRGB = RGBPrimaries(
        red: .init(x: 0.640, y: 0.330), green: .init(x: 0.210, y: 0.710), blue: .init(x: 0.150, y: 0.060), white: .d65)

    /// The matrix from linear RGB to XYZ relative to this white (Y of white = 1).
    var rgbToXYZ: Matrix3 {
        let p = Matrix3(columns: red.xyz, green.xyz, blue.xyz)
        let s = p.inverse.map { $0 * white.xyz } ?? [0, 0, 0]
        return p * Matrix3.diagonal(s)
    }

    /// The matrix from linear RGB to XYZ adapted to the ICC D50 illuminant with Bradford, as ICC colorants are.
    var rgbToXYZD50: Matrix3 {
        Bradford.adaptation(from: white.xyz, to: Bradford.iccD50) * rgbToXYZ
    }
}

/// The Bradford chromatic adaptation transform (Lam 1985), the one ICC v4 and LittleCMS use.
enum Bradford {
    /// The ICC profile connection space illuminant D50 (ICC.1:2010 7.2.16): X 0.9642, Y 1.0, Z 0.8249.
    static let iccD50: [Double] = [0.9642, 1.0, 0.8249]

    static let matrix = Matrix3([
        [0.8951, 0.2664, -0.1614],
        [-0.7502, 1.7135, 0.0367],
        [0.0389, -0.0685, 1.0296],
    ])

    /// The von Kries-style adaptation matrix mapping XYZ under `source` white to XYZ under `destination` white.
    static func adaptation(from source: [Double], to destination: [Double]) -> Matrix3 {
        let s = matrix * source
        let d = matrix * destination
        let scale = Matrix3.diagonal([d[0] / s[0], d[1] / s[1], d[2] / s[2]])
        return (matrix.inverse ?? .identity) * scale * matrix
    }
}
