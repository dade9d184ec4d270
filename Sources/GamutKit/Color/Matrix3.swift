/// A 3×3 matrix of doubles, row-major, for color-space matrices (RGB ↔ XYZ, chromatic adaptation).
struct Matrix3: Sendable, Equatable {
    var m: [Double]  // 9 values, row-major

    init(_ rows: [[Double]]) {
        m = rows.flatMap { $0 }
    }

    init(columns a: [Double], _ b: [Double], _ c: [Double]) {
        m = [a[0], b[0], c[0], a[1], b[1], c[1], a[2], b[2], c[2]]
    }

    static let identity = Matrix3([[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    subscript(row: Int, column: Int) -> Double { m[row * 3 + column] }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        var rows = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                rows[i][j] = a[i, 0] * b[0, j] + a[i, 1] * b[1, j] + a[i, 2] * b[2, j]
            }
        }
        return Matrix3(rows)
    }

    static func * (a: Matrix3, v: [Double]) -> [Double] {
        (0..<3).map { i in a[i, 0] * v[0] + a[i, 1] * v[1] + a[i, 2] * v[2] }
    }

    static func diagonal(_ d: [Double]) -> Matrix3 {
        Matrix3([[d[0], 0, 0], [0, d[1], 0], [0, 0, d[2]]])
    }

    /// The inverse, or nil when the matrix is singular.
    var inverse: Matrix3? {
        let a = self
        let c00 = a[1, 1] * a[2, 2] - a[1, 2] * a[2, 1]
        let c01 = a[1, 2] * a[2, 0] - a[1, 0] * a[2, 2]
        let c02 = a[1, 0] * a[2, 1] - a[1, 1] * a[2, 0]
        let det = a[0, 0] * c00 + a[0, 1] * c01 + a[0, 2] * c02
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let r = 1 / det
        return Matrix3([
            [c00 * r, (a[0, 2] * a[2, 1] - a[0, 1] * a[2, 2]) * r, (a[0, 1] * a[1, 2] - a[0, 2] * a[1, 1]) * r],
            [c01 * r, (a[0, 0] * a[2, 2] - a[0, 2] * a[2, 0]) * r, (a[0, 2] * a[1, 0] - a[0, 0] * a[1, 2]) * r],
            [c02 * r, (a[0, 1] * a[2, 0] - a[0, 0] * a[2, 1]) * r, (a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0]) * r],
        ])
    }
}

extension Matrix3 {
    /// The rows, for callers outside GamutKit.
    var rows: [[Double]] { [Array(m[0..<3]), Array(m[3..<6]), Array(m[6..<9])] }
}
