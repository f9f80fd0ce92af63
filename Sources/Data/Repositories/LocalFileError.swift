/// A file on this machine that cannot be written (a full disk, a folder without write access):
/// the machine's problem, not the server's, so it names the path and the system's reason.
public struct LocalFileError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
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
