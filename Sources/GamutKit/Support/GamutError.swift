/// An error raised by GamutKit: what went wrong, with which file, and what the C library said.
///
/// Every failure on input (a truncated PNG, a malformed ICC profile, an image too large to decode, an
/// output that can't be written) is reported as a `GamutError`; GamutKit never traps on bad input.
/// Match on ``code`` to handle a kind of failure, and show ``description`` to people.
public struct GamutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The ICC data is not a usable profile (bad signature, truncated or malformed tags).
        case invalidProfile
        /// The profile is valid but can't be used for this operation (for example an output-only profile as a source).
        case unsupportedProfile
        /// A profile's color space doesn't match the pixels it describes (a CMYK profile in an RGB PNG).
        case profileMismatch
        /// The PNG data is broken: truncated, bad CRC, corrupt compressed data, invalid chunk.
        case invalidPNG
        /// Image data of another format (WebP, HEIF, AVIF, …) is broken: truncated, sizes that don't add up,
        /// a corrupt bitstream or container, a color chunk or box that can't be read. PNG's is ``invalidPNG``.
        case invalidImage
        /// The image is valid but uses a feature GamutKit doesn't handle.
        case unsupportedImage
        /// The image's format is read by a codec this build of GamutKit leaves out (see ``ImageFormat/trait``).
        case formatNotBuilt
        /// The image header declares more pixels (or bytes) than the configured limit.
        case imageTooLarge
        /// A caller passed values that don't fit together (buffer sizes, pixel formats).
        case invalidArgument
        /// LittleCMS refused to build a transform between the profiles.
        case transformFailed
        /// Reading or writing a file failed.
        case io
        /// The path is not an asset catalog folder (an `.xcassets` folder).
        case invalidCatalog
        /// A policy (`.gamut-check.json`) that is not valid JSON, has unknown keys or values out of range.
        case invalidPolicy
        /// The code's name, as written in messages: `invalidPNG`.
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence naming the problem, for people.
    public var message: String
    /// The file involved, when there is one.
    public var path: String?
    /// What the underlying library said (LittleCMS log lines, `spng_strerror` text, `errno` text).
    package var underlying: [String]

    /// Creates an error.
    package init(_ code: Code, _ message: String, path: String? = nil, underlying: [String] = []) {
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
