import Locking

/// A thread-safe text stream that keeps what is written, for tests.
public final class TextBuffer: TextOutputStream, Sendable {
    private let contents = Locked("")

    /// An empty buffer.
    public init() {}

    /// Everything written so far.
    public var text: String { contents.withLock { $0 } }

    /// Appends `string`.
    public func write(_ string: String) { contents.withLock { $0 += string } }
}
