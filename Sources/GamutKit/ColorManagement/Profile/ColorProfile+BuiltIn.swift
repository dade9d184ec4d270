extension ColorProfile {
    /// GamutKit's built-in profiles, made with LittleCMS from their published parameters.
    public enum BuiltIn: String, Sendable, CaseIterable, Codable {
        /// IEC 61966-2-1 sRGB: BT.709 primaries, D65, the sRGB curve.
        case sRGB = "srgb"
        /// Display P3 (SMPTE EG 432-1 primaries, D65, the sRGB curve), as Apple's displays use.
        case displayP3 = "display-p3"
        /// Adobe RGB (1998): primaries R 0.64,0.33 G 0.21,0.71 B 0.15,0.06, D65, gamma 563/256.
        case adobeRGB = "adobe-rgb"
        /// sRGB primaries with a linear curve.
        case linearSRGB = "linear-srgb"
        /// Display P3 primaries with a linear curve.
        case linearDisplayP3 = "linear-display-p3"
        /// Gray, D50 white, gamma 2.2.
        case grayGamma22 = "gray-gamma-22"
        /// Gray, D50 white, the sRGB curve: what an untagged or sRGB-tagged grayscale image means.
        case graySRGB = "gray-srgb"

        /// The description tag written into the profile.
        public var profileDescription: String {
            switch self {
            case .sRGB: "sRGB IEC61966-2.1"
            case .displayP3: "Display P3"
            case .adobeRGB: "Adobe RGB (1998) compatible"
            case .linearSRGB: "Linear sRGB"
            case .linearDisplayP3: "Linear Display P3"
            case .grayGamma22: "Gray Gamma 2.2"
            case .graySRGB: "Gray sRGB curve"
            }
        }

        /// The primaries of an RGB built-in; nil for gray.
        public var primaries: RGBPrimaries? {
            switch self {
            case .sRGB, .linearSRGB: .sRGB
            case .displayP3, .linearDisplayP3: .displayP3
            case .adobeRGB: .adobeRGB
            case .grayGamma22, .graySRGB: nil
            }
        }

        /// The transfer function of the built-in.
        public var transferFunction: TransferFunction {
            switch self {
            case .sRGB, .displayP3, .graySRGB: .sRGB
            case .adobeRGB: .gamma(563.0 / 256.0)
            case .linearSRGB, .linearDisplayP3: .linear
            case .grayGamma22: .gamma(2.2)
            }
        }

        /// The file name the built-in is shipped under in `Profiles/`.
        public var fileName: String { rawValue + ".icc" }
    }

    /// IEC 61966-2-1 sRGB.
    public static let sRGB = makeBuiltIn(.sRGB)
    /// Display P3.
    public static let displayP3 = makeBuiltIn(.displayP3)
    /// Adobe RGB (1998) compatible.
    public static let adobeRGB = makeBuiltIn(.adobeRGB)
    /// sRGB primaries, linear.
    public static let linearSRGB = makeBuiltIn(.linearSRGB)
    /// Display P3 primaries, linear.
    public static let linearDisplayP3 = makeBuiltIn(.linearDisplayP3)
    /// Gray, gamma 2.2.
    public static let grayGamma22 = makeBuiltIn(.grayGamma22)
    /// Gray with the sRGB curve.
    public static let graySRGB = makeBuiltIn(.graySRGB)

    /// The shared instance of a built-in profile.
    public static func builtIn(_ which: BuiltIn) -> ColorProfile {
        switch which {
        case .sRGB: sRGB
        case .displayP3: displayP3
        case .adobeRGB: adobeRGB
        case .linearSRGB: linearSRGB
        case .linearDisplayP3: linearDisplayP3
        case .grayGamma22: grayGamma22
        case .graySRGB: graySRGB
        }
    }

    private static func makeBuiltIn(_ which: BuiltIn) -> ColorProfile {
        do {
            return try BuiltInFactory.make(which)
        } catch {
            // Built-ins are made from constants; LittleCMS fails here only when memory allocation fails.
            fatalError("GamutKit could not create the built-in profile \(which.rawValue): \(error)")
        }
    }
}

/// Creates profiles in memory with LittleCMS: the built-ins and custom matrix/TRC spaces.
enum BuiltInFactory {
    static func make(_ which: ColorProfile.BuiltIn) throws(GamutError) -> ColorProfile {
        try make(primaries: which.primaries, transfer: which.transferFunction, description: which.profileDescription, builtIn: which)
    }

    /// Makes a profile whose transforms use the unquantized parameters and whose ``ColorProfile/data``
    /// is canonical (fixed date, profile ID).
    static func make(
        primaries: RGBPrimaries?, transfer: TransferFunction, description: String,
        builtIn: ColorProfile.BuiltIn?
    ) throws(GamutError) -> ColorProfile {
        let context = try LCMSContext()
        let handle = try LCMSProfile.create(primaries: primaries, transfer: transfer, description: description, context: context)
        let initial = try handle.save(path: nil)
        let data = try ICCSerializer.canonicalBytes(initial, fixDate: true, path: nil)
        let canonical = try LCMSProfile.open(data, path: nil)
        let info = ProfileInspection.info(of: canonical, size: data.count)
        // A tabulated curve (the HDR renditions) is evaluated as LittleCMS interpolates its table, so that the fast path
        // and LittleCMS agree; parametric ones exactly.
        let shaper =
            transfer.iccParametric == nil
            ? ShaperModel(loadedFrom: handle, info: info)
            : primaries.map { ShaperModel(primaries: $0, transfer: transfer) }
        return ColorProfile(handle: handle, shaper: shaper, data: data, info: info, builtIn: builtIn)
    }
}

extension ColorProfile {
    /// Makes an RGB matrix/TRC profile from primaries and a transfer function (ICC v4, display class).
    ///
    /// Like the built-ins, it is held unquantized in memory, so GamutKit's transforms use the exact
    /// primaries and curve.
    public convenience init(primaries: RGBPrimaries, transfer: TransferFunction, description: String) throws(GamutError) {
        let made = try BuiltInFactory.make(primaries: primaries, transfer: transfer, description: description, builtIn: nil)
        self.init(handle: made.handle, shaper: made.shaper, data: made.data, info: made.info, builtIn: nil)
    }

    /// Makes a gray profile (D50 white) with a transfer function.
    public convenience init(grayTransfer transfer: TransferFunction, description: String) throws(GamutError) {
        let made = try BuiltInFactory.make(primaries: nil, transfer: transfer, description: description, builtIn: nil)
        self.init(handle: made.handle, shaper: made.shaper, data: made.data, info: made.info, builtIn: nil)
    }
}
