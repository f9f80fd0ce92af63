import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives progress reports; called on an arbitrary thread, possibly often.
public typealias ProgressHandler = @Sendable (TransferReport) -> Void

/// How far a transfer has come, and which way; a repository turns it into `TransferProgress`.
public struct TransferReport: Sendable, Equatable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Equatable {
        /// The request body, to the server.
        case upload
        /// The response body, from the server.
        case download
    }

    /// Which way the bytes go.
    public let direction: Direction
    /// Bytes moved so far.
    public let completedBytes: Int64
    /// Bytes expected in all, or nil when unknown (no `Content-Length`; URLSession says -1).
    public let totalBytes: Int64?

    /// A report of `completedBytes` out of `totalBytes`; a negative total means unknown.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The fraction done from 0 to 1, or nil when the total is unknown (indeterminate progress).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        return totalBytes == 0 ? 1 : min(1, Double(completedBytes) / Double(totalBytes))
    }
}
