/// Which lines changed, decided as GNU diff 3.8 decides it, so that `fix`'s diffs are the ones `diff -u` prints for the
/// same files (analyze.c and gnulib's diffseq.h): lines shared at both ends are set aside, less `horizon` lines of each;
/// lines with no copy in the other text, and runs of lines with very many, are set aside as changed
/// (``discardConfusingLines(_:_:)``); Myers's O(ND) search, from both ends at once, splits the rest at the middle of
/// a shortest edit script, recursively (``compareSequences(_:_:_:_:)``); then runs of changes are moved where diff moves
/// them (``shiftBoundaries(_:_:_:_:)``).
extension LineDiff {
    static func compare(_ a: [Line], _ b: [Line], _ changedA: inout [Bool], _ changedB: inout [Bool], horizon: Int) {
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        // Diff keeps `horizon` (its context) of the shared lines in what it compares: changes can move that far into them.
        let lo = max(0, prefix - horizon)
        let lines = (a[lo..<min(a.count, a.count - suffix + horizon)], b[lo..<min(b.count, b.count - suffix + horizon)])
        // Lines as numbered classes, equal lines the same number.
        var classes: [Line: Int] = [:]
        let xs = lines.0.map { line in
            classes[line]
                ?? {
                    classes[line] = classes.count; return classes.count - 1
                }()
        }
        let ys = lines.1.map { line in
            classes[line]
                ?? {
                    classes[line] = classes.count; return classes.count - 1
                }()
        }
        var search = Search(
            xs: [], ys: [], changedX: [Bool](repeating: false, count: xs.count), changedY: [Bool](repeating: false, count: ys.count))
        let kept = discardConfusingLines(xs, ys, classes: classes.count)
        for (f, keep) in kept.enumerated() {
            let all = f == 0 ? xs : ys
            var indexes: [Int] = []
            for i in all.indices {
                if keep[i] { indexes.append(i) } else if f == 0 { search.changedX[i] = true } else { search.changedY[i] = true }
            }
            if f == 0 {
                (search.xs, search.realX) = (indexes.map { all[$0] }, indexes)
            } else {
                (search.ys, search.realY) = (indexes.map { all[$0] }, indexes)
            }
        }
        // Diff's bound on the search's cost: about the square root of its size, at least 4096.
        var diagonals = search.xs.count + search.ys.count + 3, expensive = 1
        while diagonals != 0 {
            diagonals >>= 2
            expensive <<= 1
        }
        search.tooExpensive = max(4096, expensive)
        search.forward = [Int](repeating: 0, count: search.xs.count + search.ys.count + 3)
        search.backward = search.forward
        search.compareSequences(0, search.xs.count, 0, search.ys.count)
        changedA.replaceSubrange(lines.0.indices, with: search.changedX)
        changedB.replaceSubrange(lines.1.indices, with: search.changedY)
        shiftBoundaries(&changedA, &changedB, lines.0, lines.1)
    }

