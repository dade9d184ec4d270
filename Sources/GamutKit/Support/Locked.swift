#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex, as swift-nio's `NIOLockedValueBox`.
///
/// Used instead of the standard library's `Mutex`, whose Linux implementation ThreadSanitizer can't see
/// through: it reports races on correctly locked values (reproduced with a dozen lines), which would hide
/// real ones in `scripts/sanitizers.sh`. The mutex lives in its own allocation, never inside a Swift
/// value, so its address is stable.
///
/// `@unchecked Sendable`: every access to `value` happens with the mutex held.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
