import Foundation
import Testing
@testable import GamutKit

/// The digits of findings' messages: ``ColorText`` writes numbers as Foundation's `String(format:)` does (printf's
/// `%.Nf` and `%02X`, the C library's), without calling it on every number.
@Suite("Message numbers")
struct ColorTextTests {
    @Test("fixed(_:places:) writes what String(format: \"%.Nf\") writes, ties, signs and zeros included")
    func fixedMatchesPrintf() {
        var values: [Double] = [0, -0.0, 0.125, 0.375, 2.5, -2.5, 0.0005, 0.0015, 1.0005, 0.9995, -0.0004, 1e-9, 123.456, 99.995, 1e11]
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let unit = Double(state >> 11) / Double(1 << 53)
            values.append((unit - 0.3) * [1, 10, 1000][Int(state % 3)])
            values.append((unit * 1000).rounded() / 1000 + 0.0005)  // halfway in decimal, not in binary
        }
        // The places messages and reports use, then those of catalog components (written with as many decimals as the
        // file had, past the 6 made here).
        for value in values {
            for places in 0...4 {
                #expect(ColorText.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value) at \(places)")
            }
        }
        for value in values.prefix(2_000) {
            for places in [5, 6, 8, 17] {
                #expect(ColorText.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(value) at \(places)")
            }
        }
    }

    @Test("hex(_:) writes #RRGGBB as String(format: \"%02X\") does, clamping to 0…255")
    func hexMatchesPrintf() {
        for codes in [[0, 128, 255], [15, 16, 171], [-4, 300, 9]] {
            #expect(ColorText.hex(codes) == "#" + codes.map { String(format: "%02X", min(max($0, 0), 255)) }.joined())
        }
        #expect(ColorText.hex([255, 0, 6]) == "#FF0006")
    }
}
