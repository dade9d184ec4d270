/// Simulated color-vision deficiency, on linear RGB.
///
/// - Anomalous trichromacy (severity 0 … 0.9): Machado, Oliveira & Fernandes, "A Physiologically-based
///   Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6):1291–1298, 2009 — their published
///   matrices for severities 0, 0.1 … 0.9, interpolated linearly between the two nearest.
/// - From 0.9 to 1 the result moves linearly from Machado's 0.9 to the dichromat model below, so severity is
///   continuous all the way to 1.0 (Machado's own 1.0 matrices differ from the dichromat models, and using
///   them would make the step to dichromacy a jump).
/// - Dichromacy (severity 1): protanopia and deuteranopia with Viénot, Brettel & Mollon, "Digital video
///   colourmaps for checking the legibility of displays by dichromats", Color Research & Application
///   24(4):243–252, 1999 (one projection plane through black, white and sRGB blue); tritanopia with
///   Brettel, Viénot & Mollon, "Computerized simulation of color appearance for dichromats", JOSA A
///   14(10):2647–2655, 1997 (two half-planes through the neutral axis and 485 nm / 660 nm, chosen by the side
///   of the plane through the neutral and S axes the color lies on).
///   Both are computed here from Smith & Pokorny's cone fundamentals (as XYZ → LMS) and the sRGB primaries,
///   with RGB white as the neutral axis (as Vischeck and libDaltonLens do).
///
/// Colors of other spaces (Display P3) are simulated in extended linear sRGB.
public struct ColorVisionSimulation: Sendable, Hashable, CustomStringConvertible {
    /// Which cone type is anomalous or missing.
    public enum Deficiency: String, Sendable, Hashable, CaseIterable, Codable {
        /// L cones (red).
        case protan
        /// M cones (green).
        case deutan
        /// S cones (blue).
        case tritan
    }

    /// The cone type.
    public var deficiency: Deficiency
    /// 0 (normal vision) … 1 (dichromacy).
    public var severity: Double

    /// A simulation; `severity` is clamped to 0…1.
    public init(_ deficiency: Deficiency, severity: Double = 1) {
        self.deficiency = deficiency
        self.severity = min(max(severity, 0), 1)
    }

    /// "protanopia", "deuteranomaly 60%", …
    public var description: String {
        let names: [Deficiency: (String, String)] = [
            .protan: ("protanopia", "protanomaly"), .deutan: ("deuteranopia", "deuteranomaly"),
            .tritan: ("tritanopia", "tritanomaly"),
        ]
        let (dichromacy, anomaly) = names[deficiency]!
        return severity >= 1 ? dichromacy : "\(anomaly) \(Int((severity * 100).rounded()))%"
    }

    /// The dichromacies, then anomalous trichromacy at `severities` below 1.
    public static func all(severities: [Double] = [1]) -> [ColorVisionSimulation] {
        severities.sorted(by: >).flatMap { s in Deficiency.allCases.map { ColorVisionSimulation($0, severity: s) } }
    }

    /// The simulated linear sRGB of a linear sRGB color.
    public func simulate(linearSRGB c: [Double]) -> [Double] {
        guard severity > 0.9 else { return machadoMatrix * c }
        let t = dichromatWeight
        let anomalous = machadoMatrix * c
        let dichromat: [Double]
        switch deficiency {
        case .protan: dichromat = ColorVisionSimulation.vienotProtan * c
        case .deutan: dichromat = ColorVisionSimulation.vienotDeutan * c
        case .tritan:
            let (plane1, plane2, normal) = ColorVisionSimulation.brettelTritan
            let side = normal[0] * c[0] + normal[1] * c[1] + normal[2] * c[2]
            dichromat = (side >= 0 ? plane1 : plane2) * c
        }
        return t >= 1 ? dichromat : (0..<3).map { anomalous[$0] * (1 - t) + dichromat[$0] * t }
    }

    /// The simulation as one matrix on linear sRGB (rows), or nil for tritan above severity 0.9, which Brettel's
    /// model simulates with two half-planes (``simulate(linearSRGB:)`` picks one per color).
    public var matrix: [[Double]]? {
        guard severity > 0.9 else { return machadoMatrix.rows }
        let dichromat: Matrix3
        switch deficiency {
        case .protan: dichromat = ColorVisionSimulation.vienotProtan
        case .deutan: dichromat = ColorVisionSimulation.vienotDeutan
        case .tritan: return nil
        }
        let t = dichromatWeight, anomalous = machadoMatrix
        return Matrix3((0..<3).map { r in (0..<3).map { c in anomalous[r, c] * (1 - t) + dichromat[r, c] * t } }).rows
    }

