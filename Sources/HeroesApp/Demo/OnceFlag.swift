import Synchronization

/// A flag that can be claimed once, from any thread: the first `claim()` answers `true`.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
