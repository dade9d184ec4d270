extension Lab {
    /// D50 XYZ (Y of white = 1): the inverse of ``init(xyzD50:)`` (CIE 15:2004, §8.2.1, with ε and κ as there).
    public var xyzD50: [Double] {
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        @inline(__always) func finv(_ f: Double) -> Double {
            let cube = f * f * f
            return cube > 216.0 / 24389.0 ? cube : (116 * f - 16) / (24389.0 / 27.0)
        }
        let y = l > 8 ? fy * fy * fy : l / (24389.0 / 27.0)
        return [finv(fx) * 0.9642, y, finv(fz) * 0.8249]
    }
}
