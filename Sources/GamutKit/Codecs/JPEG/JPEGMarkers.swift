/// What a JPEG's APPn markers say about its color and layout: the ICC profile, reassembled from its APP2 segments
/// (ICC.1:2010 Annex B.4), and the EXIF orientation (APP1).
enum JPEGMarkers {
    /// The 12 bytes that open every APP2 segment of an embedded profile.
    static let iccSignature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
    static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The embedded profile's bytes, nil when the file has none.
    ///
    /// Each segment carries its sequence number (1…n) and the count n: the profile is the segments' data joined in
    /// sequence order, whatever order they appear in. Segments that disagree on n, repeat or skip a number, or are
    /// too short to hold the numbers are refused, as is a profile over `maximumSize` bytes.
    /// - Throws: ``GamutError`` `.invalidProfile` naming the file and the broken segment.
    static func iccProfile(_ markers: [JPEGMarker], path: String?, maximumSize: Int) throws(GamutError) -> [UInt8]? {
        let segments = markers.filter { $0.code == 0xE2 && $0.bytes.starts(with: iccSignature) }
        guard !segments.isEmpty else { return nil }
        func broken(_ problem: String) -> GamutError {
            GamutError(.invalidProfile, "the ICC profile's APP2 segments are broken: \(problem)", path: path)
        }
        var count: Int?
        var parts: [Int: ArraySlice<UInt8>] = [:]
        var total = 0
        for segment in segments {
            guard segment.bytes.count >= 14 else {
                throw broken("a segment of \(segment.bytes.count) bytes has no sequence number and count")
            }
            let (sequence, declared) = (Int(segment.bytes[12]), Int(segment.bytes[13]))
            guard declared > 0, (1...declared).contains(sequence) else {
                throw broken("a segment says it is number \(sequence) of \(declared)")
            }
            if let count, count != declared { throw broken("segments disagree on their count (\(count) and \(declared))") }
            count = declared
            guard parts[sequence] == nil else { throw broken("segment \(sequence) of \(declared) appears twice") }
            parts[sequence] = segment.bytes[14...]
            total += segment.bytes.count - 14
            guard total <= maximumSize else {
                throw GamutError(.invalidProfile, "embedded ICC profile of more than \(maximumSize) bytes exceeds the limit", path: path)
            }
        }
        let declared = count ?? 0
        let missing = (1...declared).filter { parts[$0] == nil }
        guard missing.isEmpty else {
            throw broken(
                "the profile is split over \(declared) segments but \(missing.map(String.init).joined(separator: ", ")) "
                    + (missing.count == 1 ? "is" : "are") + " missing")
        }
        return (1...declared).flatMap { parts[$0]! }
    }

    /// The EXIF orientation (1–8; 1 is as stored) from the first EXIF APP1 marker, nil when there is none or it
    /// can't be read (a damaged EXIF block costs only the orientation).
    static func exifOrientation(_ markers: [JPEGMarker]) -> Int? {
        guard let exif = markers.first(where: { $0.code == 0xE1 && $0.bytes.starts(with: exifSignature) }) else { return nil }
        return TIFFStructure.orientation(Array(exif.bytes.dropFirst(exifSignature.count)))
    }

    /// The decoder warning for a gain map in `markers` or after the image (`file`): an ISO 21496-1 APP2 marker, Adobe's
    /// and Android's `hdrgm` XMP (Ultra HDR), or Apple's HDR gain map image behind an MPF index. Nil when there is none.
    static func gainMap(_ markers: [JPEGMarker], file: [UInt8]) -> String? {
        let iso = Array("urn:iso:std:iso:ts:21496:-1".utf8), xmp = Array("http://ns.adobe.com/xap/1.0/".utf8)
        let kind: String
        if markers.contains(where: { $0.code == 0xE2 && $0.bytes.starts(with: iso) }) {
            kind = "an ISO 21496-1 gain map"
        } else if markers.contains(where: {
            $0.code == 0xE1 && $0.bytes.starts(with: xmp) && $0.bytes.firstRange(of: Array("hdrgm:".utf8)) != nil
        }) {
            kind = "an Ultra HDR gain map (hdrgm XMP)"
        } else if markers.contains(where: { $0.code == 0xE2 && $0.bytes.starts(with: Array("MPF\0".utf8)) }),
            file.firstRange(of: Array(GainMap.appleAuxiliaryType.utf8)) != nil
        {
            kind = "Apple's HDR gain map"
        } else {
            return nil
        }
        return GainMap.warning(kind)
    }
}

/// What GamutKit says of a file that carries a gain map (an image that turns the base image into its HDR rendition).
enum GainMap {
    /// The auxiliary image type of Apple's HDR gain maps (HEIC and, after an MPF index, JPEG).
    static let appleAuxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"

    static func warning(_ kind: String) -> String {
        "the file carries \(kind) for HDR displays: its base image is what was checked, not the HDR rendition the gain map makes"
    }
}

/// Just enough of the TIFF structure to read one tag of the first directory, as EXIF blocks hold it.
enum TIFFStructure {
    /// The orientation tag (0x0112, a SHORT of 1–8) of the first directory of a TIFF-structured block.
    static func orientation(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let directory = u32(4), let count = u16(directory) else { return nil }
        for entry in 0..<count {
            let offset = directory + 2 + entry * 12
            guard let tag = u16(offset) else { return nil }
            if tag == 0x0112 {
                guard u16(offset + 2) == 3, let value = u16(offset + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}
