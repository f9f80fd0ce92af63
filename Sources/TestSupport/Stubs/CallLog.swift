import Locking

/// The calls a fake received, in order, so a test can compare the whole list.
public final class CallLog<Call: Sendable>: Sendable {
    private let entries = Locked<[Call]>([])

    public init() {}

    public func record(_ call: Call) { entries.withLock { $0.append(call) } }

    public var calls: [Call] { entries.withLock { $0 } }
}
