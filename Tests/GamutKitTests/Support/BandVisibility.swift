import Foundation
import GamutKit

/// A model of whether a flattened stretch of a gradient can be seen: the yardstick the gradient-clipping floors
/// (``AnalysisSettings/flattenedSourceChange``, ``AnalysisSettings/gradientMinimumLoss``,
/// ``AnalysisSettings/gradientMinimumLength``) were set against, independent of the analyzer.
///
/// A row of an image is seen through the eye's spatial filter: S-CIELAB (Zhang & Wandell, "A spatial extension of
/// CIELAB for digital color image reproduction", SID 1996), which blurs an opponent representation of XYZ (Poirson &
/// Wandell 1993) with a sum of Gaussians per channel (luminance sharpest, the chromatic channels much wider), then
/// returns to CIELAB. Both the authored row (the source colors) and the row an sRGB display shows are filtered. What
/// the display does to the *gradient* is their difference with its mean over the row taken out (a uniform shift is
/// clipping, which `visible-clipping` reports, not a band); the band's visibility is the largest CIEDE2000 of that
/// shape error, at any pixel. A band is visible when it is at least one just-noticeable difference (ΔE00 1.0).
///
/// Pixels become degrees through `pixelsPerDegree`: an iPhone at @3x (460 ppi) held at 30 cm has about 95, an iPad at
/// @2x (264 ppi) at 35 cm about 63, a Mac at @2x (220 ppi) at 50 cm about 76. The floors are set at 60, the coarsest
/// (where a band of a given pixel length is largest, so most visible).
enum BandVisibility {
    /// XYZ → opponent (O1 luminance, O2 red–green, O3 blue–yellow), S-CIELAB's matrix.
    static let toOpponent: [[Double]] = [[0.279, 0.72, -0.107], [-0.449, 0.29, -0.077], [0.086, -0.59, 0.501]]
    /// Per opponent channel, (spread in degrees, weight) of each Gaussian, S-CIELAB 1996.
    static let filters: [[(spread: Double, weight: Double)]] = [
        [(0.05, 1.00327), (0.225, 0.114416), (7.0, -0.117686)],
        [(0.0685, 0.616725), (0.826, 0.383275)],
        [(0.0920, 0.567885), (0.6451, 0.432115)],
    ]

    /// The 1-D kernel of one channel at `pixelsPerDegree`: each Gaussian exp(−x²/s²) normalized to sum 1, weighted,
    /// the sum normalized to 1. Half-width: three times the widest spread (capped at 4096 pixels).
    static func kernel(_ channel: Int, pixelsPerDegree: Double) -> [Double] {
        let widest = filters[channel].map(\.spread).max()! * pixelsPerDegree
        let half = min(4096, Int((3 * widest).rounded(.up)))
        var kernel = [Double](repeating: 0, count: 2 * half + 1)
        for (spread, weight) in filters[channel] {
            let s = max(spread * pixelsPerDegree, 1e-3)
            let g = (-half...half).map { exp(-Double($0 * $0) / (s * s)) }
            let sum = g.reduce(0, +)
            for i in kernel.indices { kernel[i] += weight * g[i] / sum }
        }
        let total = kernel.reduce(0, +)
        return kernel.map { $0 / total }
    }

    /// A row of D50 XYZ colors as the eye sees it: filtered in opponent space, edges extended by their last pixel.
    static func filtered(_ xyz: [[Double]], pixelsPerDegree: Double) -> [Lab] {
        let inverse = invert(toOpponent)
        let opponent = xyz.map { v in toOpponent.map { row in row[0] * v[0] + row[1] * v[1] + row[2] * v[2] } }
        var result = [[Double]](repeating: [0, 0, 0], count: xyz.count)
        for c in 0..<3 {
            let k = kernel(c, pixelsPerDegree: pixelsPerDegree)
            let half = k.count / 2
            for i in xyz.indices {
                var sum = 0.0
                for j in k.indices { sum += k[j] * opponent[min(max(i + j - half, 0), xyz.count - 1)][c] }
                result[i][c] = sum
            }
        }
        return result.map { o in Lab(xyzD50: inverse.map { row in row[0] * o[0] + row[1] * o[1] + row[2] * o[2] }) }
    }

    /// The visibility of what the display does to the shape of a row: the largest ΔE00 between the filtered authored
    /// row, shifted by the mean difference between the two, and the filtered shown row.
    /// - Parameters:
    ///   - source: D50 XYZ of each authored pixel.
    ///   - shown: D50 XYZ of each pixel as the display shows it.
    static func visibility(source: [[Double]], shown: [[Double]], pixelsPerDegree: Double = 60) -> Double {
        let a = filtered(source, pixelsPerDegree: pixelsPerDegree), b = filtered(shown, pixelsPerDegree: pixelsPerDegree)
        let n = Double(a.count)
        let offset = (
            l: zip(a, b).map { $0.l - $1.l }.reduce(0, +) / n, a: zip(a, b).map { $0.a - $1.a }.reduce(0, +) / n,
            b: zip(a, b).map { $0.b - $1.b }.reduce(0, +) / n
        )
        return zip(a, b).map { s, d in
            CIEDE2000.difference(Lab(l: s.l - offset.l, a: s.a - offset.a, b: s.b - offset.b), d)
        }.max() ?? 0
    }

    static func invert(_ m: [[Double]]) -> [[Double]] {
        let det =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        return [
            [
                (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det,
                (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det,
            ],
            [
                (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det,
                (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det,
            ],
            [
                (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det,
                (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det,
            ],
        ]
    }
}
