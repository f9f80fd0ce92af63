import Foundation

/// Wall-clock budgets for tests, multiplied by `HEROES_TEST_TIME_SCALE` under a sanitizer. Never
/// scale a duration that is the behaviour under test.
public enum TestTime {
    /// 1 unless a whole number from 1 to 100.
    public static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"],
            let value = Int(text), (1...100).contains(value)
        else { return 1 }
        return value
    }()

    public static func budget(_ duration: Duration) -> Duration { duration * scale }
}
