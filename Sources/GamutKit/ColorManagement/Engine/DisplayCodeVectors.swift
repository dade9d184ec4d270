internal import CShaperKernel

/// The C display-code kernel (`gk_display_codes_row` in `Sources/CShaperKernel`): ``PixelPass``'s first step for
/// matrix/TRC sources, eight pixels at a time with AVX2, with the results of the Swift loop bit for bit. Runs where
/// ``ShaperVectors/available`` (so `GAMUTKIT_SCALAR_KERNEL` switches both kernels off).
enum DisplayCodeVectors {
    /// The tables' addresses (valid while the caller holds them), and where the row's lists go.
    struct Row {
        var input: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>)
        var matrix: UnsafePointer<Float>, toXYZ: UnsafePointer<Float>
        var encode: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>)
        var tolerance: Float
        var outside: UnsafeMutablePointer<Int>, outsideXYZ: UnsafeMutablePointer<SIMD3<Float>>
        var edge: UnsafeMutablePointer<Int>, edgeXYZ: UnsafeMutablePointer<SIMD3<Float>>
    }

    /// The codes of the row's leading pixels, into `codes`, and the out-of-gamut and edge pixels listed from the start
    /// of the lists: how many pixels it did (a multiple of 8, 0 where the kernel doesn't run), how many it listed of
    /// each and how many it counted (not transparent).
    static func run(
        _ tables: Row, row: UnsafeRawPointer, sixteenBit: Bool, channels: Int, alphaChannel: Int?, width: Int,
        codes: UnsafeMutablePointer<UInt32>, outOfGamut: UInt32, transparent: UInt32
    ) -> (done: Int, outside: Int, edges: Int, counted: Int) {
        var t = gk_display_tables(
            input: tables.input, matrix: tables.matrix, to_xyz: tables.toXYZ, encode: tables.encode, tolerance: tables.tolerance)
        let outsideXYZ = UnsafeMutableRawPointer(tables.outsideXYZ).assumingMemoryBound(to: Float.self)
        let edgeXYZ = UnsafeMutableRawPointer(tables.edgeXYZ).assumingMemoryBound(to: Float.self)
        var lists = gk_display_lists(
            outside: tables.outside, outside_xyz: outsideXYZ, outside_count: 0, edge: tables.edge, edge_xyz: edgeXYZ,
            edge_count: 0, counted: 0)
        let done = gk_display_codes_row(
            &t, row, sixteenBit ? 16 : 8, Int32(channels), Int32(alphaChannel ?? -1), width, codes, outOfGamut, transparent, &lists)
        return (done, lists.outside_count, lists.edge_count, lists.counted)
    }
}
