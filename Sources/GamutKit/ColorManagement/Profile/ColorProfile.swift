import Foundation

/// An ICC color profile: one of GamutKit's built-ins, or one read from ICC bytes or a file.
///
/// Profiles are immutable and safe to share across tasks: LittleCMS serializes tag reads on a
/// profile with its own mutex, and GamutKit never modifies a profile after creating it.
///
/// Built-in profiles (``sRGB``, ``displayP3``, …) are held unquantized in memory, so transforms
/// between them follow the exact math of their primaries and curves; their ``data`` (what you save or
/// embed) stores colorants as ICC s15Fixed16 numbers, like any ICC file, with a fixed creation date
/// and the MD5 profile ID computed, so the same code always writes the same bytes.
public final class ColorProfile: Sendable {
    /// The LittleCMS profile used to build transforms.
    let handle: LCMSProfile
    /// The matrix/TRC model for GamutKit's fast path, when the profile is an RGB matrix/TRC profile.
    let shaper: ShaperModel?

    /// The profile's ICC bytes: for built-ins, the canonical bytes; for loaded profiles, the bytes as read.
    public let data: [UInt8]
    /// What the profile says about itself (read from ``data``).
    public let info: ProfileInfo
    /// Which built-in this is, or nil for a profile read from bytes.
    public let builtIn: BuiltIn?

    init(handle: LCMSProfile, shaper: ShaperModel?, data: [UInt8], info: ProfileInfo, builtIn: BuiltIn?) {
        self.handle = handle
        self.shaper = shaper
        self.data = data
        self.info = info
        self.builtIn = builtIn
    }

    /// The default largest ICC profile GamutKit reads: 32 MiB.
    public static let defaultMaximumSize = 32 << 20

    /// Reads a profile from ICC bytes.
    ///
    /// LittleCMS opens a profile lazily; GamutKit also reads every tag it relies on, so a profile with
    /// truncated or malformed tags fails here rather than in a later transform.
    /// - Parameters:
    ///   - data: the ICC bytes.
    ///   - path: the file the bytes came from, named in errors.
    ///   - maximumSize: the largest profile accepted, in bytes.
    /// - Throws: ``GamutError`` `.invalidProfile` (bad signature, truncated, malformed tags) or
    ///   `.unsupportedProfile` (neither matrix/TRC tags nor lookup tables).
    public convenience init(data: [UInt8], path: String? = nil, maximumSize: Int = defaultMaximumSize) throws(GamutError) {
        guard data.count <= maximumSize else {
            throw GamutError(.invalidProfile, "ICC profile of \(data.count) bytes exceeds the limit of \(maximumSize) bytes", path: path)
        }
        guard data.count >= 132 else {
            throw GamutError(.invalidProfile, "ICC profile truncated: \(data.count) bytes, a header and tag count need 132", path: path)
        }
        try ICCFraming.check(data, path: path)
        let handle = try LCMSProfile.open(data, path: path)
        try ProfileInspection.validate(handle, path: path)
        let info = ProfileInspection.info(of: handle, size: data.count)
        let shaper = ShaperModel(loadedFrom: handle, info: info)
        // Colorants LittleCMS would use that can't tell colors apart (all zero: every color black) are a broken profile.
        if let shaper, !info.hasLookupTables, shaper.toXYZD50.inverse == nil {
            throw GamutError(
                .invalidProfile, "its colorants (rXYZ, gXYZ, bXYZ) are singular: they map different colors to one", path: path)
        }
        self.init(handle: handle, shaper: shaper, data: data, info: info, builtIn: nil)
    }

    /// Reads a profile from an `.icc` / `.icm` file.
    /// - Throws: ``GamutError`` `.io` when the file can't be read, or the errors of ``init(data:path:maximumSize:)``.
    public convenience init(contentsOf path: String, maximumSize: Int = defaultMaximumSize) throws(GamutError) {
        let bytes = try FileIO.read(path, maximumSize: maximumSize, what: "ICC profile")
        try self.init(data: bytes, path: path, maximumSize: maximumSize)
    }

    /// The profile serialized by LittleCMS with its MD5 profile ID computed (ICC.1:2010 7.2.18).
    ///
    /// Built-ins return ``data``; a loaded profile is re-serialized, which keeps its tags and fills in
    /// the ID if the file had none.
    public func serialized() throws(GamutError) -> [UInt8] {
        if builtIn != nil { return data }
        return try ICCSerializer.canonicalBytes(data, fixDate: false, path: nil)
    }

    /// Writes ``serialized()`` to a file, atomically (a temporary file renamed into place).
    public func write(to path: String) throws(GamutError) {
        try FileIO.writeAtomically(try serialized(), to: path)
    }

    /// The profile's description, for people.
    public var name: String { info.description }

    /// The profile's data color space as its ICC signature, trailing spaces removed: `RGB`, `GRAY`, `CMYK`, `Lab`, …
    public var colorSpace: String { info.colorSpace.description }

    /// The number of color channels of the profile's color space (gray 1, RGB 3, CMYK 4).
    public var channelCount: Int {
        LCMSProfile.channelCount(ofColorSpace: info.colorSpace.rawValue)
    }
}
