/// A unified diff of two texts, by lines, in GNU `diff -u`'s format: hunk headers count lines as diff does (a final
/// newline ends a line, it doesn't start one; `,1` is left out; an empty range is `N,0`, N the line before it), a
/// change's removed lines come before its added ones, a line without a final newline is followed by
/// `\ No newline at end of file`, and an insertion or deletion that could sit at several places among identical
/// lines is put where diff puts it (``shiftBoundaries(_:_:_:_:)``). Lines end at `\n` bytes only, so a CRLF file's
/// lines keep their `\r`, as diff shows them.
enum LineDiff {
    /// One line: its text and whether a newline ends it (only the file's last line can lack one). Lines are equal when
    /// their bytes are, as for diff (Swift's `==` on strings would also match canonically equivalent text).
    struct Line: Hashable {
        var text: Substring
        var newline: Bool

        static func == (x: Line, y: Line) -> Bool { x.newline == y.newline && x.text.utf8.elementsEqual(y.text.utf8) }
        // Equal bytes are equal strings, so the string's hash is a valid one.
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(newline)
        }
    }

    /// The lines of a text, split at `\n` scalars (a `Character` split would keep `\r\n` whole, as one character).
    static func lines(_ text: String) -> [Line] {
        var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        let last = parts.removeLast()
        return parts.map { Line(text: $0, newline: true) } + (last.isEmpty ? [] : [Line(text: last, newline: false)])
    }

    /// `---`/`+++` headers and hunks with `context` lines around each change; empty when the texts are equal.
    static func unified(_ old: String, _ new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        var changedA = [Bool](repeating: false, count: a.count), changedB = [Bool](repeating: false, count: b.count)
        compare(a, b, &changedA, &changedB, horizon: context)

        // The changes, in order: where each starts in both texts, and how many lines it removes and adds.
        struct Change { var i: Int, j: Int, removed: Int, added: Int }
        var changes: [Change] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if (i < a.count && changedA[i]) || (j < b.count && changedB[j]) {
                var change = Change(i: i, j: j, removed: 0, added: 0)
                while i < a.count && changedA[i] { i += 1; change.removed += 1 }
                while j < b.count && changedB[j] { j += 1; change.added += 1 }
                changes.append(change)
            } else {
                i += 1
                j += 1
            }
        }
        // A tab after a name with a space, as git writes it, so that patch reads the whole name.
        let tab = path.contains(" ") ? "\t" : ""
        var out = "--- a/\(path)\(tab)\n+++ b/\(path)\(tab)\n"
        func emit(_ prefix: String, _ line: Line) {
            out += prefix + line.text + "\n" + (line.newline ? "" : "\\ No newline at end of file\n")
        }
        func range(_ start: Int, _ count: Int) -> String {
            count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
        }
        var k = 0
        while k < changes.count {
            // Changes at most 2 × context unchanged lines apart share a hunk.
            var end = k
            while end + 1 < changes.count, changes[end + 1].i - (changes[end].i + changes[end].removed) <= 2 * context { end += 1 }
            let first = changes[k], last = changes[end]
            let lead = min(context, first.i)
            let trail = min(context, a.count - (last.i + last.removed))
            let oldStart = first.i - lead, newStart = first.j - lead
            let oldCount = last.i + last.removed + trail - oldStart, newCount = last.j + last.added + trail - newStart
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            var x = oldStart, y = newStart
            for change in changes[k...end] {
                while x < change.i { emit(" ", a[x]); x += 1; y += 1 }
                for line in a[change.i..<(change.i + change.removed)] { emit("-", line) }
                for line in b[change.j..<(change.j + change.added)] { emit("+", line) }
                x += change.removed
                y += change.added
            }
            while x < oldStart + oldCount { emit(" ", a[x]); x += 1 }
            k = end + 1
        }
        return out
    }
}
