/// A local file that cannot be written: this machine's problem, not the server's.
public struct LocalFileError: Error, Sendable, CustomStringConvertible {
    public let path: String
    /// In the system's words.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
