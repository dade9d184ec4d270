#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif

// LittleCMS's constants for GamutKit's Swift types: the only place they are named.

extension PixelFormat {
    /// The LittleCMS `TYPE_*` constant for this format.
    var lcmsType: cmsUInt32Number {
        switch (layout, sample) {
        case (.gray, .uint8): CLCMS2_TYPE_GRAY_8
        case (.gray, .uint16): CLCMS2_TYPE_GRAY_16
        case (.gray, .float32): CLCMS2_TYPE_GRAY_FLT
        case (.gray, .float64): CLCMS2_TYPE_GRAY_DBL
        case (.grayAlpha, .uint8): CLCMS2_TYPE_GRAYA_8
        case (.grayAlpha, .uint16): CLCMS2_TYPE_GRAYA_16
        case (.grayAlpha, .float32): CLCMS2_TYPE_GRAYA_FLT
        case (.grayAlpha, .float64): CLCMS2_TYPE_GRAYA_DBL
        case (.rgb, .uint8): CLCMS2_TYPE_RGB_8
        case (.rgb, .uint16): CLCMS2_TYPE_RGB_16
        case (.rgb, .float32): CLCMS2_TYPE_RGB_FLT
        case (.rgb, .float64): CLCMS2_TYPE_RGB_DBL
        case (.rgba, .uint8): CLCMS2_TYPE_RGBA_8
        case (.rgba, .uint16): CLCMS2_TYPE_RGBA_16
        case (.rgba, .float32): CLCMS2_TYPE_RGBA_FLT
        case (.rgba, .float64): CLCMS2_TYPE_RGBA_DBL
        case (.cmyk, .uint8): CLCMS2_TYPE_CMYK_8
        case (.cmyk, .uint16): CLCMS2_TYPE_CMYK_16
        case (.cmyk, .float32): CLCMS2_TYPE_CMYK_FLT
        case (.cmyk, .float64): CLCMS2_TYPE_CMYK_DBL
        }
    }

    /// `TYPE_XYZ_DBL`: three doubles, PCS XYZ.
    static var lcmsXYZDouble: cmsUInt32Number { CLCMS2_TYPE_XYZ_DBL }
}

extension RenderingIntent {
    /// The LittleCMS `INTENT_*` constant.
    var lcmsValue: cmsUInt32Number {
        switch self {
        case .perceptual: cmsUInt32Number(INTENT_PERCEPTUAL)
        case .relativeColorimetric: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)
        case .saturation: cmsUInt32Number(INTENT_SATURATION)
        case .absoluteColorimetric: cmsUInt32Number(INTENT_ABSOLUTE_COLORIMETRIC)
        }
    }
}

/// Flags of a LittleCMS transform, as GamutKit uses them.
struct LCMSTransformFlags: OptionSet, Sendable {
    let rawValue: UInt32
    /// `cmsFLAGS_NOOPTIMIZE`: keep the exact matrix and curves (no 16-bit precalculated table).
    static let noOptimize = LCMSTransformFlags(rawValue: UInt32(cmsFLAGS_NOOPTIMIZE))
    /// `cmsFLAGS_COPY_ALPHA`: copy extra channels (alpha) from input to output.
    static let copyAlpha = LCMSTransformFlags(rawValue: UInt32(cmsFLAGS_COPY_ALPHA))
    /// `cmsFLAGS_BLACKPOINTCOMPENSATION`.
    static let blackPointCompensation = LCMSTransformFlags(rawValue: UInt32(cmsFLAGS_BLACKPOINTCOMPENSATION))
}
