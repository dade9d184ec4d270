internal import CShaperKernel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C matrix/shaper kernel (`Sources/CShaperKernel`), eight pixels at a time with AVX2, for one
/// ``ShaperKernel`` run: the tables' addresses, valid while the caller holds them.
struct ShaperVectors {
    /// Whether this CPU runs the vector kernel (x86-64 with AVX2), unless the environment variable
    /// `GAMUTKIT_SCALAR_KERNEL` is set (to compare the two, as `Benchmarks/` does).
    static let available = gk_shaper_available() != 0 && getenv("GAMUTKIT_SCALAR_KERNEL") == nil

    private var tables: gk_shaper_tables
    private let inputBits: Int32, inputChannels: Int32, outputBits: Int32, outputChannels: Int32

    init(
        input: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>), matrix: UnsafePointer<Float>,
        output: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>),
        source: PixelFormat, destination: PixelFormat
    ) {
        tables = gk_shaper_tables(input: input, matrix: matrix, output: output)
        inputBits = source.sample == .uint8 ? 8 : 16
        outputBits = destination.sample == .uint8 ? 8 : 16
        inputChannels = Int32(source.channelCount)
        outputChannels = Int32(destination.channelCount)
    }

    /// Converts the color channels of the row's leading pixels and returns how many: the largest multiple
    /// of 8 up to `width`, or 0 where the vector kernel doesn't run. Alpha is left to the caller.
    func row(_ input: UnsafeRawPointer, _ output: UnsafeMutableRawPointer, width: Int) -> Int {
        withUnsafePointer(to: tables) { tables in
            gk_shaper_row(tables, input, inputBits, inputChannels, output, outputBits, outputChannels, width)
        }
    }
}
