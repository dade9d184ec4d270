import ArgumentParser
import Foundation
import GamutKit

/// `gamut-check profile`: inspect and export ICC profiles.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Inspect ICC profiles and export GamutKit's built-ins.",
        subcommands: [Show.self, Export.self])

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show what a profile says about itself.")

        @Argument(
            help:
                "A built-in name (\(ColorProfile.BuiltIn.allCases.map(\.rawValue).joined(separator: ", "))), a path to an .icc file, or an image (PNG, JPEG, TIFF, WebP, HEIF, AVIF) whose profile to show."
        )
        var profile: String

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        func run() throws {
            let loaded: ColorProfile
            let source: String
            if ImageFormat(contentsOf: profile) != nil {
                // An image: the profile its pixels are in (embedded, signalled, or sRGB when untagged).
                let image = try ImageFile.read(contentsOf: profile)
                loaded = image.profile
                source = "\(profile), \(image.colorSource)"
                for warning in image.warnings { printError("gamut-check: \(profile): warning: \(warning)") }
            } else {
                loaded = try ColorProfile.named(profile)
                source = loaded.builtIn.map { "built-in \($0.rawValue)" } ?? profile
            }
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(loaded.info), as: UTF8.self))
            case .text:
                print(ProfileText.render(loaded.info, source: source))
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a built-in profile to an .icc file.")

        @Argument(help: "A built-in name: \(ColorProfile.BuiltIn.allCases.map(\.rawValue).joined(separator: ", ")).")
        var name: String

        @Option(name: .shortAndLong, help: "The file to write.")
        var output: String

        func validate() throws {
            guard ColorProfile.BuiltIn(rawValue: name.lowercased()) != nil else {
                throw ValidationError(
                    "'\(name)' is not a built-in profile; choose one of \(ColorProfile.BuiltIn.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
        }

        func run() throws {
            let profile = try ColorProfile.named(name)
            try profile.write(to: output)
            print("wrote \(profile.name) (\(profile.data.count) bytes, ID \(profile.info.profileID)) to \(output)")
        }
    }
}

/// Text rendering of ``ProfileInfo`` for people.
enum ProfileText {
    static func render(_ info: ProfileInfo, source: String) -> String {
        func xyz(_ v: XYZ) -> String { String(format: "X %.4f Y %.4f Z %.4f", v.x, v.y, v.z) }
        func curve(_ kind: ToneCurveKind) -> String {
            switch kind {
            case .parametric(let type, let p):
                "parametric type \(type) [" + p.map { String(format: "%.5g", $0) }.joined(separator: ", ") + "]"
            case .sampled(let n): "sampled, \(n) entries"
            }
        }
        var lines = [
            info.description,
            "  source:       \(source)",
            "  version:      \(info.version)",
            "  class:        \(info.deviceClass)    color space: \(info.colorSpace)    PCS: \(info.pcs)",
        ]
        if let white = info.mediaWhitePoint { lines.append("  white point:  \(xyz(white))") }
        for (name, colorant) in zip(["red", "green", "blue"], info.colorants) {
            lines.append("  " + "\(name):".padding(toLength: 14, withPad: " ", startingAt: 0) + xyz(colorant))
        }
        let curves = info.toneCurves.map(curve)
        if let first = curves.first {
            lines.append(
                "  tone curves:  "
                    + (Set(curves).count == 1 ? "\(first)" + (curves.count > 1 ? " (all channels)" : "") : curves.joined(separator: "; ")))
        }
        lines.append(
            "  matrix/TRC:   \(info.isMatrixShaper ? "yes" : "no")\(info.hasLookupTables ? " (has lookup tables, which take precedence)" : "")"
        )
        lines.append("  profile ID:   \(info.profileID)")
        lines.append("  created:      \(info.created)")
        lines.append("  size:         \(info.size) bytes")
        if let copyright = info.copyright { lines.append("  copyright:    \(copyright)") }
        return lines.joined(separator: "\n")
    }
}
