import Foundation
import Testing

@testable import GamutKit

/// Float transforms (32- and 64-bit) between matrix/TRC profiles: inside 0…1 against LittleCMS's double-precision
/// transform and the CSS Color 4 reference math; outside 0…1, the one convention GamutKit follows — each curve
/// mirrored about zero and continued above 1 — as CSS Color 4's sample code writes it (§18, `lin_sRGB`:
/// `sign * Math.pow((abs + 0.055) / 1.055, 2.4)`) and Apple's extended-range sRGB defines it.
@Suite("Float transforms and values outside 0…1")
struct FloatTransformTests {
    /// CSS Color 4's extended sRGB curve (the same for Display P3), written from the spec's sample code.
    static func linearize(_ v: Double) -> Double {
        let a = abs(v)
        return (a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)) * (v < 0 ? -1 : 1)
    }
    static func encode(_ v: Double) -> Double {
        let a = abs(v)
        return (a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055) * (v < 0 ? -1 : 1)
    }
    /// Display P3 → sRGB by the spec's matrices, unbounded.
    static func p3ToSRGB(_ p3: [Double]) -> [Double] {
        let xyz = ExactReference.multiply(ExactReference.p3ToXYZ, p3.map(linearize))
        return ExactReference.multiply(ExactReference.xyzToSRGB, xyz).map(encode)
    }

    static func values(count: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count * 3).map { _ in Double.random(in: range, using: &random) }
    }

    static func worst(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map { abs($0 - $1) }.max() ?? .infinity }

    @Test(
        "Inside 0…1, profiles read from ICC bytes: float64 and float32 agree with LittleCMS's double transform wherever it stays in 0…1",
        arguments: [
            (ColorProfile.BuiltIn.displayP3, ColorProfile.BuiltIn.sRGB), (.sRGB, .displayP3), (.adobeRGB, .sRGB),
            (.displayP3, .linearSRGB),
        ])
    func insideAgainstLittleCMS(source: ColorProfile.BuiltIn, destination: ColorProfile.BuiltIn) throws {
        let from = try ColorProfile(data: ColorProfile.builtIn(source).data)
        let to = try ColorProfile(data: ColorProfile.builtIn(destination).data)
        let inputs = Self.values(count: 5_000, in: 0...1, seed: 7) + [0, 0, 0, 1, 1, 1, 0, 1, 0, 0.02, 0.03, 0.04]
        let reference = try ColorTransform.littleCMS(from: from, format: .rgbDouble, to: to, format: .rgbDouble)
            .convert(samples: inputs)
        let double = try ColorTransform(from: from, format: .rgbDouble, to: to, format: .rgbDouble)
        let float = try ColorTransform(from: from, format: .rgbFloat, to: to, format: .rgbFloat)
        #expect(double.usesFastPath && float.usesFastPath)
        // Outputs that leave 0…1 (out of the destination's gamut) follow the conventions, compared in other tests.
        let inside = reference.indices.filter { (0...1).contains(reference[$0]) }
        #expect(inside.count > reference.count * 3 / 4)
        func worstInside(_ output: [Double]) -> Double { inside.map { abs(output[$0] - reference[$0]) }.max() ?? .infinity }
        // The loaded curves are evaluated at float precision (LittleCMS's cmsEvalToneCurveFloat) on both sides.
        #expect(worstInside(try double.convert(samples: inputs)) < 2e-6)
        #expect(worstInside(try float.convert(samples: inputs)) < 4e-6)
    }

    @Test("Built-in profiles in float64 match the CSS Color 4 math inside and outside 0…1 (−0.5…1.5)")
    func builtInAgainstCSS() throws {
        let transform = try ColorTransform(from: .displayP3, format: .rgbDouble, to: .sRGB, format: .rgbDouble)
        let inputs = Self.values(count: 5_000, in: -0.5...1.5, seed: 11)
        let output = try transform.convert(samples: inputs)
        let expected = stride(from: 0, to: inputs.count, by: 3).flatMap { Self.p3ToSRGB(Array(inputs[$0..<$0 + 3])) }
        #expect(Self.worst(output, expected) < 1e-6)
        // P3 green in extended sRGB, as Apple's and CSS's conventions give it: negative red and blue.
        let green = try transform.convert(samples: [0, 1, 0])
        #expect(Self.worst(green, Self.p3ToSRGB([0, 1, 0])) < 1e-6)
        #expect(abs(green[0] - -0.5116) < 1e-3 && abs(green[1] - 1.0183) < 1e-3 && abs(green[2] - -0.3107) < 1e-3, "\(green)")
    }

    @Test("Extended values survive a round trip P3 → sRGB → P3 in float64 and float32, below 0 and above 1")
    func roundTrip() throws {
        let there = try ColorTransform(from: .displayP3, format: .rgbDouble, to: .sRGB, format: .rgbDouble)
        let back = try ColorTransform(from: .sRGB, format: .rgbDouble, to: .displayP3, format: .rgbDouble)
        let inputs = Self.values(count: 2_000, in: -0.6...1.6, seed: 3)
        #expect(Self.worst(try back.convert(samples: try there.convert(samples: inputs)), inputs) < 1e-9)
        let there32 = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .sRGB, format: .rgbFloat)
        let back32 = try ColorTransform(from: .sRGB, format: .rgbFloat, to: .displayP3, format: .rgbFloat)
        #expect(Self.worst(try back32.convert(samples: try there32.convert(samples: inputs)), inputs) < 1e-5)
    }

    @Test("Below −0.04045 the conventions part: GamutKit mirrors the curve; LittleCMS extends its linear toe")
    func conventionDiffersFromLittleCMS() throws {
        let ours = try ColorTransform(from: .sRGB, format: .rgbDouble, to: .linearSRGB, format: .rgbDouble)
        let lcms = try ColorTransform.littleCMS(from: .sRGB, format: .rgbDouble, to: .linearSRGB, format: .rgbDouble)
        let mirrored = try ours.convert(samples: [-0.5, -0.02, 1.2])
        #expect(abs(mirrored[0] - -pow(0.555 / 1.055, 2.4)) < 1e-9)  // −0.2140
        #expect(abs(mirrored[1] - -0.02 / 12.92) < 1e-12)
        #expect(abs(mirrored[2] - pow(1.255 / 1.055, 2.4)) < 1e-9)
        let toe = try lcms.convert(samples: [-0.5, -0.02, 1.2])
        #expect(abs(toe[0] - -0.5 / 12.92) < 1e-4)  // −0.0387: the linear segment continued
        #expect(abs(toe[1] - mirrored[1]) < 1e-6 && abs(toe[2] - mirrored[2]) < 1e-4)  // where they agree
    }

    @Test("Depths mix: 16-bit in, float64 out is the exact unbounded value; float64 in, 16-bit out is clipped and rounded")
    func mixedDepths() throws {
        let codes = [65535.0, 0, 0, 0, 65535, 0, 1000, 30000, 65000]
        let widened = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgbDouble).convert(samples: codes)
        let expected = stride(from: 0, to: codes.count, by: 3).flatMap { Self.p3ToSRGB(codes[$0..<$0 + 3].map { $0 / 65535 }) }
        #expect(Self.worst(widened, expected) < 1e-6)
        let narrowed = try ColorTransform(from: .displayP3, format: .rgbDouble, to: .sRGB, format: .rgb16)
            .convert(samples: codes.map { $0 / 65535 })
        #expect(narrowed == expected.map { (min(max($0, 0), 1) * 65535).rounded() })
    }

    @Test("Images: converted(to:bitDepth: 64) keeps doubles with alpha; a float64 image converts back to 16 bits")
    func images() throws {
        let samples: [Double] = [0, 1, 0, 0.5, 1.2, -0.1, 0.3, 1]
        let image = Image(pixels: try PixelBuffer(width: 2, height: 1, layout: .rgba, samples: samples), profile: .displayP3)
        let double = try image.converted(to: .sRGB, bitDepth: 64)
        #expect(double.pixels.format == PixelFormat(.rgba, .float64) && double.fileBitDepth == 64)
        #expect(double.pixels.value(x: 0, y: 0, channel: 3) == 0.5 && double.pixels.value(x: 1, y: 0, channel: 3) == 1)
        let green = (0..<3).map { double.pixels.value(x: 0, y: 0, channel: $0) }
        #expect(Self.worst(green, Self.p3ToSRGB([0, 1, 0])) < 1e-6)
        let sixteen = try double.converted(to: .sRGB, bitDepth: 16)
        #expect(sixteen.pixels.integer(x: 0, y: 0, channel: 0) == 0 && sixteen.pixels.integer(x: 0, y: 0, channel: 1) == 65535)
        #expect(throws: GamutError.self) { try image.converted(to: .sRGB, bitDepth: 12) }
        #expect(throws: GamutError.self) { try ImageFile.encode(double, as: .png) }
        #expect(throws: GamutError.self) { try ImageFile.encode(double, as: .tiff) }
    }
}
