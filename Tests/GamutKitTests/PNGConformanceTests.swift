import Foundation
@testable import GamutKit
import Testing

/// GamutKit's PNG reader and writer against an independent one, libpng 1.6 (``LibPNG``, Tests/PNGOracle),
/// over files other encoders wrote: PngSuite and libpng's test images (Fixtures/png-conformance, see its
/// README.md), and files libpng writes here. A GamutKit-only round trip can't see a mistake made the same way
/// in both directions (16-bit byte order, for one); these tests can.
@Suite("PNG conformance against libpng")
struct PNGConformanceTests {
    /// The fixture files, as paths relative to Fixtures/png-conformance.
    enum Fixture {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/png-conformance")

        /// Every PngSuite file and every top-level libpng test image.
        static let readFiles = pngs(in: "pngsuite") + pngs(in: "libpng-testpngs")
        /// Palette indices past the end of PLTE, and short palettes.
        static let badPaletteFiles = pngs(in: "libpng-testpngs/badpal")
        /// Hostile files: bad CRC and Adler-32, truncated, huge ancillary chunks.
        static let crasherFiles = pngs(in: "libpng-testpngs/crashers")

        static func path(_ file: String) -> String { root.appendingPathComponent(file).path }

        static func bytes(_ file: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: root.appendingPathComponent(file)))
        }

        /// The `.png` files directly in `folder`, sorted.
        static func pngs(in folder: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".png") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    // MARK: - Coverage

    @Test("Every fixture is a test case: 60 PngSuite files, 106 libpng test images, 9 bad palettes, 22 crashers")
    func coverage() throws {
        #expect(Fixture.pngs(in: "pngsuite").count == 60)
        #expect(Fixture.pngs(in: "libpng-testpngs").count == 106)
        #expect(Fixture.badPaletteFiles.count == 9)
        #expect(Fixture.crasherFiles.count == 22)
        // Every .png anywhere under the folder is in exactly one of the parameterized lists.
        let enumerator = try #require(FileManager.default.enumerator(atPath: Fixture.root.path))
        let everyPNG = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }
        let listed = Fixture.readFiles + Fixture.badPaletteFiles + Fixture.crasherFiles
        #expect(Set(listed).count == listed.count)
        #expect(Set(everyPNG) == Set(listed), "not covered: \(Set(everyPNG).subtracting(listed).sorted())")
    }

    // libpng, the independent PNG decoder, comes from pkg-config: Linux only.
    #if canImport(PNGOracle)
        // MARK: - Reading

        @Test("Reads like libpng: acceptance, size, format and every sample", arguments: Fixture.readFiles)
        func read(_ file: String) throws {
            let path = Fixture.path(file)
            let bytes = try Fixture.bytes(file)
            switch (Result { () throws(GamutError) in try PNG.decode(bytes, path: path) }, LibPNG.decode(bytes)) {
            case (.failure(let error), .failure):
                // Both refuse (a deliberately corrupt file): GamutKit says so with a typed error naming the file.
                Self.expectNamesFile(error, path: path)
            case (.failure(let error), .success):
                Issue.record("\(file): GamutKit refuses a file libpng reads: \(error)")
            case (.success, .failure(let refusal)):
                Issue.record("\(file): GamutKit reads a file libpng refuses (\(refusal))")
            case (.success(let image), .success(let reference)):
                Self.expectSameImage(file, image, reference)
                #expect(
                    image.fileBitDepth == reference.fileBitDepth,
                    "\(file): GamutKit's fileBitDepth is \(image.fileBitDepth), the file's \(reference.fileBitDepth)")
            }
        }

        @Test("Reads color chunks like libpng: iCCP profile bytes, sRGB intent, gAMA and cHRM", arguments: Fixture.readFiles)
        func readColor(_ file: String) throws {
            let bytes = try Fixture.bytes(file)
            // libpng 1.6.39 predates cICP, which GamutKit puts first: those files' color is `H273Tests`' to check.
            guard !PNGFixtures.chunks(bytes).contains(where: { $0.type == "cICP" }) else { return }
            guard case .success(let reference) = LibPNG.decode(bytes) else {
                // A deliberately corrupt file, which libpng refuses: GamutKit must refuse it too, so there is no color to compare.
                #expect(throws: GamutError.self) { try PNG.decode(bytes, path: Fixture.path(file)) }
                return
            }
            let image = try PNG.decode(bytes, path: Fixture.path(file))
            try Self.expectSameColor(file, image, reference)
        }

        // MARK: - Writing

        @Test("Writes what it read so that libpng reads back the same samples, alpha and profile", arguments: Fixture.readFiles)
        func rewrite(_ file: String) throws {
            let bytes = try Fixture.bytes(file)
            guard case .success = LibPNG.decode(bytes) else {
                // A deliberately corrupt file both refuse: nothing to write.
                #expect(throws: GamutError.self) { try PNG.decode(bytes, path: Fixture.path(file)) }
                return
            }
            let image = try PNG.decode(bytes, path: Fixture.path(file))
            let png = try PNG.encode(image)
            let reference: LibPNG.Image
            switch LibPNG.decode(png) {
            case .success(let decoded): reference = decoded
            case .failure(let refusal):
                Issue.record("\(file): libpng refuses GamutKit's encoding (\(refusal))")
                return
            }
            Self.expectSameImage("\(file) rewritten by GamutKit", image, reference, sides: .write)
            let format = image.pixels.format
            let colorType =
                switch format.layout {
                case .gray: 0
                case .rgb: 2
                case .grayAlpha: 4
                default: 6
                }
            #expect(
                reference.fileColorType == colorType && reference.fileBitDepth == format.bytesPerSample * 8,
                "\(file): GamutKit wrote color type \(reference.fileColorType) at \(reference.fileBitDepth) bits for \(format)")
            let read = reference.iccp.map { "a \($0.profile.count)-byte iCCP" } ?? "no iCCP"
            let warning = reference.warning.map { " (libpng warns: \($0))" } ?? ""
            #expect(
                reference.iccp?.profile == image.profile.data,
                "\(file): libpng reads \(read) for GamutKit's \(image.profile.data.count)-byte profile '\(image.profile.name)'\(warning)")
        }

        // MARK: - 16-bit values whose two bytes differ

        /// Samples whose high and low bytes differ (and 0, 65535), so a byte-order mistake can't go unseen.
        /// The first RGB pixel is (1000, 30000, 50000).
        static let distinctBytes16 = [
            1000, 30000, 50000, 0x0102, 0xFF00, 0x00FF, 65535, 0, 1, 0x1234, 0xABCD, 0x8001,
            0x7FFE, 0x00FE, 0xFE01, 0x3412,
        ]
        static let layouts: [PixelFormat.Layout] = [.gray, .grayAlpha, .rgb, .rgba]

        @Test("16-bit samples another encoder wrote decode to exactly their values", arguments: layouts, [false, true])
        func read16(layout: PixelFormat.Layout, interlaced: Bool) throws {
            let channels = PixelFormat(layout, .uint16).channelCount
            let samples = Array(Self.distinctBytes16.prefix(4 * channels))
            let png = try LibPNG.encode(.init(width: 2, height: 2, layout: layout, depth: 16, samples: samples, interlaced: interlaced))
            let image = try PNG.decode(png)
            #expect(image.pixels.format == PixelFormat(layout, .uint16))
            let name = "libpng-written \(layout) 16-bit\(interlaced ? " interlaced" : "")"
            if let difference = Self.difference(
                gamutKit: Self.samples(image.pixels), libpng: samples, width: 2, channels: channels, depth: 16,
                sides: .expected)
            {
                Issue.record("\(name): \(difference)")
            }
        }

        @Test("An iCCP another encoder wrote is the profile GamutKit reads", arguments: [PixelFormat.Layout.gray, .rgba])
        func readICCP(layout: PixelFormat.Layout) throws {
            // None of the fixture files has an iCCP chunk, so libpng writes some.
            let profile: ColorProfile = layout == .gray ? .grayGamma22 : .displayP3
            let channels = PixelFormat(layout, .uint16).channelCount
            let png = try LibPNG.encode(
                .init(
                    width: 2, height: 2, layout: layout, depth: 16, samples: Array(Self.distinctBytes16.prefix(4 * channels)),
                    iccp: (name: "Made by libpng", profile: profile.data)))
            let reference = try LibPNG.decode(png).get()
            try #require(reference.iccp != nil, "libpng dropped the profile: \(reference.warning ?? "no warning")")
            let image = try PNG.decode(png)
            try Self.expectSameColor("libpng-written \(layout) with iCCP", image, reference)
            #expect(image.colorSource == .iccp(name: "Made by libpng"))
        }

        @Test("A 16-bit sRGB file of (1000, 30000, 50000) converts to 8-bit sRGB (4, 117, 195)")
        func convert16() throws {
            let png = try LibPNG.encode(
                .init(
                    width: 2, height: 2, layout: .rgb, depth: 16,
                    samples: Array(Self.distinctBytes16.prefix(12)), srgbIntent: 0))
            let image = try PNG.decode(png)
            #expect(image.colorSource == .srgbChunk(intent: 0))
            let converted = try image.converted(to: .sRGB, bitDepth: 8)
            #expect(converted.pixels.format == .rgb8)
            #expect((0..<3).map { converted.pixels.integer(x: 0, y: 0, channel: $0) } == [4, 117, 195])
        }

        @Test("GamutKit's 16-bit samples are what libpng reads back", arguments: layouts)
        func write16(layout: PixelFormat.Layout) throws {
            let channels = PixelFormat(layout, .uint16).channelCount
            let samples = Array(Self.distinctBytes16.prefix(4 * channels))
            let pixels = try PixelBuffer(width: 2, height: 2, layout: layout, samples: samples.map { UInt16($0) })
            let profile: ColorProfile = PixelFormat(layout, .uint16).colorChannelCount == 1 ? .grayGamma22 : .displayP3
            let reference = try LibPNG.decode(try PNG.encode(Image(pixels: pixels, profile: profile))).get()
            #expect(reference.fileBitDepth == 16 && reference.channels == channels)
            if let difference = Self.difference(
                gamutKit: samples, libpng: reference.samples, width: 2, channels: channels, depth: 16,
                sides: .write)
            {
                Issue.record("GamutKit-written \(layout) 16-bit: \(difference)")
            }
            #expect(reference.iccp?.profile == profile.data)
        }

        @Test("16-bit gray tRNS 0x1234 (written by libpng): alpha is 0 exactly on those pixels")
        func grayTransparency16() throws {
            // 0x3412 is 0x1234 byte-swapped: a decoder comparing in the wrong byte order makes it transparent instead.
            let gray = [0x1234, 0x3412, 0x1234, 0x0012, 0x1200, 0xFFFF]
            let png = try LibPNG.encode(.init(width: 3, height: 2, layout: .gray, depth: 16, samples: gray, transparent: [0x1234]))
            let image = try PNG.decode(png)
            try #require(image.pixels.format == .grayAlpha16, "GamutKit decodes 16-bit gray with tRNS as \(image.pixels.format)")
            let expected = gray.flatMap { [$0, $0 == 0x1234 ? 0 : 65535] }
            if let difference = Self.difference(
                gamutKit: Self.samples(image.pixels), libpng: expected, width: 3, channels: 2, depth: 16,
                sides: .expected)
            {
                Issue.record("libpng-written 16-bit gray with tRNS 0x1234: \(difference)")
            }
            #expect(try LibPNG.decode(png).get().samples == expected, "the oracle itself")
        }

        @Test("16-bit RGB tRNS (0x1234, 0x5678, 0x9ABC) (written by libpng): alpha is 0 exactly on those pixels")
        func rgbTransparency16() throws {
            let rgb = [0x1234, 0x5678, 0x9ABC, 0x3412, 0x7856, 0xBC9A, 0x1234, 0x5678, 0x9ABD, 0x1234, 0x5678, 0x9ABC]
            let png = try LibPNG.encode(
                .init(width: 2, height: 2, layout: .rgb, depth: 16, samples: rgb, transparent: [0x1234, 0x5678, 0x9ABC]))
            let image = try PNG.decode(png)
            try #require(image.pixels.format == .rgba16, "GamutKit decodes 16-bit RGB with tRNS as \(image.pixels.format)")
            var expected: [Int] = []
            for i in stride(from: 0, to: rgb.count, by: 3) {
                let pixel = Array(rgb[i..<i + 3])
                expected += pixel + [pixel == [0x1234, 0x5678, 0x9ABC] ? 0 : 65535]
            }
            if let difference = Self.difference(
                gamutKit: Self.samples(image.pixels), libpng: expected, width: 2, channels: 4, depth: 16,
                sides: .expected)
            {
                Issue.record("libpng-written 16-bit RGB with tRNS: \(difference)")
            }
            #expect(try LibPNG.decode(png).get().samples == expected, "the oracle itself")
        }

        // MARK: - Bad palettes and hostile files

        @Test(
            "Palette indices past PLTE: read as libpng reads them (black), or refused with an error naming the file",
            arguments: Fixture.badPaletteFiles)
        func badPalette(_ file: String) throws {
            let path = Fixture.path(file)
            let bytes = try Fixture.bytes(file)
            let indices = try LibPNG.paletteIndices(bytes).get()
            #expect(
                indices.largestIndex >= indices.entries,
                "\(file): largest index \(indices.largestIndex) is within the \(indices.entries)-entry PLTE, so this file tests nothing")
            let reference = try LibPNG.decode(bytes).get()  // libpng reads them all, an out-of-range index as opaque black
            do throws(GamutError) {
                let image = try PNG.decode(bytes, path: path)
                Self.expectSameImage(file, image, reference)
            } catch {
                Self.expectNamesFile(error, path: path)
            }
        }

        // What each crasher did when this suite was written (libspng 0.7.3, libpng 1.6.39). All 22 throw `.invalidPNG`;
        // none decodes.
        // - badadler.png: "cannot decode the image data: IDAT stream error" (libpng: "IDAT: incorrect data check").
        // - badcrc.png: "cannot read the chunks after the image data: invalid chunk checksum" (libpng: "IDAT: CRC error").
        // - huge_IDAT.png: "cannot decode the image data: the file ends early (…)" (libpng: "unexpected end of file").
        // - huge_{bKGD,cHRM,gAMA,hIST,iCCP,iTXt,pHYs,sRGB,tEXt,tIME,zTXt}_chunk.png: "cannot read the chunks before the
        //   image data: the file ends early (…)"; huge_{eXIf,pCAL,sCAL,sPLT,sTER}_chunk.png and huge_juNK_unsafe_to_copy.png,
        //   huge_juNk_safe_to_copy.png: "…: reached chunk/cache limits". Each is a header and one chunk declaring about
        //   2 GB with the file ending there (no image data at all); libpng refuses them all with "unexpected end of file".
        // - empty_ancillary_chunks.png: libspng 0.7.3 refuses it ("reached chunk/cache limits") whatever the chunk limits;
        //   libpng reads it (a 1×1 RGB image), dropping the empty ancillary chunks with a warning ("zTXt: bad keyword").
        //   GamutKit now does the same: it reads the file again without the damaged ancillary chunks (keeping the
        //   color chunks) and warns, so the samples equal libpng's.
        // At commit e0db61b, the huge_*_chunk files and empty_ancillary_chunks.png said "cannot size the image:
        // non-recoverable state" (libspng's SPNG_EBADSTATE, hiding the real error); `expectNamesFile` rejects that.
        @Test(
            "Hostile files: a typed error naming the file and the first real problem, or read when only ancillary data is damaged",
            arguments: Fixture.crasherFiles)
        func crasher(_ file: String) throws {
            let path = Fixture.path(file)
            let bytes = try Fixture.bytes(file)
            do throws(GamutError) {
                let image = try PNG.decode(bytes, path: path)
                // Read: the damage must have been ancillary, so libpng reads the same image.
                switch LibPNG.decode(bytes) {
                case .success(let reference): Self.expectSameImage(file, image, reference)
                case .failure(let refusal): Issue.record("\(file): GamutKit reads a file libpng refuses (\(refusal))")
                }
            } catch {
                Self.expectNamesFile(error, path: path)
                // Refused: libpng must refuse it too (a file whose damage is only ancillary is read, as libpng reads it).
                if case .success = LibPNG.decode(bytes) { Issue.record("\(file): libpng reads it, GamutKit refuses it: \(error)") }
            }
        }

        // MARK: - Comparing

        /// Every sample of `pixels`, row by row, as its value.
        static func samples(_ pixels: PixelBuffer) -> [Int] {
            var samples: [Int] = []
            samples.reserveCapacity(pixels.width * pixels.height * pixels.format.channelCount)
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    for channel in 0..<pixels.format.channelCount { samples.append(pixels.integer(x: x, y: y, channel: channel)) }
                }
            }
            return samples
        }

        /// How a failure message names the two sides of a comparison.
        struct Sides {
            var gamutKit: String
            var libpng: String
            /// Reading a file: what each decoder makes of it.
            static let read = Sides(gamutKit: "GamutKit decodes", libpng: "libpng decodes")
            /// Writing: the samples GamutKit was given, and what libpng reads from the file GamutKit wrote.
            static let write = Sides(gamutKit: "GamutKit's buffer holds", libpng: "libpng reads back")
            /// A file with known contents.
            static let expected = Sides(gamutKit: "GamutKit decodes", libpng: "the file holds")
        }

        /// The first sample where GamutKit and libpng differ, described for a failure message; nil when none does.
        static func difference(gamutKit: [Int], libpng: [Int], width: Int, channels: Int, depth: Int, sides: Sides = .read) -> String? {
            guard gamutKit != libpng else { return nil }
            guard gamutKit.count == libpng.count else {
                return "\(gamutKit.count) samples (\(sides.gamutKit)), \(libpng.count) (\(sides.libpng))"
            }
            let differing = gamutKit.indices.filter { gamutKit[$0] != libpng[$0] }
            let i = differing[0]
            let pixel = i / channels
            func show(_ value: Int) -> String {
                "\(value) (0x\(String(value, radix: 16, uppercase: true).leftPadded(to: depth / 4)))"
            }
            var text =
                "first differing sample is #\(i) (x \(pixel % width), y \(pixel / width), channel \(i % channels)): "
                + "\(sides.gamutKit) \(show(gamutKit[i])), \(sides.libpng) \(show(libpng[i])); \(differing.count) of \(libpng.count) samples differ"
            if depth == 16,
                differing.allSatisfy({ UInt16(truncatingIfNeeded: gamutKit[$0]).byteSwapped == UInt16(truncatingIfNeeded: libpng[$0]) })
            {
                text += ", every one byte-swapped"
            }
            return text
        }

        /// Same size, channels, depth and samples.
        static func expectSameImage(_ file: String, _ image: Image, _ reference: LibPNG.Image, sides: Sides = .read) {
            let format = image.pixels.format
            #expect(
                image.width == reference.width && image.height == reference.height,
                "\(file): GamutKit \(image.width)×\(image.height), libpng \(reference.width)×\(reference.height)")
            let sameFormat = format.channelCount == reference.channels && format.bytesPerSample * 8 == reference.depth
            #expect(sameFormat, "\(file): GamutKit \(format), libpng \(reference.channels) channels at \(reference.depth) bits")
            guard sameFormat, image.width == reference.width else { return }
            if let difference = difference(
                gamutKit: samples(image.pixels), libpng: reference.samples, width: reference.width,
                channels: reference.channels, depth: reference.depth, sides: sides)
            {
                Issue.record("\(file): \(difference)")
            }
        }

        /// The color interpretation libpng's chunks call for, in PNG's precedence (iCCP, sRGB, gAMA/cHRM, none).
        static func expectSameColor(_ file: String, _ image: Image, _ reference: LibPNG.Image) throws {
            let isGray = image.pixels.format.colorChannelCount == 1
            if let iccp = reference.iccp {
                #expect(image.colorSource == .iccp(name: iccp.name), "\(file): GamutKit's color source is \(image.colorSource)")
                #expect(
                    image.profile.data == iccp.profile,
                    "\(file): GamutKit's profile has \(image.profile.data.count) bytes, libpng's iCCP \(iccp.profile.count)")
            } else if let intent = reference.srgbIntent {
                #expect(image.colorSource == .srgbChunk(intent: intent), "\(file): GamutKit's color source is \(image.colorSource)")
                #expect(
                    image.profile === (isGray ? ColorProfile.graySRGB : .sRGB), "\(file): GamutKit's profile is '\(image.profile.name)'")
            } else if reference.gamma != nil || reference.chromaticities != nil {
                guard case .gammaAndChromaticities(let gamma, let primaries) = image.colorSource else {
                    let chunks = "gAMA \(String(describing: reference.gamma)) and cHRM \(String(describing: reference.chromaticities))"
                    Issue.record("\(file): libpng reads \(chunks); GamutKit's color source is \(image.colorSource)")
                    return
                }
                #expect(
                    isClose(gamma, reference.gamma),
                    "\(file): gAMA: GamutKit \(String(describing: gamma)), libpng \(String(describing: reference.gamma))")
                #expect(
                    isClose(primaries, reference.chromaticities),
                    "\(file): cHRM: GamutKit \(String(describing: primaries)), libpng \(String(describing: reference.chromaticities))")
                // gAMA holds the encoding exponent: a stored 0.5 means linear 0.5^(1/gAMA); without gAMA, sRGB's curve.
                let linear =
                    isGray
                    ? try ColorProfile(grayTransfer: .linear, description: "linear gray")
                    : try ColorProfile(primaries: primaries ?? .sRGB, transfer: .linear, description: "linear")
                let floats: PixelFormat = isGray ? .grayFloat : .rgbFloat
                let toLinear = try ColorTransform(from: image.profile, format: floats, to: linear, format: floats)
                let decoded = try toLinear.convert(samples: isGray ? [0.5] : [0.5, 0.5, 0.5])
                let expected = reference.gamma.map { pow(0.5, 1 / $0) } ?? TransferFunction.sRGB.linearize(0.5)
                #expect(decoded.allSatisfy { abs($0 - expected) < 2e-3 }, "\(file): stored 0.5 decodes to \(decoded), expected \(expected)")
            } else {
                #expect(image.colorSource == .untagged, "\(file): GamutKit's color source is \(image.colorSource)")
            }
        }

        static func isClose(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): abs(a - b) < 1e-6
            default: false
            }
        }

        static func isClose(_ a: RGBPrimaries?, _ b: RGBPrimaries?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?):
                return [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.white, b.white)]
                    .allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }
            default: return false
            }
        }

        /// A typed error that names the file (its `path`, and its description) and says what went wrong first,
        /// not that the decoder was left in a bad state by an earlier failure.
        static func expectNamesFile(_ error: GamutError, path: String) {
            #expect(error.path == path, "\(error)")
            #expect(error.description.contains((path as NSString).lastPathComponent), "\(error)")
            let lowered = error.description.lowercased()
            #expect(
                !lowered.contains("non-recoverable") && !lowered.contains("invalid state") && !lowered.contains("bad state"),
                "\(error)")
        }
    #endif
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
