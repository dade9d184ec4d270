/// Pixel counts by (display code, source Lab cell of 1 ΔE76): an open-addressing hash table with a
/// multiplicative hash, much cheaper per update than a dictionary of dictionaries.
struct CellTable {
    struct Entry {
        var count: Int32 = 0
        var outOfGamut: Int32 = 0
        /// A pixel of the cell (its source color is read back for reports).
        var x: Int32 = 0, y: Int32 = 0
        /// Bounds of the cell's pixels (inclusive).
        var x0: Int32 = .max, y0: Int32 = .max, x1: Int32 = .min, y1: Int32 = .min
        var lab: SIMD3<Float> = .zero
    }

    private(set) var keys: [UInt64]
    private(set) var entries: [Entry]
    private(set) var used = 0

    init(capacity: Int = 1 << 12) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt64](repeating: 0, count: size)
        entries = [Entry](repeating: Entry(), count: size)
    }

    /// The key of a display code and a source Lab: code in the high bits, the Lab cell in the low 26.
    @inline(__always)
    static func key(code: UInt32, lab: SIMD3<Float>) -> UInt64 {
        // Rounded by truncating a positive value (`rounded()` is a libm call on baseline x86-64).
        let l = UInt64(min(Int(max(lab.x + 64.5, 0)), 255))
        let a = UInt64(min(Int(max(lab.y + 256.5, 0)), 511))
        let b = UInt64(min(Int(max(lab.z + 256.5, 0)), 511))
        return (UInt64(code) << 26 | l << 18 | a << 9 | b) &+ 1  // 0 marks an empty slot
    }

    /// The display code of a key.
    @inline(__always)
    static func code(_ key: UInt64) -> UInt32 { UInt32((key &- 1) >> 26) }

    /// Adds `count` pixels in `x0…x1` of row `y`.
    @inline(__always)
    mutating func add(_ key: UInt64, x0: Int, x1: Int, y: Int, lab: SIMD3<Float>, count: Int, outOfGamut: Bool) {
        if used * 2 >= keys.count { grow() }
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & (keys.count - 1)
        while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
        if keys[slot] == 0 {
            keys[slot] = key
            entries[slot] = Entry(x: Int32(x0), y: Int32(y), lab: lab)
            used += 1
        }
        entries[slot].count += Int32(count)
        if outOfGamut { entries[slot].outOfGamut += Int32(count) }
        entries[slot].x0 = min(entries[slot].x0, Int32(x0))
        entries[slot].x1 = max(entries[slot].x1, Int32(x1))
        entries[slot].y0 = min(entries[slot].y0, Int32(y))
        entries[slot].y1 = max(entries[slot].y1, Int32(y))
    }

    /// Adds another table's entries.
    mutating func merge(_ other: CellTable) {
        for (slot, key) in other.keys.enumerated() where key != 0 {
            let e = other.entries[slot]
            add(key, x0: Int(e.x), x1: Int(e.x), y: Int(e.y), lab: e.lab, count: 0, outOfGamut: false)
            let mine = find(key)!
            entries[mine].count += e.count
            entries[mine].outOfGamut += e.outOfGamut
            entries[mine].x0 = min(entries[mine].x0, e.x0)
            entries[mine].x1 = max(entries[mine].x1, e.x1)
            entries[mine].y0 = min(entries[mine].y0, e.y0)
            entries[mine].y1 = max(entries[mine].y1, e.y1)
        }
    }

    func find(_ key: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & (keys.count - 1)
        while keys[slot] != 0 {
            if keys[slot] == key { return slot }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Every (key, entry).
    var all: [(key: UInt64, entry: Entry)] {
        keys.indices.compactMap { keys[$0] == 0 ? nil : (keys[$0], entries[$0]) }
    }

    private mutating func grow() {
        let old = all
        self = CellTable(capacity: keys.count)
        for (key, e) in old {
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & (keys.count - 1)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            entries[slot] = e
            used += 1
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
