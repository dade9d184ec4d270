/// A unified diff of two texts, by lines (longest common subsequence; `Contents.json` files are small).
enum LineDiff {
    /// `---`/`+++` headers and hunks with `context` lines around each change; empty when the texts are equal.
    static func unified(_ old: String, _ new: String, path: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return "" }
        // LCS table from the end.
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        enum Op { case same(String), removed(String), added(String) }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append(.same(a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
                ops.append(.added(b[j])); j += 1
            } else {
                ops.append(.removed(a[i])); i += 1
            }
        }
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
