import Foundation

/// Wall-clock budgets for tests, stretched when the suite runs under a sanitizer.
///
/// A budget such as "a 100 ms deadline ends the call within 5 s" is a margin for a loaded
/// machine, not the behaviour under test. Under ThreadSanitizer every thread is several times
/// slower and the whole suite still starts at once on two cores, so `Scripts/sanitize.sh` sets
/// `HEROES_TEST_TIME_SCALE` and each budget is multiplied by it. Durations that are the
/// behaviour under test (a descriptor's timeout, a deadline shorter than a `Retry-After`) are
/// never scaled.
public enum TestTime {
    /// The factor: `HEROES_TEST_TIME_SCALE`, or 1 when it is unset or not a whole number from 1 to 100.
    public static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"],
            let value = Int(text), (1...100).contains(value)
        else { return 1 }
        return value
    }()

    /// `duration`, stretched by `scale`.
    public static func budget(_ duration: Duration) -> Duration { duration * scale }
}
