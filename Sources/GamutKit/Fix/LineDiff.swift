/// A unified diff of two texts, by lines (longest common subsequence between the differing middles).
enum LineDiff {
    /// `---`/`+++` headers and hunks with `context` lines around each change; empty when the texts are equal.
    static func unified(_ old: String, _ new: String, path: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return "" }
        enum Op { case same(String), removed(String), added(String) }
        // Lines shared at both ends are kept as they are; the LCS table covers only the middle (a fix's edits are
        // insertions in a few places, so the middle is small), and a middle too large for a table (a hostile file)
        // is shown as removed and added.
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        var ops: [Op] = a[..<prefix].map { .same($0) }
        if midA.count * midB.count > 4_000_000 {
            ops += midA.map { .removed($0) } + midB.map { .added($0) }
        } else {
            var lcs = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
            for i in stride(from: midA.count - 1, through: 0, by: -1) {
                for j in stride(from: midB.count - 1, through: 0, by: -1) {
                    lcs[i][j] = midA[i] == midB[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < midA.count || j < midB.count {
                if i < midA.count, j < midB.count, midA[i] == midB[j] {
                    ops.append(.same(midA[i])); i += 1; j += 1
                } else if j < midB.count, i == midA.count || lcs[i][j + 1] >= lcs[i + 1][j] {
                    ops.append(.added(midB[j])); j += 1
                } else {
                    ops.append(.removed(midA[i])); i += 1
                }
            }
        }
        ops += a[(a.count - suffix)...].map { .same($0) }
        // Group changes into hunks.
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        let changed = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
        var k = 0
        while k < changed.count {
            var end = k
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context + 1 { end += 1 }
            let from = max(0, changed[k] - context), to = min(ops.count - 1, changed[end] + context)
            var oldStart = 0, newStart = 0
            for op in ops[..<from] {
                switch op {
                case .same: oldStart += 1; newStart += 1
                case .removed: oldStart += 1
                case .added: newStart += 1
                }
            }
            var oldCount = 0, newCount = 0, body = ""
            for op in ops[from...to] {
                switch op {
                case .same(let line): body += " \(line)\n"; oldCount += 1; newCount += 1
                case .removed(let line): body += "-\(line)\n"; oldCount += 1
                case .added(let line): body += "+\(line)\n"; newCount += 1
                }
            }
            out += "@@ -\(oldStart + 1),\(oldCount) +\(newStart + 1),\(newCount) @@\n" + body
            k = end + 1
        }
        return out
    }
}
