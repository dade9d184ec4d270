import Foundation

/// C memory handed to libspng, which keeps the pointers (not copies) of iCCP, text and unknown chunks
/// until encoding finishes. Everything allocated here is freed when the owner goes away.
final class CAllocations {
    private var pointers: [UnsafeMutableRawPointer] = []

    deinit { pointers.forEach { free($0) } }

    /// A copy of `bytes` in C memory (never empty: one zero byte at least).
    func bytes(_ bytes: [UInt8]) -> UnsafeMutableRawPointer {
        let pointer = malloc(max(1, bytes.count))!
        bytes.withUnsafeBytes { if let base = $0.baseAddress { pointer.copyMemory(from: base, byteCount: $0.count) } }
        pointers.append(pointer)
        return pointer
    }

    /// A NUL-terminated copy of `bytes`.
    func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        self.bytes(bytes + [0]).assumingMemoryBound(to: CChar.self)
    }

    /// A C array holding `values`.
    func array<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
        let pointer = malloc(max(1, values.count * MemoryLayout<T>.stride))!
        pointers.append(pointer)
        let typed = pointer.bindMemory(to: T.self, capacity: values.count)
        typed.initialize(from: values, count: values.count)
        return typed
    }
}
