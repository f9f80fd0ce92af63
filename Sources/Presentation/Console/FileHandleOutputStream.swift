import Foundation

/// A text stream onto a file handle, such as standard output or standard error, writing each
/// piece as UTF-8 at once (no buffering, so progress redraws and results interleave in order).
/// A write that fails (the reader has gone, the disk is full) drops its text and tells
/// `failed`; it never traps, as Foundation's non-throwing `FileHandle.write(_:)` does.
public struct FileHandleOutputStream: TextOutputStream, Sendable {
    private let handle: FileHandle
    private let failed: @Sendable (any Error) -> Void

    /// A stream onto `handle`; `failed` hears of each write that fails (by default, no one).
    public init(_ handle: FileHandle, failed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.handle = handle
        self.failed = failed
    }

    /// Standard output, whose failures go unheard.
    public static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(.standardOutput) }
    /// Standard error, whose failures go unheard.
    public static var standardError: FileHandleOutputStream { FileHandleOutputStream(.standardError) }

    /// Writes `string` as UTF-8, every control character in it escaped but line breaks, `\r`
    /// and the views' own colours (`terminalSafeOutput`): whatever a line holds, the terminal
    /// only shows it.
    public func write(_ string: String) {
        do {
            try handle.write(contentsOf: Data(string.terminalSafeOutput.utf8))
        } catch {
            failed(error)
        }
    }
}