    /// Which lines of each text take part in the search (`true`), as analyze.c's `discard_confusing_lines` decides:
    /// a line with no copy in the other text is changed; one with many copies there (more than 5, doubled for each
    /// factor of 4 in the text's lines past 64) is left out too when it sits inside a run of such lines that starts and
    /// ends with lines without a copy, unless too many of the run's lines are of that kind.
    static func discardConfusingLines(_ xs: [Int], _ ys: [Int], classes: Int) -> [[Bool]] {
        var counts = [[Int](repeating: 0, count: classes), [Int](repeating: 0, count: classes)]
        for x in xs { counts[0][x] += 1 }
        for y in ys { counts[1][y] += 1 }
        var result: [[Bool]] = []
        for (f, lines) in [xs, ys].enumerated() {
            let end = lines.count, others = counts[1 - f]
            var many = 5, tem = end / 64
            while true {
                tem >>= 2
                guard tem > 0 else { break }
                many *= 2
            }
            // 0: kept; 1: no copy in the other text; 2: many copies (left out only inside a run, below).
            var discards = lines.map { others[$0] == 0 ? 1 : others[$0] > many ? 2 : 0 }
            var i = 0
            while i < end {
                defer { i += 1 }
                if discards[i] == 2 {
                    discards[i] = 0
                    continue
                }
                guard discards[i] != 0 else { continue }
                var j = i, provisional = 0
                while j < end, discards[j] != 0 {
                    if discards[j] == 2 { provisional += 1 }
                    j += 1
                }
                while j > i, discards[j - 1] == 2 {
                    j -= 1
                    discards[j] = 0
                    provisional -= 1
                }
                let length = j - i
                if provisional * 4 > length {
                    while j > i {
                        j -= 1
                        if discards[j] == 2 { discards[j] = 0 }
                    }
                    continue
                }
                var minimum = 1, quarter = length / 4
                while true {
                    quarter >>= 2
                    guard quarter > 0 else { break }
                    minimum *= 2
                }
                minimum += 1
                // Subruns of `minimum` or more such lines are kept.
                var k = 0, consecutive = 0
                while k < length {
                    if discards[i + k] != 2 {
                        consecutive = 0
                    } else {
                        consecutive += 1
                        if consecutive == minimum {
                            k -= consecutive
                        } else if minimum < consecutive {
                            discards[i + k] = 0
                        }
                    }
                    k += 1
                }
                // From each end, until three lines without a copy in a row (or one 8 lines in), such lines are kept.
                for direction in [1, -1] {
                    let first = direction == 1 ? i : i + length - 1
                    consecutive = 0
                    for k in 0..<length {
                        let at = first + direction * k
                        if k >= 8 && discards[at] == 1 { break }
                        if discards[at] == 2 {
                            consecutive = 0
                            discards[at] = 0
                        } else if discards[at] == 0 {
                            consecutive = 0
                        } else {
                            consecutive += 1
                        }
                        if consecutive == 3 { break }
                    }
                }
                i += length - 1
            }
            result.append(discards.map { $0 == 0 })
        }
        return result
    }

    /// Myers's search over the lines left in, as gnulib's `compareseq` and `diag` run it without heuristics but diff's
    /// bound on the cost (`tooExpensive`); changes are marked in the texts' own numbering.
    struct Search {
        var xs: [Int], ys: [Int]
        var changedX: [Bool], changedY: [Bool]
        var realX: [Int] = [], realY: [Int] = []
        var tooExpensive = 4096
        /// By diagonal (offset by the second text's length + 1): the furthest x of the forward and backward searches.
        var forward: [Int] = [], backward: [Int] = []

        mutating func compareSequences(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) {
            var (xoff, xlim, yoff, ylim) = (xoff, xlim, yoff, ylim)
            while xoff < xlim && yoff < ylim && xs[xoff] == ys[yoff] {
                xoff += 1
                yoff += 1
            }
            while xoff < xlim && yoff < ylim && xs[xlim - 1] == ys[ylim - 1] {
                xlim -= 1
                ylim -= 1
            }
            if xoff == xlim {
                for y in yoff..<ylim { changedY[realY[y]] = true }
            } else if yoff == ylim {
                for x in xoff..<xlim { changedX[realX[x]] = true }
            } else {
                let (xmid, ymid) = middle(xoff, xlim, yoff, ylim)
                compareSequences(xoff, xmid, yoff, ymid)
                compareSequences(xmid, xlim, ymid, ylim)
            }
        }

