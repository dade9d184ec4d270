/// Pixel counts by (display code, source Lab cell of 1 ΔE76): an open-addressing hash table with a
/// multiplicative hash, much cheaper per update than a dictionary of dictionaries. Key and entry share
/// one slot; a cell's Lab is not stored (its first pixel's samples are, and its Lab is recomputed for the
/// few cells that are compared). Entries added in any order give the same table: counts add, bounds
/// widen, and the first pixel in reading order stands for the cell.
struct CellTable {
    struct Entry: Equatable {
        /// 0 marks an empty slot.
        var key: UInt64 = 0
        var count: Int32 = 0
        /// The cell's interior pixels (see ``PixelPass``): none of their neighbors differs strongly.
        var interior: Int32 = 0
        /// The cell's first pixel in reading order (its samples are `sample`).
        var x: Int32 = 0, y: Int32 = 0
        /// Bounds of the cell's pixels (inclusive).
        var x0: Int32 = .max, y0: Int32 = .max, x1: Int32 = .min, y1: Int32 = .min
        /// The first pixel's samples (its source color stands for the cell in reports).
        var sample = CompactSample()
        /// 1 when any of the cell's pixels is out of gamut. Declared last, after the 6-byte samples, so that an entry
        /// packs into 48 bytes (Swift lays stored properties out in order); the tables' adds and merges wait on memory.
        var outOfGamut: Int8 = 0
    }

    /// A pixel's samples in 16 bits each (the analyzer reads 8- and 16-bit images), so an entry takes 48 bytes.
    struct CompactSample: Equatable {
        var c0: UInt16 = 0, c1: UInt16 = 0, c2: UInt16 = 0

        init() {}
        init(_ s: PixelPass.Sample) {
            (c0, c1, c2) = (UInt16(truncatingIfNeeded: s.c0), UInt16(truncatingIfNeeded: s.c1), UInt16(truncatingIfNeeded: s.c2))
        }
        var sample: PixelPass.Sample { PixelPass.Sample(c0: Int32(c0), c1: Int32(c1), c2: Int32(c2)) }
    }

    private(set) var slots: [Entry]
    private(set) var used = 0
    /// What ``merge(_:)``'s early reads saw (nothing reads it).
    private var touched: UInt64 = 0

    init(capacity: Int = 1 << 12) {
        slots = [Entry](repeating: Entry(), count: Self.slotCount(for: capacity))
    }

    /// The slots of a new table of the default capacity.
    static let newSlots = slotCount(for: 1 << 12)

    /// The slots a table holding `count` entries has: a power of two, at most three quarters full (linear probing stays
    /// short at that load, and a table of a 4K chunk's 128 K cells takes 12 MiB rather than 24).
    static func slotCount(for count: Int) -> Int {
        var size = 16
        while size * 3 < count * 4 + 4 { size <<= 1 }
        return size
    }

    /// The key of a display code and a source Lab: code in the high bits, the Lab cell in the low 26.
    @inline(__always)
    static func key(code: UInt32, lab: SIMD3<Float>) -> UInt64 {
        let l = cell(lab.x + 64.5, 255), a = cell(lab.y + 256.5, 511), b = cell(lab.z + 256.5, 511)
        return (UInt64(code) << 26 | l << 18 | a << 9 | b) &+ 1  // 0 marks an empty slot
    }

    /// `value` truncated into 0…`limit`, clipped as a float first so that infinities and NaN (from a broken
    /// profile; found by fuzz-tiff) give a cell instead of trapping. Rounded by truncating a positive value
    /// (`rounded()` is a libm call on baseline x86-64), through a 32-bit integer: x86-64 converts a float to a signed
    /// 32-bit integer in one instruction but to an unsigned 64-bit one in a dozen (the limits are below 512).
    @inline(__always)
    private static func cell(_ value: Float, _ limit: Float) -> UInt64 {
        value > 0 ? UInt64(truncatingIfNeeded: Int32(min(value, limit))) : 0
    }

    /// The slot a key's probe starts at in a table of `slots` slots (a power of two): bits of its multiplicative hash.
    @inline(__always)
    static func home(_ key: UInt64, slots: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & (slots - 1)
    }

    /// The display code of a key.
    @inline(__always)
    static func code(_ key: UInt64) -> UInt32 { UInt32((key &- 1) >> 26) }

