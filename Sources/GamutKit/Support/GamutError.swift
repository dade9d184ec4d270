/// An error raised by GamutKit: what went wrong, with which file, and what the C library said.
///
/// Every failure on input (a truncated PNG, a malformed ICC profile, an image too large to decode, an
/// output that can't be written) is reported as a `GamutError`; GamutKit never traps on bad input.
/// Match on ``code`` to handle a kind of failure, and show ``description`` to people.
public struct GamutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added in any release, so a `switch` over codes needs a
    /// `default` (the codes are values, not an enum, as in SwiftNIO).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case invalidProfile, unsupportedProfile, profileMismatch, invalidPNG, invalidImage, unsupportedImage, formatNotBuilt,
                imageTooLarge, invalidArgument, transformFailed, io, invalidCatalog, invalidPolicy
        }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The ICC data is not a usable profile (bad signature, truncated or malformed tags).
        public static let invalidProfile = Code(.invalidProfile)

        /// The profile is valid but can't be used for this operation (for example an output-only profile as a source).
        public static let unsupportedProfile = Code(.unsupportedProfile)

        /// A profile's color space doesn't match the pixels it describes (a CMYK profile in an RGB PNG).
        public static let profileMismatch = Code(.profileMismatch)

        /// The PNG data is broken: truncated, bad CRC, corrupt compressed data, invalid chunk.
        public static let invalidPNG = Code(.invalidPNG)

        /// Image data of another format (WebP, HEIF, AVIF, …) is broken: truncated, sizes that don't add up,
        /// a corrupt bitstream or container, a color chunk or box that can't be read. PNG's is ``invalidPNG``.
        public static let invalidImage = Code(.invalidImage)

        /// The image is valid but uses a feature GamutKit doesn't handle.
        public static let unsupportedImage = Code(.unsupportedImage)

        /// The image's format is read by a codec this build of GamutKit leaves out (see ``ImageFormat/trait``).
        public static let formatNotBuilt = Code(.formatNotBuilt)

        /// The image header declares more pixels (or bytes) than the configured limit.
        public static let imageTooLarge = Code(.imageTooLarge)

        /// A caller passed values that don't fit together (buffer sizes, pixel formats).
        public static let invalidArgument = Code(.invalidArgument)

        /// LittleCMS refused to build a transform between the profiles.
        public static let transformFailed = Code(.transformFailed)

        /// Reading or writing a file failed.
        public static let io = Code(.io)

        /// The path is not an asset catalog folder (an `.xcassets` folder).
        public static let invalidCatalog = Code(.invalidCatalog)

        /// A policy (`.gamut-check.json`) that is not valid JSON, has unknown keys or values out of range.
        public static let invalidPolicy = Code(.invalidPolicy)

        /// The code's name, as written in messages: `invalidPNG`.
        public var description: String { kind.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence naming the problem, for people.
    public var message: String
    /// The file involved, when there is one.
    public var path: String?
    /// What the underlying library said (LittleCMS log lines, `spng_strerror` text, `errno` text).
    public var underlying: [String]

    /// Creates an error.
    public init(_ code: Code, _ message: String, path: String? = nil, underlying: [String] = []) {
        self.code = code
        self.message = message
        self.path = path
        self.underlying = underlying
    }

    /// "path: message (underlying)", the form the CLI prints.
    public var description: String {
        var text = path.map { "\($0): \(message)" } ?? message
        let details = underlying.filter { !$0.isEmpty && !message.contains($0) }
        if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
        return text
    }

    /// The same error, naming `path` if it doesn't name a file yet.
    func at(_ path: String?) -> GamutError {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }
}
