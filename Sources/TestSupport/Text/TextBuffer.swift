import Locking

/// A thread-safe text stream that keeps what is written.
public final class TextBuffer: TextOutputStream, Sendable {
    private let contents = Locked("")

    public init() {}

    public var text: String { contents.withLock { $0 } }

    public func write(_ string: String) { contents.withLock { $0 += string } }
}