    /// Adds entries (each cell once), 16 at a time: the first slot each probes is read for all 16 before any is added.
    /// Into an image's table (megabytes) each first probe misses the cache; loads issued back to back wait together,
    /// where adds one after another wait for each in turn.
    mutating func merge(_ entries: [Entry]) {
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + 16)
            var read: UInt64 = 0
            slots.withUnsafeBufferPointer { table in
                for i in start..<end { read |= table[Self.home(entries[i].key, slots: table.count)].key }
            }
            touched |= read  // kept, so the reads aren't optimized away
            for i in start..<end { add(entries[i]) }
            start = end
        }
    }

    /// Adds an entry's pixels (count, flag and bounds) to the entry of the same key.
    mutating func add(_ e: Entry) {
        if (used + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        let home = Self.home(e.key, slots: slots.count)
        slots.withUnsafeMutableBufferPointer { table in
            var slot = home
            while table[slot].key != 0 && table[slot].key != e.key { slot = (slot + 1) & mask }
            if table[slot].key == 0 {
                table[slot] = e
                used += 1
            } else {
                if (e.y, e.x) < (table[slot].y, table[slot].x) {
                    (table[slot].x, table[slot].y, table[slot].sample) = (e.x, e.y, e.sample)
                }
                table[slot].count += e.count
                table[slot].interior += e.interior
                table[slot].outOfGamut |= e.outOfGamut
                table[slot].x0 = min(table[slot].x0, e.x0)
                table[slot].x1 = max(table[slot].x1, e.x1)
                table[slot].y0 = min(table[slot].y0, e.y0)
                table[slot].y1 = max(table[slot].y1, e.y1)
            }
        }
    }

    /// Whether the table has an entry of `key`.
    func contains(_ key: UInt64) -> Bool {
        let mask = slots.count - 1
        let home = Self.home(key, slots: slots.count)
        return slots.withUnsafeBufferPointer { table in
            var slot = home
            while table[slot].key != 0 {
                if table[slot].key == key { return true }
                slot = (slot + 1) & mask
            }
            return false
        }
    }

    /// Every used entry (in an array sized once: `filter` would grow it as it goes).
    var all: [Entry] {
        guard used > 0 else { return [] }
        var entries: [Entry] = []
        entries.reserveCapacity(used)
        for e in slots where e.key != 0 { entries.append(e) }
        return entries
    }

    /// Whether `count` more entries fit without growing the table.
    func hasRoom(for count: Int) -> Bool { (used + count) * 4 <= slots.count * 3 }

    /// The memory its slots take.
    var bytes: Int { slots.count * MemoryLayout<Entry>.stride }

    /// Empties the table, keeping its size.
    mutating func removeAll() {
        guard used > 0 else { return }  // a drained table's slots are already empty
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: Entry()) }
        used = 0
    }

    /// Every used entry, leaving the table empty at its size (so a worker's table, reused chunk after chunk, grows once).
    mutating func drain() -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(used)
        slots.withUnsafeMutableBufferPointer { table in
            for i in table.indices where table[i].key != 0 {
                entries.append(table[i])
                table[i] = Entry()
            }
        }
        used = 0
        return entries
    }

    /// Drops the cells of fewer than the smallest power of two of pixels that leaves at most `limit` cells, and returns
    /// that threshold (0, dropping nothing, when the table holds no more than `limit`). Only large cells can make a collapse finding, so an image with more distinct colors than memory
    /// allows keeps those (``AnalysisPipeline`` calls this when the table passes its budget).
    @discardableResult
    mutating func keepLargest(atMost limit: Int) -> Int32 {
        guard used > limit else { return 0 }
        // Cells by the power of two of their count (index k + 1: 2^k … 2^(k+1) − 1 pixels), counted in one walk; the
        // cells of at least 2^k pixels are then those from index k + 1 up.
        var buckets = [Int](repeating: 0, count: 33)
        for e in slots where e.key != 0 { buckets[Int32.bitWidth - e.count.leadingZeroBitCount] += 1 }
        var threshold: Int32 = 2, k = 1, left = buckets[2...].reduce(0, +)
        while threshold < Int32.max / 2 && left > limit {
            left -= buckets[k + 1]
            threshold *= 2
            k += 1
        }
        // Emptied and refilled in place: the table keeps its size (it fills again as the next chunks merge), so pruning
        // doesn't allocate a second table.
        let kept = slots.filter { $0.key != 0 && $0.count >= threshold }
        removeAll()
        merge(kept)
        return threshold
    }

    private mutating func grow() {
        let old = slots
        let size = max(16, slots.count * 2)
        slots = [Entry](repeating: Entry(), count: size)
        let mask = size - 1
        for e in old where e.key != 0 {
            var slot = Self.home(e.key, slots: size)
            while slots[slot].key != 0 { slot = (slot + 1) & mask }
            slots[slot] = e
        }
    }
}

/// Display code → index, in a flat open-addressing table (codes are 24-bit, so `UInt32.max` marks empty slots).
struct CodeIndex {
    private var codes: [UInt32]
    private var indexes: [Int32]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        codes = [UInt32](repeating: .max, count: size)
        indexes = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(_ code: UInt32) -> Int { Int((code &* 0x9E37_79B1) >> 8) & mask }

    /// The index stored for `code`, storing `index` first if there is none. At most `capacity` codes.
    mutating func insert(_ code: UInt32, as index: Int) -> Int {
        var s = slot(code)
        while codes[s] != .max {
            if codes[s] == code { return Int(indexes[s]) }
            s = (s + 1) & mask
        }
        codes[s] = code
        indexes[s] = Int32(index)
        return index
    }

    /// The index stored for `code`.
    func find(_ code: UInt32) -> Int? {
        var s = slot(code)
        while codes[s] != .max {
            if codes[s] == code { return Int(indexes[s]) }
            s = (s + 1) & mask
        }
        return nil
    }
}
