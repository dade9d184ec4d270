/// A unified diff of two texts, by lines, in GNU `diff -u`'s format: hunk headers count lines as diff does (a final
/// newline ends a line, it doesn't start one; `,1` is left out; an empty range is `N,0`, N the line before it), a
/// change's removed lines come before its added ones, a line without a final newline is followed by
/// `\ No newline at end of file`, and an insertion or deletion that could sit at several places among identical
/// lines is put as far down as it can go, where diff puts it.
enum LineDiff {
    /// One line: its text and whether a newline ends it (only the file's last line can lack one).
    struct Line: Equatable {
        var text: Substring
        var newline: Bool
    }

    /// The lines of a text.
    static func lines(_ text: String) -> [Line] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = parts.removeLast()
        return parts.map { Line(text: $0, newline: true) } + (last.isEmpty ? [] : [Line(text: last, newline: false)])
    }

    /// `---`/`+++` headers and hunks with `context` lines around each change; empty when the texts are equal.
    static func unified(_ old: String, _ new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        var changedA = [Bool](repeating: false, count: a.count), changedB = [Bool](repeating: false, count: b.count)
        mark(a, b, &changedA, &changedB)
        slide(&changedA, a)
        slide(&changedB, b)

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
        var out = "--- a/\(path)\n+++ b/\(path)\n"
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

    /// Marks the lines outside a longest common subsequence. Lines shared at both ends are kept as they are; the LCS
    /// table covers only the middle (a fix's edits are insertions in a few places, so the middle is small), and a
    /// middle too large for a table (a hostile file) is all changed.
    private static func mark(_ a: [Line], _ b: [Line], _ changedA: inout [Bool], _ changedB: inout [Bool]) {
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        guard midA.count * midB.count <= 4_000_000 else {
            for x in midA.indices { changedA[prefix + x] = true }
            for y in midB.indices { changedB[prefix + y] = true }
            return
        }
        var lcs = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
        for x in stride(from: midA.count - 1, through: 0, by: -1) {
            for y in stride(from: midB.count - 1, through: 0, by: -1) {
                lcs[x][y] = midA[x] == midB[y] ? lcs[x + 1][y + 1] + 1 : max(lcs[x + 1][y], lcs[x][y + 1])
            }
        }
        var x = 0, y = 0
        while x < midA.count || y < midB.count {
            if x < midA.count, y < midB.count, midA[x] == midB[y] {
                x += 1
                y += 1
            } else if y < midB.count, x == midA.count || lcs[x][y + 1] >= lcs[x + 1][y] {
                changedB[prefix + y] = true
                y += 1
            } else {
                changedA[prefix + x] = true
                x += 1
            }
        }
    }

    /// Moves each run of changed lines of one text as far down as identical lines let it (a run followed by a copy of
    /// its first line is the same change one line lower), after joining it with a run above where that is possible.
    /// Unchanged lines keep their order and text, so the two texts' unchanged lines still pair up.
    private static func slide(_ changed: inout [Bool], _ lines: [Line]) {
        let n = lines.count
        var i = 0
        while i < n {
            guard changed[i] else { i += 1; continue }
            var start = i, end = i
            while end < n, changed[end] { end += 1 }
            while start > 0, !changed[start - 1], lines[start - 1] == lines[end - 1] {
                changed[start - 1] = true
                changed[end - 1] = false
                start -= 1
                end -= 1
                while start > 0, changed[start - 1] { start -= 1 }
            }
            while end < n, !changed[end], lines[end] == lines[start] {
                changed[start] = false
                changed[end] = true
                start += 1
                end += 1
                while end < n, changed[end] { end += 1 }
            }
            i = end
        }
    }
}
