import Foundation

/// A text stream onto a file handle, unbuffered so redraws and results stay in order. A failed
/// write drops its text and tells `failed`; it never traps.
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

    /// Writes `string`, controls escaped but line breaks, `\r` and the views' colours.
    public func write(_ string: String) {
        do {
            try handle.write(contentsOf: Data(string.terminalSafeOutput.utf8))
        } catch {
            failed(error)
        }
    }
}
