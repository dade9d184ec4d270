#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif
import Foundation

/// Reads what a profile says about itself, through LittleCMS.
enum ProfileInspection {
    static let rgbColorantTags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
    static let rgbCurveTags = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]

    /// Tags whose contents LittleCMS needs for transforms or inspection: if present, they must read.
    static let checkedTags: [cmsTagSignature] =
        rgbColorantTags + rgbCurveTags + [
            cmsSigGrayTRCTag, cmsSigMediaWhitePointTag, cmsSigChromaticAdaptationTag,
            cmsSigProfileDescriptionTag, cmsSigCopyrightTag,
            cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigAToB2Tag, cmsSigBToA0Tag, cmsSigBToA1Tag, cmsSigBToA2Tag,
        ]

    /// Throws when a tag LittleCMS opened lazily turns out to be truncated or malformed, or when the
    /// profile can be used neither as a source nor as a destination.
    static func validate(_ profile: LCMSProfile, path: String?) throws(GamutError) {
        for tag in checkedTags where cmsIsTag(profile.raw, tag) != 0 {
            if cmsReadTag(profile.raw, tag) == nil {
                let name = ICCSignature(rawValue: tag.rawValue).description
                throw profile.context.error(.invalidProfile, "tag '\(name)' is truncated or malformed", path: path)
            }
        }
        let usable = [LCMS_USED_AS_INPUT, LCMS_USED_AS_OUTPUT].contains { direction in
            cmsIsIntentSupported(profile.raw, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(direction)) != 0
        }
        if !usable {
            throw profile.context.error(
                .unsupportedProfile, "profile has neither matrix/TRC tags nor lookup tables LittleCMS can use", path: path)
        }
    }

    static func info(of profile: LCMSProfile, size: Int) -> ProfileInfo {
        let h = profile.raw
        let encoded = cmsGetEncodedICCversion(h)
        let version = "\(encoded >> 24).\((encoded >> 20) & 0xF)" + ((encoded >> 16) & 0xF == 0 ? "" : ".\((encoded >> 16) & 0xF)")
        let colorSpace = ICCSignature(rawValue: cmsGetColorSpace(h).rawValue)
        let curveTags = colorSpace == .gray ? [cmsSigGrayTRCTag] : rgbCurveTags
        let curves = curveTags.compactMap { profile.toneCurve($0) }.map(kind(of:))
        var id = [UInt8](repeating: 0, count: 16)
        id.withUnsafeMutableBytes { cmsGetHeaderProfileID(h, $0.baseAddress?.assumingMemoryBound(to: cmsUInt8Number.self)) }
        var date = tm()
        let created =
            cmsGetHeaderCreationDateTime(h, &date) != 0
            ? String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", date.tm_year + 1900, date.tm_mon + 1, date.tm_mday,
                date.tm_hour, date.tm_min, date.tm_sec)
            : ""
        let anyLUT = [cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigAToB2Tag, cmsSigBToA0Tag, cmsSigBToA1Tag, cmsSigBToA2Tag]
            .contains { cmsIsTag(h, $0) != 0 }
        return ProfileInfo(
            description: profile.infoText(cmsInfoDescription) ?? "",
            copyright: profile.infoText(cmsInfoCopyright),
            version: version,
            deviceClass: ICCSignature(rawValue: cmsGetDeviceClass(h).rawValue),
            colorSpace: colorSpace,
            pcs: ICCSignature(rawValue: cmsGetPCS(h).rawValue),
            mediaWhitePoint: profile.xyzTag(cmsSigMediaWhitePointTag),
            colorants: colorSpace == .rgb ? rgbColorantTags.compactMap { profile.xyzTag($0) } : [],
            toneCurves: curves,
            isMatrixShaper: cmsIsMatrixShaper(h) != 0,
            hasLookupTables: anyLUT,
            profileID: id.map { String(format: "%02x", $0) }.joined(),
            created: created,
            size: size)
    }

    static func kind(of curve: OpaquePointer) -> ToneCurveKind {
        let type = cmsGetToneCurveParametricType(curve)
        if type != 0, let params = cmsGetToneCurveParams(curve) {
            let count = [1: 1, 2: 3, 3: 4, 4: 5, 5: 7][abs(Int(type))] ?? 10
            return .parametric(type: Int(type), parameters: (0..<count).map { params[$0] })
        }
        return .sampled(entries: Int(cmsGetToneCurveEstimatedTableEntries(curve)))
    }
}
