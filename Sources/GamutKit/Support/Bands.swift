import Dispatch
import Foundation

/// Splits `0..<count` (rows, or columns) into bands of nearly equal size for parallel work: the one place
/// GamutKit decides how a band's range is computed. Band `b` of `n` is `count·b/n ..< count·(b+1)/n`.
enum Bands {
    /// How many cores work on an image of `pixels`: `threads` when given, else every core from 64 K pixels up (below
    /// that, starting threads costs more than it saves). Analysis and transforms both ask here.
    static func cores(pixels: Int, threads: Int?) -> Int {
        max(1, threads ?? (pixels >= 65_536 ? ProcessInfo.processInfo.activeProcessorCount : 1))
    }

    /// How many cores work through `items` small independent pieces of work (color sets, their files): every core from
    /// 64 up (below that, starting threads costs more than it saves). Catalog reading and color checks ask here.
    static func cores(items: Int) -> Int {
        items >= 64 ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
    }

    /// The range of band `band` of `bands` over `0..<count`.
    static func range(_ band: Int, of bands: Int, over count: Int) -> Range<Int> {
        count * band / bands..<count * (band + 1) / bands
    }

    /// Calls `body` with each band's range (empty bands skipped), concurrently when there is more than one band.
    static func forEach(_ bands: Int, over count: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let bands = max(1, bands)
        guard bands > 1 else {
            if count > 0 { body(0..<count) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let range = range(band, of: bands, over: count)
            if !range.isEmpty { body(range) }
        }
    }

    /// Each band's result, in band order (an empty band's is `body(emptyRange)` too, so results line up with bands).
    static func map<T: Sendable>(_ bands: Int, over count: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
        let bands = max(1, bands)
        let results = Locked([T?](repeating: nil, count: bands))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let value = body(range(band, of: bands, over: count))
            results.withLock { $0[band] = value }
        }
        return results.withLock { $0.map { $0! } }
    }
}
