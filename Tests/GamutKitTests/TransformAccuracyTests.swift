@testable import GamutKit
import Testing

/// GamutKit's 16- and 8-bit transforms against exact math (CSS Color 4 matrices, IEC 61966-2-1 curve)
/// and against LittleCMS's float transform. Requirement: every output within ±1 code.
@Suite("Transform accuracy")
struct TransformAccuracyTests {
    static let inputs16 = TestInputs.grid(maxCode: 65535) + TestInputs.random(maxCode: 65535, count: 100_000, seed: 16)
    static let inputs8 = TestInputs.grid(maxCode: 255) + TestInputs.random(maxCode: 255, count: 100_000, seed: 8)

    /// Largest difference in codes between the transform's output and the reference, over all inputs.
    static func maxError(_ transform: ColorTransform, _ inputs: [[Int]], reference: ([Int]) -> [Int]) throws -> (Int, [Int]) {
        let output = try transform.convert(samples: inputs.flatMap { $0.map(Double.init) })
        var worst = (0, [Int]())
        for (i, input) in inputs.enumerated() {
            let expected = reference(input)
            for c in 0..<3 {
                let error = abs(Int(output[i * 3 + c]) - expected[c])
                if error > worst.0 { worst = (error, input) }
            }
        }
        return worst
    }

    @Test("Display P3 → sRGB, 16-bit, in and out of gamut, within ±1 code of exact math")
    func p3ToSRGB16() throws {
        let transform = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16)
        #expect(transform.usesFastPath)
        let (error, worstInput) = try Self.maxError(transform, Self.inputs16) {
            ExactReference.convert($0, maxIn: 65535, maxOut: 65535, toXYZ: ExactReference.p3ToXYZ, fromXYZ: ExactReference.xyzToSRGB)
        }
        #expect(error <= 1, "worst input \(worstInput)")
        // The inputs really do cover both sides of the gamut boundary.
        let outside = Self.inputs16.filter { ExactReference.linearSRGB(fromP3: $0, maxIn: 65535).contains { $0 < 0 || $0 > 1 } }
        #expect(outside.count > 10_000 && outside.count < Self.inputs16.count - 10_000)
    }

    @Test("sRGB → Display P3, 16-bit, within ±1 code of exact math")
    func sRGBToP316() throws {
        let transform = try ColorTransform(from: .sRGB, format: .rgb16, to: .displayP3, format: .rgb16)
        let (error, worstInput) = try Self.maxError(transform, Self.inputs16) {
            ExactReference.convert($0, maxIn: 65535, maxOut: 65535, toXYZ: ExactReference.sRGBToXYZ, fromXYZ: ExactReference.xyzToP3)
        }
        #expect(error <= 1, "worst input \(worstInput)")
    }

    @Test("Display P3 → sRGB, 8-bit, within ±1 code of exact math")
    func p3ToSRGB8() throws {
        let transform = try ColorTransform(from: .displayP3, format: .rgb8, to: .sRGB, format: .rgb8)
        let (error, worstInput) = try Self.maxError(transform, Self.inputs8) {
            ExactReference.convert($0, maxIn: 255, maxOut: 255, toXYZ: ExactReference.p3ToXYZ, fromXYZ: ExactReference.xyzToSRGB)
        }
        #expect(error <= 1, "worst input \(worstInput)")
    }

    @Test("Display P3 16-bit → sRGB 8-bit (what an sRGB display shows), within ±1 code")
    func p3ToSRGB16to8() throws {
        let transform = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb8)
        let (error, worstInput) = try Self.maxError(transform, Self.inputs16) {
            ExactReference.convert($0, maxIn: 65535, maxOut: 255, toXYZ: ExactReference.p3ToXYZ, fromXYZ: ExactReference.xyzToSRGB)
        }
        #expect(error <= 1, "worst input \(worstInput)")
    }

    /// Profiles read from ICC bytes carry s15Fixed16 colorants; their reference is LittleCMS's float
    /// transform of the same profiles.
    @Test(
        "Profiles read from ICC bytes: 16-bit fast path within ±1 code of LittleCMS's float transform",
        arguments: [
            (ColorProfile.BuiltIn.displayP3, ColorProfile.BuiltIn.sRGB), (.sRGB, .displayP3),
            (.adobeRGB, .sRGB), (.displayP3, .adobeRGB), (.linearDisplayP3, .sRGB), (.sRGB, .linearSRGB),
        ])
    func loadedProfilesAgainstFloat(source: ColorProfile.BuiltIn, destination: ColorProfile.BuiltIn) throws {
        let from = try ColorProfile(data: ColorProfile.builtIn(source).data)
        let to = try ColorProfile(data: ColorProfile.builtIn(destination).data)
        let fast = try ColorTransform(from: from, format: .rgb16, to: to, format: .rgb16)
        #expect(fast.usesFastPath)
        let float = try ColorTransform.littleCMS(from: from, format: .rgbFloat, to: to, format: .rgbFloat)
        #expect(!float.usesFastPath)
        let inputs = TestInputs.grid(maxCode: 65535) + TestInputs.random(maxCode: 65535, count: 20_000, seed: 99)
        let reference = try float.convert(samples: inputs.flatMap { $0.map { Double($0) / 65535 } })
        let output = try fast.convert(samples: inputs.flatMap { $0.map(Double.init) })
        var worst = 0
        for i in 0..<output.count {
            let expected = Int((min(max(reference[i], 0), 1) * 65535).rounded())
            worst = max(worst, abs(Int(output[i]) - expected))
        }
        #expect(worst <= 1)
    }
}
