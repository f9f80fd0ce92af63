import Foundation

/// A text stream onto a file handle, such as standard output or standard error, writing each
/// piece as UTF-8 at once (no buffering, so progress redraws and results interleave in order).
public struct FileHandleOutputStream: TextOutputStream, Sendable {
    private let handle: FileHandle

    /// A stream onto `handle`.
    public init(_ handle: FileHandle) { self.handle = handle }

    /// Standard output.
    public static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(.standardOutput) }
    /// Standard error.
    public static var standardError: FileHandleOutputStream { FileHandleOutputStream(.standardError) }

    /// Writes `string` as UTF-8.
    public func write(_ string: String) { handle.write(Data(string.utf8)) }
}
