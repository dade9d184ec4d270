import Foundation

/// The expensive checks (a perceptual model swept over a grid, a catalog of 300 images, a million ΔE00 pairs), which
/// run only when `GAMUTKIT_SLOW_TESTS=1`: `.ci/run` runs them after the suite, so `scripts/test.sh` stays within its few
/// minutes.
enum SlowTests {
    static let enabled = ProcessInfo.processInfo.environment["GAMUTKIT_SLOW_TESTS"] == "1"
}
