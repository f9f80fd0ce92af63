import Locking

/// A text stream that keeps what is written, safe to share between threads: for tests, and for a
/// composition root that wants to hold output back.
public final class TextBuffer: TextOutputStream, Sendable {
    private let contents = Locked("")

    /// An empty buffer.
    public init() {}

    /// Everything written so far.
    public var text: String { contents.withLock { $0 } }

    /// Appends `string`.
    public func write(_ string: String) { contents.withLock { $0 += string } }
}
