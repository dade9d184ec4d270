/// Byte-range replacements on a JSON file's text, applied together, so that an edit changes only what
/// it must and the rest of the file keeps its bytes (Xcode's 2-space indent, `" : "`, key order).
struct JSONEdits {
    struct Edit {
        var range: Range<Int>
        var text: [UInt8]
    }

    private(set) var edits: [Edit] = []

    mutating func replace(_ range: Range<Int>, with text: String) { edits.append(Edit(range: range, text: Array(text.utf8))) }
    mutating func insert(_ text: String, at offset: Int) { replace(offset..<offset, with: text) }

    /// The edited bytes (edits must not overlap; insertions at one offset keep their order).
    func applied(to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
        for (_, edit) in ordered { result.replaceSubrange(edit.range, with: edit.text) }
        return result
    }

    /// The text of a slice of the file with `edits` applied (their ranges are offsets in the whole file): how a
    /// copy of an entry is made with its own changes.
    static func text(_ bytes: ArraySlice<UInt8>, edits: JSONEdits) -> String {
        let base = bytes.startIndex
        var shifted = JSONEdits()
        for e in edits.edits { shifted.edits.append(Edit(range: (e.range.lowerBound - base)..<(e.range.upperBound - base), text: e.text)) }
        return String(decoding: shifted.applied(to: Array(bytes)), as: UTF8.self)
    }

    /// Text between two offsets.
    static func between(_ bytes: [UInt8], _ from: Int, _ to: Int) -> String {
        from < to ? String(decoding: bytes[from..<to], as: UTF8.self) : ""
    }

    /// Inserts `"key" : value` into the object `object` with the object's own separators (`" : "`, and the whitespace
    /// between members): where Xcode's sorted key order puts it when the object's keys are sorted; in an older file
    /// whose keys aren't (Xcode 9 wrote `idiom` first), just before `content` (the entry's `color` or `filename`),
    /// after the other keys, so every existing key keeps its place.
    static func insertMember(
        _ key: String, _ value: String, into object: LocatedJSON, bytes: [UInt8], edits: inout JSONEdits,
        content: Set<String> = ["color", "filename"]
    ) {
        guard let members = object.members, !members.isEmpty else {
            edits.insert("\"\(key)\" : \(value)", at: object.range.lowerBound + 1)
            return
        }
        let colon = JSONEdits.between(bytes, members[0].keyEnd, members[0].value.range.lowerBound)
        let member = "\"\(key)\"\(colon.isEmpty ? " : " : colon)\(value)"
        let sorted = zip(members, members.dropFirst()).allSatisfy { $0.key <= $1.key }
        let place = sorted ? members.firstIndex(where: { $0.key > key }) : members.firstIndex(where: { content.contains($0.key) })
        if let next = place {
            // Before the next member, followed by the separator that precedes it.
            let separator =
                next > 0
                ? JSONEdits.between(bytes, members[next - 1].value.range.upperBound, members[next].keyStart)
                : members.count > 1 ? JSONEdits.between(bytes, members[0].value.range.upperBound, members[1].keyStart) : ", "
            edits.insert(member + separator.drop { $0 != "," }, at: members[next].keyStart)
        } else {
            let last = members[members.count - 1]
            let separator =
                members.count > 1
                ? JSONEdits.between(bytes, members[members.count - 2].value.range.upperBound, members[members.count - 1].keyStart) : ", "
            edits.insert(separator + member, at: last.value.range.upperBound)
        }
    }
}
