#if SystemLibraries && os(Linux)
    internal import CLCMS2
#else
    internal import CVendoredLCMS2
#endif

extension LCMSProfile {
    /// A profile made in memory: its colorants are doubles until serialized.
    static func create(
        primaries: RGBPrimaries?, transfer: TransferFunction, description: String,
        context: LCMSContext
    ) throws(GamutError) -> LCMSProfile {
        let built: OpaquePointer?
        if let (type, parameters) = transfer.iccParametric {
            built = cmsBuildParametricToneCurve(context.raw, type, parameters)
        } else {
            let table = transfer.tabulated
            built = cmsBuildTabulatedToneCurveFloat(context.raw, UInt32(table.count), table)
        }
        guard let curve = built else {
            throw context.error(.invalidProfile, "could not build the tone curve of '\(description)'")
        }
        defer { cmsFreeToneCurve(curve) }
        let raw: cmsHPROFILE?
        if let primaries {
            var white = cmsCIExyY(x: primaries.white.x, y: primaries.white.y, Y: 1)
            var rgb = cmsCIExyYTRIPLE(
                Red: cmsCIExyY(x: primaries.red.x, y: primaries.red.y, Y: 1),
                Green: cmsCIExyY(x: primaries.green.x, y: primaries.green.y, Y: 1),
                Blue: cmsCIExyY(x: primaries.blue.x, y: primaries.blue.y, Y: 1))
            var curves: [OpaquePointer?] = [curve, curve, curve]
            raw = cmsCreateRGBProfileTHR(context.raw, &white, &rgb, &curves)
        } else {
            // cmsD50_xyY() fills one static buffer on every call: a data race when profiles are made on several threads
            // (ThreadSanitizer reports it in the vendored build). cmsD50_XYZ() only reads a constant.
            var white = cmsCIExyY()
            cmsXYZ2xyY(&white, cmsD50_XYZ())
            raw = cmsCreateGrayProfileTHR(context.raw, &white, curve)
        }
        guard let raw else { throw context.error(.invalidProfile, "could not create the profile '\(description)'") }
        let profile = LCMSProfile(context: context, raw: raw)
        try writeText(description, tag: cmsSigProfileDescriptionTag, in: profile)
        try writeText("No copyright, use freely (made by GamutKit)", tag: cmsSigCopyrightTag, in: profile)
        return profile
    }

    private static func writeText(_ text: String, tag: cmsTagSignature, in profile: LCMSProfile) throws(GamutError) {
        guard let mlu = cmsMLUalloc(profile.context.raw, 1) else {
            throw profile.context.error(.invalidProfile, "could not allocate a text tag")
        }
        defer { cmsMLUfree(mlu) }
        guard cmsMLUsetASCII(mlu, "en", "US", text) != 0, cmsWriteTag(profile.raw, tag, UnsafeRawPointer(mlu)) != 0 else {
            throw profile.context.error(.invalidProfile, "could not write a text tag")
        }
    }
}
