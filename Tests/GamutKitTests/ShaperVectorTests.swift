import Foundation
import Testing

@testable import GamutKit

/// The C vector kernel (AVX2, eight pixels at a time) against GamutKit's Swift loop: every output code identical,
/// for every pair of 8/16-bit RGB and RGBA formats, row widths around the vector width, and profiles whose
/// conversions clip (P3 → sRGB), expand (sRGB → P3), go linear, or use curves read from an ICC file.
struct ShaperVectorTests {
    /// Whether this machine should run the vector kernel: x86-64 with AVX2 (read from the CPU's flags).
    static var cpuHasAVX2: Bool {
        #if arch(x86_64) && os(Linux)
            let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            return info.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("avx2") }
        #elseif arch(x86_64)
            return ShaperVectors.available  // macOS: no /proc; sysctl is not worth a dependency here
        #else
            return false
        #endif
    }

    /// AVX2, and GAMUTKIT_SCALAR_KERNEL not set.
    static var expectVectors: Bool { cpuHasAVX2 && ProcessInfo.processInfo.environment["GAMUTKIT_SCALAR_KERNEL"] == nil }

    @Test("The vector kernel runs exactly where the CPU has AVX2 (so the comparisons below are not vacuous)")
    func availability() {
        #expect(ShaperVectors.available == Self.expectVectors)
    }

    static let formats = [PixelFormat(.rgb, .uint16), PixelFormat(.rgba, .uint16), PixelFormat(.rgb, .uint8), PixelFormat(.rgba, .uint8)]

    static func profilePairs() throws -> [(String, ColorProfile, ColorProfile)] {
        // The ICC bytes read back: curves and colorants as LittleCMS reads them, not the exact built-in model.
        let loadedP3 = try ColorProfile(data: ColorProfile.displayP3.data)
        return [
            ("Display P3 → sRGB", .displayP3, .sRGB),
            ("sRGB → Display P3", .sRGB, .displayP3),
            ("Adobe RGB → sRGB", .adobeRGB, .sRGB),
            ("linear Display P3 → sRGB", .linearDisplayP3, .sRGB),
            ("Display P3 read from its ICC file → linear sRGB", loadedP3, .linearSRGB),
        ]
    }

    @Test("Vector and Swift kernels agree on every code", arguments: formats, formats)
    func identical(source: PixelFormat, destination: PixelFormat) throws {
        for (name, from, to) in try Self.profilePairs() {
            let sourceModel = try #require(from.shaper), destinationModel = try #require(to.shaper)
            let vector = try ShaperKernel(source: sourceModel, source, destination: destinationModel, destination, vectorized: true)
            let scalar = try ShaperKernel(source: sourceModel, source, destination: destinationModel, destination, vectorized: false)
            for width in [1, 7, 8, 9, 16, 17, 64, 333] {
                let height = 4
                // Rows padded by 3 bytes, so vector loads meet unaligned rows.
                let inputRowBytes = width * source.bytesPerPixel + 3, outputRowBytes = width * destination.bytesPerPixel + 3
                let input = Self.samples(count: inputRowBytes * height, seed: UInt64(width))
                var fromVector = [UInt8](repeating: 0, count: outputRowBytes * height)
                var fromScalar = fromVector
                input.withUnsafeBytes { inputBytes in
                    fromVector.withUnsafeMutableBytes {
                        vector.run(
                            inputBytes.baseAddress!, inputRowBytes: inputRowBytes, $0.baseAddress!, outputRowBytes: outputRowBytes,
                            width: width, height: height)
                    }
                    fromScalar.withUnsafeMutableBytes {
                        scalar.run(
                            inputBytes.baseAddress!, inputRowBytes: inputRowBytes, $0.baseAddress!, outputRowBytes: outputRowBytes,
                            width: width, height: height)
                    }
                }
                let differing = zip(fromVector, fromScalar).filter { $0 != $1 }.count
                #expect(differing == 0, "\(name), \(source) → \(destination), width \(width): \(differing) bytes differ")
                // Not vacuous: the conversion wrote varied codes.
                if width >= 64 { #expect(Set(fromScalar).count > 100, "\(name), \(source) → \(destination), width \(width)") }
            }
        }
    }

    /// Bytes with every sample value likely: a third random, a third at the extremes (0 and full scale), a third near black.
    static func samples(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let random = UInt8(truncatingIfNeeded: state >> 56)
            switch (index / 7) % 3 {
            case 0: return random
            case 1: return random & 1 == 0 ? 0 : 255
            default: return random & 0x07
            }
        }
    }
}
