import Foundation

/// Unbuffered, so redraws and results stay in order. A failed write drops its text and tells
/// `failed`; it never traps.
public struct FileHandleOutputStream: TextOutputStream, Sendable {
    private let handle: FileHandle
    private let failed: @Sendable (any Error) -> Void

    /// `failed` hears of each write that fails (by default, no one).
    public init(_ handle: FileHandle, failed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.handle = handle
        self.failed = failed
    }

    /// Failures go unheard.
    public static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(.standardOutput) }
    /// Failures go unheard.
    public static var standardError: FileHandleOutputStream { FileHandleOutputStream(.standardError) }

    /// Escapes controls except line breaks, `\r` and the views' colours.
    public func write(_ string: String) {
        do {
            try handle.write(contentsOf: Data(string.terminalSafeOutput.utf8))
        } catch {
            failed(error)
        }
    }
}
