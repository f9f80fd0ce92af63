import Foundation

/// Wall-clock budgets for these tests, stretched when the suite runs under a sanitizer.
///
/// A budget (a read that gives up after 5 s, "closed within 3 s") is a margin for a loaded
/// machine, not the behaviour under test. Under ThreadSanitizer the server and the tests are
/// several times slower and the whole suite starts at once, so `Scripts/sanitize.sh` sets
/// `HEROES_TEST_TIME_SCALE` and each budget is multiplied by it. Short waits that expect nothing
/// to arrive are the behaviour under test and are never scaled. (`TestSupport` has the same
/// helper; this target shares nothing with the app's test support.)
enum TestTime {
    /// The factor: `HEROES_TEST_TIME_SCALE`, or 1 when it is unset or not a whole number from 1 to 100.
    static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"],
            let value = Int(text), (1...100).contains(value)
        else { return 1 }
        return value
    }()

    /// `duration`, stretched by `scale`.
    static func budget(_ duration: Duration) -> Duration { duration * scale }

    /// `seconds`, stretched by `scale`.
    static func budget(seconds: Double) -> Double { seconds * Double(scale) }
}
