import Synchronization

/// A one-shot event that a process's termination handler fires, awaited with a timeout, so no
/// test thread blocks in `waitUntilExit`.
final class ExitSignal: Sendable {
    private let fired = Atomic<Bool>(false)

    /// Marks the event as happened.
    func fire() { fired.store(true, ordering: .releasing) }

    /// `true` once the event happened; `false` when `timeout` passes first. It looks every 5 ms:
    /// a process's end is not worth a cleverer wake-up here.
    func wait(timeout: Duration) async -> Bool {
        let end = ContinuousClock.now + timeout
        while !fired.load(ordering: .acquiring) {
            guard ContinuousClock.now < end else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
