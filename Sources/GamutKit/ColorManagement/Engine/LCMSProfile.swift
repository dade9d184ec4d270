#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif
import Foundation

/// Owns one LittleCMS profile handle and the context it was opened in.
///
/// Sendable: after creation the handle is only read. LittleCMS guards tag reads with a per-profile
/// mutex (`cmsio0.c`, `cmsReadTag`), so several tasks may read tags or build transforms at once.
/// Nothing here writes to the handle once it is shared.
final class LCMSProfile: Sendable {
    let context: LCMSContext
    nonisolated(unsafe) let raw: cmsHPROFILE

    init(context: LCMSContext, raw: cmsHPROFILE) {
        self.context = context
        self.raw = raw
    }

    deinit { cmsCloseProfile(raw) }

    /// Opens ICC bytes in a fresh context; throws with LittleCMS's messages when the header is unusable.
    static func open(_ bytes: [UInt8], path: String?) throws(GamutError) -> LCMSProfile {
        let context = try LCMSContext()
        let raw = bytes.withUnsafeBytes { buffer in
            cmsOpenProfileFromMemTHR(context.raw, buffer.baseAddress, cmsUInt32Number(buffer.count))
        }
        guard let raw else {
            throw context.error(.invalidProfile, "not a usable ICC profile", path: path)
        }
        return LCMSProfile(context: context, raw: raw)
    }

    /// Serializes the profile through LittleCMS.
    func save(path: String?) throws(GamutError) -> [UInt8] {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(raw, nil, &size) != 0, size > 0 else {
            throw context.error(.invalidProfile, "LittleCMS could not serialize the profile", path: path)
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let ok = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(raw, $0.baseAddress, &size) }
        guard ok != 0 else {
            throw context.error(.invalidProfile, "LittleCMS could not serialize the profile", path: path)
        }
        return bytes
    }

    /// Reads a tag of a known C type, or nil when absent or unreadable.
    func readTag<T>(_ signature: cmsTagSignature, as type: T.Type) -> T? {
        guard cmsIsTag(raw, signature) != 0, let pointer = cmsReadTag(raw, signature) else { return nil }
        return pointer.assumingMemoryBound(to: type).pointee
    }

    func xyzTag(_ signature: cmsTagSignature) -> XYZ? {
        readTag(signature, as: cmsCIEXYZ.self).map { XYZ(x: $0.X, y: $0.Y, z: $0.Z) }
    }

    func toneCurve(_ signature: cmsTagSignature) -> OpaquePointer? {
        guard cmsIsTag(raw, signature) != 0, let pointer = cmsReadTag(raw, signature) else { return nil }
        return OpaquePointer(pointer)
    }

    /// Whether LittleCMS uses a lookup table (not the matrix and curves) for `intent` in this direction.
    func isCLUT(_ intent: RenderingIntent, asInput: Bool) -> Bool {
        cmsIsCLUT(raw, intent.lcmsValue, cmsUInt32Number(asInput ? LCMS_USED_AS_INPUT : LCMS_USED_AS_OUTPUT)) != 0
    }

    /// Whether LittleCMS detects a zero black point (Y < 1e-9) for `intent`, as source or as destination.
    func hasZeroBlackPoint(_ intent: RenderingIntent, asDestination: Bool) -> Bool {
        var black = cmsCIEXYZ()
        let found =
            asDestination
            ? cmsDetectDestinationBlackPoint(&black, raw, intent.lcmsValue, 0)
            : cmsDetectBlackPoint(&black, raw, intent.lcmsValue, 0)
        return found != 0 && black.Y < 1e-9
    }

    /// The number of channels of an ICC color space signature (gray 1, RGB 3, CMYK 4, …).
    static func channelCount(ofColorSpace signature: UInt32) -> Int {
        Int(cmsChannelsOfColorSpace(cmsColorSpaceSignature(rawValue: signature)))
    }

    func infoText(_ info: cmsInfoType) -> String? {
        let size = cmsGetProfileInfoASCII(raw, info, "en", "US", nil, 0)
        guard size > 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(size))
        _ = cmsGetProfileInfoASCII(raw, info, "en", "US", &buffer, size)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Builds ICC bytes with a fixed creation date and the MD5 profile ID computed, so that the same
/// profile always serializes to the same file.
enum ICCSerializer {
    /// The creation date stamped into built-in profiles: 2024-01-01 00:00:00 UTC.
    static let fixedDate: [UInt16] = [2024, 1, 1, 0, 0, 0]

    static func canonicalBytes(_ bytes: [UInt8], fixDate: Bool, path: String?) throws(GamutError) -> [UInt8] {
        var bytes = bytes
        if fixDate, bytes.count >= 128 {
            for (i, value) in fixedDate.enumerated() {
                bytes[24 + 2 * i] = UInt8(value >> 8)
                bytes[25 + 2 * i] = UInt8(value & 0xFF)
            }
        }
        let profile = try LCMSProfile.open(bytes, path: path)
        guard cmsMD5computeID(profile.raw) != 0 else {
            throw profile.context.error(.invalidProfile, "could not compute the profile ID", path: path)
        }
        return try profile.save(path: path)
    }
}
