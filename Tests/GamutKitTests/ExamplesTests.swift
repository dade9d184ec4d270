import Foundation
import GamutKit
import Testing

@Suite("Bundled examples")
struct ExamplesTests {
    /// Set GAMUTKIT_REGENERATE_EXAMPLES=1 to rewrite `Examples/` after a deliberate change.
    @Test("Examples/p3-assets.png is what ExampleImages.p3Assets() encodes")
    func p3Assets() throws {
        let path = ProfileTests.repositoryRoot.appendingPathComponent("Examples/p3-assets.png").path
        let image = try ExampleImages.p3Assets()
        let bytes = try PNG.encode(image)
        if ProcessInfo.processInfo.environment["GAMUTKIT_REGENERATE_EXAMPLES"] == "1" {
            try PNG.write(image, to: path)
        }
        let shipped = try #require(FileManager.default.contents(atPath: path))
        // Written with ISA-L's level 1; without the ISAL trait zlib deflates, to other bytes of the same pixels.
        #if ISAL && os(Linux)
            #expect([UInt8](shipped) == bytes)
        #else
            #expect(try PNG.decode([UInt8](shipped)).pixels.bytes == PNG.decode(bytes).pixels.bytes)
        #endif
        let decoded = try PNG.decode([UInt8](shipped))
        #expect(decoded.profile === ColorProfile.displayP3 && decoded.fileBitDepth == 16)
        // The red ramp leaves sRGB: the unbounded sRGB value of P3 (1, 0, 0) has green below 0.
        let toSRGB = try ColorTransform(from: .displayP3, format: .rgbFloat, to: .sRGB, format: .rgbFloat)
        #expect(try toSRGB.convert(samples: [1, 0, 0])[1] < -0.05)
    }
}