        /// The middle of a shortest edit script of the two ranges (gnulib's `diag`), or past diff's cost bound the
        /// better of the two searches' furthest points.
        mutating func middle(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
            let shift = ys.count + 1
            func fd(_ d: Int) -> Int { forward[d + shift] }
            func bd(_ d: Int) -> Int { backward[d + shift] }
            let dmin = xoff - ylim, dmax = xlim - yoff, fmid = xoff - yoff, bmid = xlim - ylim
            var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
            let odd = (fmid - bmid) & 1 != 0
            forward[fmid + shift] = xoff
            backward[bmid + shift] = xlim
            var c = 1
            while true {
                defer { c += 1 }
                if fmin > dmin {
                    fmin -= 1
                    forward[fmin - 1 + shift] = -1
                } else {
                    fmin += 1
                }
                if fmax < dmax {
                    fmax += 1
                    forward[fmax + 1 + shift] = -1
                } else {
                    fmax -= 1
                }
                for d in stride(from: fmax, through: fmin, by: -2) {
                    let low = fd(d - 1), high = fd(d + 1)
                    var x = low < high ? high : low + 1, y = x - d
                    while x < xlim && y < ylim && xs[x] == ys[y] {
                        x += 1
                        y += 1
                    }
                    forward[d + shift] = x
                    if odd && bmin <= d && d <= bmax && bd(d) <= x { return (x, y) }
                }
                if bmin > dmin {
                    bmin -= 1
                    backward[bmin - 1 + shift] = .max
                } else {
                    bmin += 1
                }
                if bmax < dmax {
                    bmax += 1
                    backward[bmax + 1 + shift] = .max
                } else {
                    bmax -= 1
                }
                for d in stride(from: bmax, through: bmin, by: -2) {
                    let low = bd(d - 1), high = bd(d + 1)
                    var x = low < high ? low : high - 1, y = x - d
                    while xoff < x && yoff < y && xs[x - 1] == ys[y - 1] {
                        x -= 1
                        y -= 1
                    }
                    backward[d + shift] = x
                    if !odd && fmin <= d && d <= fmax && x <= fd(d) { return (x, y) }
                }
                guard c >= tooExpensive else { continue }
                // The forward point furthest along (largest x + y) and the backward one (smallest), the better kept.
                var fxy = -1, fx = 0
                for d in stride(from: fmax, through: fmin, by: -2) {
                    var x = min(fd(d), xlim), y = x - d
                    if ylim < y { (x, y) = (ylim + d, ylim) }
                    if fxy < x + y { (fxy, fx) = (x + y, x) }
                }
                var bxy = Int.max, bx = 0
                for d in stride(from: bmax, through: bmin, by: -2) {
                    var x = max(xoff, bd(d)), y = x - d
                    if y < yoff { (x, y) = (yoff + d, yoff) }
                    if x + y < bxy { (bxy, bx) = (x + y, x) }
                }
                return (xlim + ylim) - bxy < fxy - (xoff + yoff) ? (fx, fxy - fx) : (bx, bxy - bx)
            }
        }
    }

    /// Moves each run of changed lines as GNU diff's `shift_boundaries` (analyze.c) does, first in the old text, then in
    /// the new: back while the line above equals the run's last (joining runs above), forward while the line below
    /// equals its first (joining runs below), repeated until the run stops growing; then back to where it last lay
    /// beside a change of the other text, if it passed one, so that an insertion stays next to the deletion it replaces.
    /// Only the compared lines (`lines`, a slice of the text) take part. Unchanged lines keep their order and text, so
    /// the two texts' unchanged lines still pair up.
    private static func shiftBoundaries(_ changedA: inout [Bool], _ changedB: inout [Bool], _ a: ArraySlice<Line>, _ b: ArraySlice<Line>) {
        for f in 0..<2 {
            let lines = f == 0 ? a : b, others = f == 0 ? b : a
            // Padded with an unchanged line at each end, as diff's arrays are: line k is at k + 1.
            var changed = [false] + (f == 0 ? changedA : changedB)[lines.indices] + [false]
            let other = [false] + (f == 0 ? changedB : changedA)[others.indices] + [false]
            func ch(_ k: Int) -> Bool { changed[k + 1] }
            func oc(_ k: Int) -> Bool { other[k + 1] }
            func same(_ x: Int, _ y: Int) -> Bool { lines[lines.startIndex + x] == lines[lines.startIndex + y] }
            let end = lines.count
            var i = 0, j = 0
            while true {
                // The next run of changes, and the matching point in the other text.
                while i < end && !ch(i) {
                    while oc(j) { j += 1 }
                    j += 1
                    i += 1
                }
                if i == end { break }
                var start = i
                repeat { i += 1 } while ch(i)
                while oc(j) { j += 1 }
                var length = 0, corresponding = end
                repeat {
                    length = i - start
                    while start > 0 && same(start - 1, i - 1) {
                        start -= 1
                        changed[start + 1] = true
                        i -= 1
                        changed[i + 1] = false
                        while ch(start - 1) { start -= 1 }
                        repeat { j -= 1 } while oc(j)
                    }
                    corresponding = oc(j - 1) ? i : end
                    while i != end && same(start, i) {
                        changed[start + 1] = false
                        start += 1
                        changed[i + 1] = true
                        i += 1
                        while ch(i) { i += 1 }
                        j += 1
                        while oc(j) {
                            corresponding = i
                            j += 1
                        }
                    }
                } while length != i - start
                while corresponding < i {
                    start -= 1
                    changed[start + 1] = true
                    i -= 1
                    changed[i + 1] = false
                    repeat { j -= 1 } while oc(j)
                }
            }
            let result = changed[1..<(end + 1)]
            if f == 0 {
                changedA.replaceSubrange(lines.indices, with: result)
            } else {
                changedB.replaceSubrange(lines.indices, with: result)
            }
        }
    }
}
