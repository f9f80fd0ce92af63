import Foundation

/// Wall-clock budgets for tests, multiplied by `HEROES_TEST_TIME_SCALE` under a sanitizer,
/// where every thread is slower. Durations that are the behaviour under test are never scaled.
public enum TestTime {
    /// `HEROES_TEST_TIME_SCALE`, or 1 unless it is a whole number from 1 to 100.
    public static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"],
            let value = Int(text), (1...100).contains(value)
        else { return 1 }
        return value
    }()

    /// `duration`, stretched by `scale`.
    public static func budget(_ duration: Duration) -> Duration { duration * scale }
}
