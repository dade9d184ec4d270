import Foundation
@testable import GamutKit
import Testing

@Suite("Transform behaviour")
struct TransformBehaviourTests {
    static let image = PNGFixtures.random16(width: 301, height: 97, layout: .rgba, seed: 42)

    @Test("Alpha passes through untouched; 16 → 8 bits rounds it")
    func alpha() throws {
        let t = try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba16)
        let out = try t.convert(Self.image)
        for i in stride(from: 3, to: 301 * 97 * 4, by: 4 * 37) { #expect(out.samples16[i] == Self.image.samples16[i]) }
        let to8 = try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba8).convert(Self.image)
        for i in stride(from: 3, to: 301 * 97 * 4, by: 4 * 37) {
            #expect(Int(to8.bytes[i]) == Int((Double(Self.image.samples16[i]) * 255 / 65535).rounded()))
        }
        // The float paths (GamutKit's and LittleCMS's) copy alpha too.
        let floats = try ColorTransform(from: .displayP3, format: .rgbaFloat, to: .sRGB, format: .rgbaFloat)
        #expect(try floats.convert(samples: [0.5, 0.5, 0.5, 0.25])[3] == 0.25)
        let lcms = try ColorTransform.littleCMS(from: .displayP3, format: .rgbaFloat, to: .sRGB, format: .rgbaFloat)
        #expect(try lcms.convert(samples: [0.5, 0.5, 0.5, 0.25])[3] == 0.25)
        #expect(throws: GamutError.self) { try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgb16) }
    }

    @Test("Row strides are honoured")
    func rowStrides() throws {
        let native = try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba16).convert(Self.image)

        // Padded rows (stride 301*8 + 24) in and out.
        let stride = 301 * 8 + 24
        var padded = [UInt8](repeating: 0xEE, count: stride * 97)
        for y in 0..<97 {
            padded.replaceSubrange(y * stride..<y * stride + 301 * 8, with: Self.image.bytes[y * 301 * 8..<(y + 1) * 301 * 8])
        }
        let paddedIn = try PixelBuffer(width: 301, height: 97, format: .rgba16, bytes: padded, rowBytes: stride)
        var paddedOut = PixelBuffer(width: 301, height: 97, format: .rgba16, rowBytes: stride + 8)
        try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba16).convert(paddedIn, into: &paddedOut)
        for y in [0, 50, 96] {
            #expect(
                Array(paddedOut.bytes[y * (stride + 8)..<y * (stride + 8) + 301 * 8])
                    == Array(native.bytes[y * 301 * 8..<(y + 1) * 301 * 8]))
        }
    }

    @Test("Splitting rows across threads gives the same bytes as one thread", arguments: [1, 2, 3, 8])
    func threads(count: Int) throws {
        let t = try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba8)
        #expect(try t.convert(Self.image, threads: count) == (try t.convert(Self.image, threads: 1)))
    }

    @Test("One transform shared by many tasks gives the serial results")
    func sharedAcrossTasks() async throws {
        let t = try ColorTransform(from: .displayP3, format: .rgba16, to: .sRGB, format: .rgba16)
        let serial = try t.convert(Self.image, threads: 1)
        let results = try await withThrowingTaskGroup(of: PixelBuffer.self) { group in
            for _ in 0..<8 { group.addTask { try t.convert(Self.image, threads: 2) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == serial })
    }

    @Test("Float outputs are unbounded: Display P3 red is outside sRGB")
    func floatUnbounded() throws {
        let t = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .linearSRGB, format: .rgbFloat)
        let out = try t.convert(samples: [1, 0, 0])
        // CSS Color 4: linear P3 (1,0,0) → XYZ → linear sRGB.
        let expected = ExactReference.multiply(ExactReference.xyzToSRGB, ExactReference.multiply(ExactReference.p3ToXYZ, [1, 0, 0]))
        for c in 0..<3 { #expect(abs(out[c] - expected[c]) < 1e-4, "channel \(c): \(out[c]) vs \(expected[c])") }
        #expect(out[0] > 1.2 && out[1] < -0.04)
    }

    @Test("Gray ↔ RGB goes through LittleCMS; white stays white, mid gray stays neutral")
    func gray() throws {
        let toRGB = try ColorTransform(from: .graySRGB, format: .gray16, to: .sRGB, format: .rgb16)
        #expect(!toRGB.usesFastPath)
        let out = try toRGB.convert(samples: [65535, 32768, 0])
        #expect(out[0...2].allSatisfy { abs($0 - 65535) <= 1 })
        #expect(out[3...5].allSatisfy { abs($0 - 32768) <= 2 })
        #expect(out[6...8].allSatisfy { $0 <= 1 })
        let toGray = try ColorTransform(from: .sRGB, format: .rgb8, to: .grayGamma22, format: .gray8)
        let gray = try toGray.convert(samples: [255, 255, 255, 0, 0, 0])
        #expect(gray == [255, 0])
    }

    @Test(
        "Intents and black-point compensation between matrix/TRC built-ins keep the fast path and its results",
        arguments: RenderingIntent.allCases)
    func intents(intent: RenderingIntent) throws {
        let reference = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16).convert(samples: [
            65535, 1000, 30000,
        ])
        let t = try ColorTransform(
            from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16, intent: intent, blackPointCompensation: true)
        #expect(t.usesFastPath == (intent != .absoluteColorimetric))
        let out = try t.convert(samples: [65535, 1000, 30000])
        // Absolute colorimetric between two D65 v4 profiles (media white D50 in both) equals relative.
        for c in 0..<3 { #expect(abs(out[c] - reference[c]) <= 1) }
    }

    @Test("Buffers that don't match the transform are refused")
    func mismatches() throws {
        let t = try ColorTransform(from: .displayP3, format: .rgb16, to: .sRGB, format: .rgb16)
        #expect(throws: GamutError.self) { try t.convert(Self.image) }
        #expect(throws: GamutError.self) { try PixelBuffer(width: 10, height: 10, format: .rgb16, bytes: [1, 2, 3]) }
    }
}
