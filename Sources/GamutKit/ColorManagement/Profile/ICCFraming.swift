/// Checks an ICC file's framing (declared size, tag table bounds) before LittleCMS opens it.
///
/// LittleCMS silently drops tags that run past the end of the data, so a truncated profile would
/// otherwise open as a different, smaller profile. This reads only the header size and the tag table.
enum ICCFraming {
    static func check(_ data: [UInt8], path: String?) throws(GamutError) {
        func u32(_ offset: Int) -> Int {
            Int(data[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        let declared = u32(0)
        if declared > data.count {
            throw GamutError(
                .invalidProfile,
                "ICC profile truncated: the header declares \(declared) bytes, the data has \(data.count)", path: path)
        }
        let count = u32(128)
        guard count <= (data.count - 132) / 12 else {
            throw GamutError(.invalidProfile, "ICC tag table of \(count) entries runs past the end of the profile", path: path)
        }
        for i in 0..<count {
            let entry = 132 + 12 * i
            let (offset, size) = (u32(entry + 4), u32(entry + 8))
            if offset + size > data.count {
                let name = ICCSignature(rawValue: UInt32(u32(entry))).description
                throw GamutError(
                    .invalidProfile,
                    "ICC tag '\(name)' (offset \(offset), \(size) bytes) runs past the end of the \(data.count)-byte profile", path: path)
            }
        }
    }
}
