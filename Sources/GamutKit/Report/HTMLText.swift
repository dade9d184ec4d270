/// Text for the HTML report that a browser never breaks inside a token.
///
/// A caption is split into words at spaces; words that belong together (`ΔE00 7.29`, `16384 px`,
/// `color(display-p3 0.1 0.98 0.15)`, `[0,64 512×128]`, a profile name such as `sRGB IEC61966-2.1`) are joined into
/// one token, and every token that holds anything but letters (digits, hyphens, slashes, dashes, brackets) goes in
/// a `<span class="t">`, which the report's CSS sets `white-space: nowrap`. Lines then break only at the spaces
/// between tokens (plain words have no break opportunity inside, since the CSS neither hyphenates nor sets
/// `word-break`). A token with slashes (a path) is split after each `/` into nowrap pieces with `<wbr>` between
/// them, so a long path breaks only after a slash.
enum HTMLText {
    /// Words after which a number belongs to the same token ("ΔE00 7.29", "max 7.12", "line 12", "≥ 2").
    static let labels: Set<Substring> = ["ΔE00", "max", "p95", "mean", "line", "≥", "≤", "<", ">", "≈", "~"]
    /// Units that belong to the number before them ("16384 px", "1.0 ΔE00").
    static let units: Set<Substring> = ["px", "pt", "%", "ΔE00", "bit", "bits", "dpi", "B", "KB", "MB", "bytes", "×"]

    /// `text`, escaped, with its tokens in nowrap spans. `phrases` are names with spaces kept as one token
    /// (profile names).
    static func caption(_ text: String, phrases: [String] = []) -> String {
        tokens(text, phrases: phrases).map(token).joined(separator: " ")
    }

    /// One token, escaped: in a nowrap span unless it is letters only; a path split after its slashes.
    static func token(_ text: String) -> String {
        guard text.contains(where: { !$0.isLetter }) else { return HTMLRenderer.escape(text) }
        let pieces = pathPieces(text)
        return pieces.map { "<span class=\"t\">\(HTMLRenderer.escape($0))</span>" }.joined(separator: "<wbr>")
    }

    /// A file path, escaped: breaks only after a slash.
    static func path(_ path: String) -> String { token(path) }

    /// `text` cut after each `/` (not inside a CSS color function or brackets, which stay whole).
    static func pathPieces(_ text: String) -> [String] {
        guard text.contains("/"), !text.contains("("), !text.contains("[") else { return [text] }
        var pieces: [String] = [], current = ""
        for c in text {
            current.append(c)
            if c == "/" {
                pieces.append(current)
                current = ""
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The words of `text` joined into tokens.
    static func tokens(_ text: String, phrases: [String] = []) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let phraseWords = phrases.map { $0.split(separator: " ") }.filter { $0.count > 1 }.sorted { $0.count > $1.count }
        var tokens: [String] = []
        var i = 0
        while i < words.count {
            var end = i + 1
            if let phrase = phraseWords.first(where: { matches($0, words, at: i) }) {
                end = i + phrase.count
            } else if let close = opening(words[i]) {
                while end < min(words.count, i + 8), !words[end - 1].contains(close) { end += 1 }
            }
            // Numbers keep their labels and units.
            while end < words.count {
                let last = core(words[end - 1]), next = core(words[end])
                if (labels.contains(last) && isNumber(next)) || (isNumber(last) && units.contains(next)) {
                    end += 1
                } else {
                    break
                }
            }
            tokens.append(words[i..<end].joined(separator: " "))
            i = end
        }
        return tokens
    }

    /// Whether the words of `phrase` start at `words[i]` (the first may follow an opening bracket, the last may
    /// be followed by punctuation).
    private static func matches(_ phrase: [Substring], _ words: [Substring], at i: Int) -> Bool {
        guard i + phrase.count <= words.count else { return false }
        for (k, p) in phrase.enumerated() {
            let w = words[i + k]
            let ok =
                k == 0
                ? w.hasSuffix(p) && w.dropLast(p.count).allSatisfy { leading.contains($0) }
                : k == phrase.count - 1
                    ? w.hasPrefix(p) && w.dropFirst(p.count).allSatisfy { trailing.contains($0) }
                    : w == p
            if !ok { return false }
        }
        return true
    }

    /// The closing bracket `word` waits for when it opens a CSS color function (`color(display-p3`, `rgb(`) or a
    /// pixel region (`[0,64`) that it doesn't close; nil otherwise (a parenthetical remark wraps as usual).
    private static func opening(_ word: Substring) -> Character? {
        let w = word.drop { leading.contains($0) && $0 != "[" }
        if let open = w.firstIndex(of: "("), open > w.startIndex, w[..<open].allSatisfy({ $0.isLetter || $0 == "-" }), !w.contains(")") {
            return ")"
        }
        if w.first == "[", w.dropFirst().first?.isNumber == true, !w.contains("]") { return "]" }
        return nil
    }

    private static let leading = "([\"'`", trailing = ".,;:)]\"'`"

    /// The word without surrounding brackets and punctuation.
    private static func core(_ word: Substring) -> Substring {
        var s = word.drop { leading.contains($0) }
        while let last = s.last, trailing.contains(last) { s = s.dropLast() }
        return s
    }

    /// Whether `word` is a number, possibly with a sign, decimals, a thousands separator, a ratio or a percent.
    private static func isNumber(_ word: Substring) -> Bool {
        guard let first = word.first(where: { !"+-−".contains($0) }), first.isNumber else { return false }
        return word.allSatisfy { $0.isNumber || ".,:%×+-−".contains($0) }
    }
}
