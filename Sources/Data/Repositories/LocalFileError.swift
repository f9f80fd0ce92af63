/// A local file that cannot be written: this machine's problem, not the server's.
public struct LocalFileError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why, in the system's words.
    public let reason: String

    /// A failure to write `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
