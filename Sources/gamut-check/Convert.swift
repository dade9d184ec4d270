import ArgumentParser
import Foundation
import GamutKit

/// An option's value as one of a library enum's cases, by raw value. The CLI parses GamutKit's enums this way rather
/// than conforming them to ArgumentParser's protocol, which a client of the library mustn't do to types it doesn't own.
func caseNamed<Value: RawRepresentable & CaseIterable>(_ text: String) throws -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
        throw ValidationError("'\(text)' is not one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return value
}

/// The formats `convert` writes.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case png, jpeg, tiff

    var format: ImageFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .tiff: .tiff
        }
    }

    var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .tiff: "tif"
        }
    }
}

/// `gamut-check convert`: converts images (PNG, JPEG, TIFF, WebP, HEIF, AVIF) to another profile, exactly, and writes
/// PNG (keeping text and pHYs), JPEG or TIFF with the profile embedded.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert images to another color profile and write PNG, JPEG or TIFF with the profile embedded.",
        discussion: """
            Inputs are read by their content (PNG, JPEG, TIFF, WebP, HEIF, AVIF). The output format is --format, \
            or else the output's extension (.jpg/.jpeg, .tif/.tiff; anything else is PNG). PNG gets iCCP plus cICP for \
            sRGB and Display P3; JPEG the profile in APP2 segments; TIFF in tag 34675. Pixels are written upright, as \
            Apple's platforms show them (an EXIF, TIFF or PNG eXIf orientation applied), unless --keep-orientation. \
            Writes each output through a temporary file and a rename, so a failed conversion leaves no \
            partial file; never overwrites an input unless --in-place. A file that fails is reported and \
            the others are still converted; the exit code is then 2.
            """)

    @Argument(help: "Image files to convert.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file (one input only).")
    var output: String?

    @Option(name: .customLong("output-dir"), help: "Folder for the outputs, named like the inputs.")
    var outputDirectory: String?

    @Flag(name: .customLong("in-place"), help: "Replace each input with its conversion.")
    var inPlace = false

    @Option(
        name: .customLong("to"),
        help:
            "Target profile: srgb, display-p3, adobe-rgb, linear-srgb, linear-display-p3, gray-gamma-22, gray-srgb, or a path to an .icc file."
    )
    var target: String

    @Option(help: "Output bits per channel: 8 or 16 (default: the input's).")
    var depth: Int?

    @Option(
        help:
            "Rendering intent: \(RenderingIntent.allCases.map(\.rawValue).joined(separator: ", ")) (default: \(RenderingIntent.relativeColorimetric.rawValue)).",
        transform: caseNamed)
    var intent: RenderingIntent = .relativeColorimetric

    @Option(
        name: .customLong("gamut-map"),
        help: ArgumentHelp(
            "Out-of-gamut handling: clip (as displays do), css (CSS Color 4: lower OKLCh chroma), preserve-separation (css, keeping the image's collapsing colors apart). Default: clip.",
            valueName: "clip|css|preserve-separation"), transform: caseNamed)
    var gamutMapping: GamutMapping = .clip

    @Option(help: "ΔE00 that preserve-separation keeps between colors that collapse.")
    var separation: Double = 2

    @Flag(name: .customLong("black-point-compensation"), help: "Use black-point compensation.")
    var blackPointCompensation = false

    @Flag(
        name: .customLong("keep-orientation"),
        help:
            "Keep pixels as stored and write their orientation tag with them (EXIF, TIFF tag 274, PNG eXIf), rather than turning them upright."
    )
    var keepOrientation = false

    @Option(
        help: ArgumentHelp(
            "Output format (default: from the output's extension; PNG for others). With --output-dir the outputs get its extension.",
            valueName: OutputFormat.allCases.map(\.rawValue).joined(separator: "|")))
    var format: OutputFormat?

    @Option(help: "JPEG quality, 1–100.")
    var quality: Int = JPEG.EncodingOptions().quality

    @Option(
        name: .customLong("tiff-compression"),
        help:
            "TIFF compression: \(TIFF.Compression.allCases.map(\.rawValue).joined(separator: ", ")) (default: \(TIFF.EncodingOptions().compression.rawValue)).",
        transform: caseNamed)
    var tiffCompression: TIFF.Compression = TIFF.EncodingOptions().compression

    @Option(help: "PNG compression level, 0–9 (1, the default, by ISA-L's igzip; the others by zlib).")
    var compression: Int = PNG.EncodingOptions().compressionLevel

    @Option(
        help:
            "PNG row filters the encoder may use: \(PNG.Filters.allCases.map(\.rawValue).joined(separator: ", ")) (default: \(PNG.EncodingOptions().filters.rawValue)).",
        transform: caseNamed)
    var filters: PNG.Filters = PNG.EncodingOptions().filters

    @Option(
        name: .customLong("max-pixels"),
        help:
            "Pixel budget: images with more pixels (width × height) are refused, exit 2 (default \(ImageFile.DecodingOptions.defaultMaximumPixels))."
    )
    var maxPixels: Int?

    func validate() throws {
        guard (maxPixels ?? 1) >= 1 else { throw ValidationError("--max-pixels must be at least 1.") }
        let destinations = [output != nil, outputDirectory != nil, inPlace].filter { $0 }.count
        guard destinations == 1 else {
            throw ValidationError("Choose exactly one of -o/--output, --output-dir or --in-place.")
        }
        if output != nil && inputs.count != 1 {
            throw ValidationError("-o/--output takes one input; use --output-dir for \(inputs.count) inputs.")
        }
        if let depth, depth != 8 && depth != 16 {
            throw ValidationError("--depth must be 8 or 16, not \(depth).")
        }
        guard separation > 0 && separation <= 100 else {
            throw ValidationError("--separation must be a ΔE00 in (0, 100].")
        }
        guard (1...100).contains(quality) else {
            throw ValidationError("--quality must be 1–100.")
        }
        guard (0...9).contains(compression) else {
            throw ValidationError("--compression must be 0–9.")
        }
    }

    func run() throws {
        let profile = try ColorProfile.named(target)
        let inputPaths = Set(inputs.map(Self.canonical))
        var options = ImageFile.EncodingOptions()
        options.png.compressionLevel = compression
        options.png.filters = filters
        options.jpeg.quality = quality
        options.tiff.compression = tiffCompression
        var failures = 0
        // Outputs already given to an input: two inputs of one name in different folders would meet in --output-dir.
        var claimed: [String: String] = [:]
        for input in inputs {
            let destination = destination(for: input)
            do {
                if !inPlace && inputPaths.contains(Self.canonical(destination)) {
                    throw GamutError(.invalidArgument, "refusing to overwrite the input (use --in-place)", path: destination)
                }
                if let earlier = claimed.updateValue(input, forKey: Self.canonical(destination)) {
                    claimed[Self.canonical(destination)] = earlier
                    throw GamutError(
                        .invalidArgument, "refusing to overwrite the conversion of \(earlier), which has the same output name",
                        path: destination)
                }
                var settings = ImageConversion.Settings(
                    profile: profile, bitDepth: depth, intent: intent,
                    blackPointCompensation: blackPointCompensation, encoding: options)
                if let maxPixels { settings.decoding.maximumPixels = maxPixels }
                settings.decoding.keepOrientation = keepOrientation
                settings.format = format?.format
                settings.gamutMapping = gamutMapping
                settings.separation = separation
                let summary = try ImageConversion.convert(file: input, to: destination, settings: settings)
                print(
                    "\(input): \(summary.sourceProfile), \(summary.sourceBitDepth)-bit → \(destination): \(profile.name), \(summary.destinationBitDepth)-bit"
                )
                for warning in summary.warnings { printError("gamut-check: \(input): warning: \(warning)") }
            } catch {
                failures += 1
                printError("gamut-check: \(error)")
            }
        }
        if failures > 0 { throw ExitCode.usageOrInputError }
    }

    private func destination(for input: String) -> String {
        if inPlace { return input }
        if let output { return output }
        var name = URL(fileURLWithPath: input).lastPathComponent
        if let format, ImageFormat(writingExtensionOf: name) != format.format {
            name = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + "." + format.fileExtension
        }
        return URL(fileURLWithPath: outputDirectory ?? ".").appendingPathComponent(name).path
    }

    /// The path with symlinks and `..` resolved, for comparing outputs with inputs.
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
