internal import CShaperKernel

/// The C Lab/CIEDE2000 kernel (`gk_outside_lab_de00` in `Sources/CShaperKernel`): ``PixelPass``'s measurement of a
/// row's out-of-gamut pixels, eight at a time with AVX2, with ``BatchColorMath``'s results bit for bit. The kernel
/// checks the CPU; the pass calls it where ``ShaperVectors/available`` (``PixelPass/vectorDifferences``), so
/// `GAMUTKIT_SCALAR_KERNEL` switches it off with the other kernels.
enum OutsideColorVectors {
    /// Lab, ΔE00 and the fallback flag (nearly opposite hues, to recompute in double precision) of the first `count`
    /// pixels listed, from their source XYZ and the Lab they are shown as; returns how many it did (a multiple of 8, 0
    /// where the kernel doesn't run).
    static func run(
        xyz: UnsafePointer<SIMD3<Float>>, shown: UnsafePointer<SIMD3<Float>>, lab: UnsafeMutablePointer<SIMD3<Float>>,
        deltaE: UnsafeMutablePointer<Float>, fallback: UnsafeMutablePointer<Int32>, count: Int
    ) -> Int {
        func floats(_ p: UnsafePointer<SIMD3<Float>>) -> UnsafePointer<Float> {
            UnsafeRawPointer(p).assumingMemoryBound(to: Float.self)
        }
        return gk_outside_lab_de00(
            floats(xyz), floats(shown), UnsafeMutableRawPointer(lab).assumingMemoryBound(to: Float.self), deltaE, fallback,
            count)
    }
}
