import Foundation

/// Maps colors of a source RGB profile into the gamut of a target RGB profile with one of the
/// ``GamutMapping`` strategies. Both profiles must be RGB matrix/TRC profiles (the built-ins, and most
/// display profiles); colors are handled in double precision. Immutable; safe to share across tasks.
public struct GamutMapper: Sendable {
    /// The profile of the input colors.
    public let source: ColorProfile
    /// The profile the results are encoded in.
    public let target: ColorProfile
    /// CSS Color 4's just-noticeable difference in ΔEOK.
    public static let jnd = 0.02
    /// CSS Color 4's binary-search tolerance on chroma.
    static let epsilon = 0.0001

    let sourceModel: ShaperModel
    let targetModel: ShaperModel
    let targetFromXYZ: Matrix3
    let kernel: GamutKernel

    /// A mapper from `source` to `target`.
    /// - Throws: ``GamutError`` `.unsupportedProfile` when either is not an RGB matrix/TRC profile.
    public init(source: ColorProfile, target: ColorProfile) throws(GamutError) {
        guard let s = source.shaper else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an RGB matrix/TRC source profile, not '\(source.name)'")
        }
        guard let t = target.shaper, let inverse = t.toXYZD50.inverse else {
            throw GamutError(.unsupportedProfile, "gamut mapping needs an RGB matrix/TRC target profile, not '\(target.name)'")
        }
        self.source = source
        self.target = target
        sourceModel = s
        targetModel = t
        targetFromXYZ = inverse
        kernel = GamutKernel(source: s, target: t)
    }

    // MARK: Conversions

    /// D50 XYZ of encoded source components.
    public func sourceXYZ(_ encoded: [Double]) -> [Double] {
        sourceModel.toXYZD50 * (0..<3).map { sourceModel.curves[$0].linearize(encoded[$0]) }
    }

    /// OKLab of encoded source components.
    public func sourceOKLab(_ encoded: [Double]) -> OKLab { OKLab(xyzD50: sourceXYZ(encoded)) }

    /// OKLab of encoded target components.
    public func targetOKLab(_ encoded: [Double]) -> OKLab {
        OKLab(xyzD50: targetModel.toXYZD50 * (0..<3).map { targetModel.curves[$0].linearize(encoded[$0]) })
    }

    /// D50 Lab of encoded target components.
    func targetLab(_ encoded: [Double]) -> Lab {
        Lab(xyzD50: targetModel.toXYZD50 * (0..<3).map { targetModel.curves[$0].linearize(encoded[$0]) })
    }

    /// Linear target light of a color, unbounded.
    func targetLinear(_ lab: OKLab) -> [Double] { targetFromXYZ * lab.xyzD50 }

    private static let tolerance = 1e-6

    private func inGamut(_ linear: [Double]) -> Bool {
        linear.allSatisfy { $0 >= -GamutMapper.tolerance && $0 <= 1 + GamutMapper.tolerance }
    }

    /// Clips linear light to 0…1 and encodes it.
    private func clipEncode(_ linear: [Double]) -> [Double] {
        (0..<3).map { min(max(targetModel.curves[$0].encode(min(max(linear[$0], 0), 1)), 0), 1) }
    }

    // MARK: Single colors

    /// Maps one color given as encoded source components (0…1) and returns encoded target components (0…1).
    /// ``GamutMapping/preserveSeparation`` needs the other colors and maps like ``GamutMapping/css`` here;
    /// use ``map(group:mapping:separation:)``.
    public func map(_ encoded: [Double], mapping: GamutMapping) -> [Double] {
        switch mapping {
        case .clip: clipEncode(targetFromXYZ * sourceXYZ(encoded))
        case .css, .preserveSeparation: css(sourceOKLab(encoded))
        }
    }

    /// CSS Color 4's gamut-mapping algorithm (§13.2.2, "binary search gamut mapping with local MINDE")
    /// from an OKLab color into the target, as encoded target components.
    public func css(_ origin: OKLab) -> [Double] {
        let linear = kernel.css(SIMD3(origin.l, origin.a, origin.b))
        return (0..<3).map { min(max(targetModel.curves[$0].encode(linear[$0]), 0), 1) }
    }

    // MARK: Groups

    /// Maps a group of colors that must stay distinguishable (status colors, chart series, the two
    /// colors of a collapsing pair). With ``GamutMapping/preserveSeparation``, every pair whose source
    /// colors are at least `separation` ΔE00 apart ends at least `separation` apart (pairs closer in the
    /// source keep at least their source difference), as far as the target gamut allows; the other
    /// strategies map each color alone.
    /// - Parameters:
    ///   - group: encoded source components (0…1) of each color.
    ///   - separation: the ΔE00 the mapped colors must keep; the catalog fix uses the collapse threshold plus a margin.
    ///   - fixed: members that can't move, by index, with the encoded target components they are shown as
    ///     (colors that keep their value on target displays); the others move away from them.
    ///   - related: which pairs must stay apart (default: all).
    /// - Returns: encoded target components, in the order of `group`.
    public func map(group: [[Double]], mapping: GamutMapping, separation: Double = 2, fixed: [Int: [Double]] = [:],
                    related: (Int, Int) -> Bool = { _, _ in true }) -> [[Double]] {
        var mapped = group.indices.map { fixed[$0] ?? map(group[$0], mapping: mapping) }
        guard mapping == .preserveSeparation, group.count > 1 else { return mapped }
        let sourceLabs = group.map { Lab(xyzD50: sourceXYZ($0)) }
        let sourceOK = group.map(sourceOKLab)
        var required: [[Double]] = Array(repeating: Array(repeating: 0, count: group.count), count: group.count)
        for i in group.indices {
            for j in group.indices where j > i && related(i, j) {
                required[i][j] = min(separation, CIEDE2000.difference(sourceLabs[i], sourceLabs[j]))
            }
        }
        var current = mapped.map(targetOKLab)
        let step = 0.004
        for _ in 0..<400 {
            var moves = Array(repeating: [0.0, 0.0, 0.0], count: group.count)
            var violated = false
            let labs = mapped.map(targetLab)
            for i in group.indices {
                for j in group.indices where j > i && required[i][j] > 0.05 && !(fixed[i] != nil && fixed[j] != nil) {
                    let shown = CIEDE2000.difference(labs[i], labs[j])
                    guard shown < required[i][j] else { continue }
                    violated = true
                    // Push apart along their current difference, falling back to the source difference;
                    // lightness always takes part, since chroma at the gamut boundary is undone by the mapping.
                    var d = [current[i].l - current[j].l, current[i].a - current[j].a, current[i].b - current[j].b]
                    var norm = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
                    if norm < 1e-9 {
                        d = [sourceOK[i].l - sourceOK[j].l, sourceOK[i].a - sourceOK[j].a, sourceOK[i].b - sourceOK[j].b]
                        norm = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
                    }
                    if norm < 1e-9 { d = [1, 0, 0]; norm = 1 }
                    d = d.map { $0 / norm }
                    let lighter: Double = d[0] > 0 || (d[0] == 0 && current[i].l <= current[j].l) ? 1 : -1
                    d[0] += lighter * 0.5
                    let (wi, wj): (Double, Double) = fixed[i] != nil ? (0, 2) : fixed[j] != nil ? (2, 0) : (1, 1)
                    for k in 0..<3 {
                        moves[i][k] += wi * step * d[k]
                        moves[j][k] -= wj * step * d[k]
                    }
                }
            }
            guard violated else { break }
            for i in group.indices where moves[i] != [0, 0, 0] && fixed[i] == nil {
                var moved = OKLab(l: current[i].l + moves[i][0], a: current[i].a + moves[i][1], b: current[i].b + moves[i][2])
                moved.l = min(max(moved.l, 0), 1)
                mapped[i] = css(moved)
                current[i] = targetOKLab(mapped[i])
            }
        }
        return mapped
    }
}