    /// How far past Machado's 0.9 toward the dichromat model (0 at 0.9, 1 at 1.0).
    private var dichromatWeight: Double { min(max((severity - 0.9) * 10, 0), 1) }

    /// The Machado matrix for this deficiency and severity up to 0.9 (interpolated between the published ones);
    /// above 0.9, Machado's 0.9.
    var machadoMatrix: Matrix3 {
        let table = ColorVisionSimulation.machado[deficiency]!
        let position = min(severity, 0.9) * 10
        let low = min(Int(position), 8), t = position - Double(low)
        var rows: [[Double]] = []
        for r in 0..<3 {
            let a: [Double] = table[low][r], b: [Double] = table[low + 1][r]
            rows.append([a[0] * (1 - t) + b[0] * t, a[1] * (1 - t) + b[1] * t, a[2] * (1 - t) + b[2] * t])
        }
        return Matrix3(rows)
    }

    // MARK: Model

    /// Linear sRGB → D65 XYZ (IEC 61966-2-1).
    static let xyzFromRGB = Matrix3([
        [0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041],
    ])
    /// Smith & Pokorny (1975) cone fundamentals as XYZ → LMS, the normalization Viénot et al. 1999 use.
    static let lmsFromXYZ = Matrix3([[0.15514, 0.54312, -0.03286], [-0.15514, 0.45684, 0.03286], [0, 0, 0.01608]])
    static let lmsFromRGB = lmsFromXYZ * xyzFromRGB
    static let rgbFromLMS = lmsFromRGB.inverse ?? .identity  // invertible: cone fundamentals × sRGB primaries

    /// CIE 1931 2° colour-matching functions at the anchor wavelengths (CIE 15:2004, table T.4).
    static let cmf: [Int: [Double]] = [
        475: [0.142100, 0.112600, 1.041900], 575: [0.842500, 0.915400, 0.001800],
        485: [0.057950, 0.169300, 0.616200], 660: [0.164900, 0.061000, 0.000000],
    ]

    /// The LMS matrix that replaces cone `missing` by the combination of the other two that holds on the plane
    /// through black, `neutral` and `anchor`.
    static func projection(missing: Int, neutral: [Double], anchor: [Double]) -> Matrix3 {
        let others = (0..<3).filter { $0 != missing }
        let (p, q) = (others[0], others[1])
        // Solve neutral[missing] = a·neutral[p] + b·neutral[q], anchor[missing] = a·anchor[p] + b·anchor[q].
        let det = neutral[p] * anchor[q] - neutral[q] * anchor[p]
        let a = (neutral[missing] * anchor[q] - neutral[q] * anchor[missing]) / det
        let b = (neutral[p] * anchor[missing] - neutral[missing] * anchor[p]) / det
        var rows = [[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]
        rows[missing] = [0, 0, 0]
        rows[missing][p] = a
        rows[missing][q] = b
        return Matrix3(rows)
    }

    static let neutral = lmsFromRGB * [1, 1, 1]

    static let vienotProtan = rgbFromLMS * projection(missing: 0, neutral: neutral, anchor: lmsFromRGB * [0, 0, 1]) * lmsFromRGB
    static let vienotDeutan = rgbFromLMS * projection(missing: 1, neutral: neutral, anchor: lmsFromRGB * [0, 0, 1]) * lmsFromRGB

    /// Brettel's tritan half-planes (660 nm side, 485 nm side) and the normal, in linear RGB, of the plane
    /// through the neutral axis and the S axis that separates them (positive on the 660 nm side): the order
    /// and orientation libDaltonLens publishes.
    static let brettelTritan: (Matrix3, Matrix3, [Double]) = {
        let a485 = lmsFromXYZ * cmf[485]!, a660 = lmsFromXYZ * cmf[660]!
        let plane660 = rgbFromLMS * projection(missing: 2, neutral: neutral, anchor: a660) * lmsFromRGB
        let plane485 = rgbFromLMS * projection(missing: 2, neutral: neutral, anchor: a485) * lmsFromRGB
        // n = neutral × S axis, oriented so that 660 nm is on the positive side.
        var n = [neutral[1], -neutral[0], 0.0]
        if n[0] * a660[0] + n[1] * a660[1] < 0 { n = n.map { -$0 } }
        // In RGB: n · lms(c) = (nᵀ · lmsFromRGB) · c.
        let m = lmsFromRGB.m
        let inRGB = (0..<3).map { c in n[0] * m[c] + n[1] * m[3 + c] + n[2] * m[6 + c] }
        return (plane660, plane485, inRGB)
    }()
}
