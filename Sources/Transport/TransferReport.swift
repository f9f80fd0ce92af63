import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Called on an arbitrary thread, possibly often.
public typealias ProgressHandler = @Sendable (TransferReport) -> Void

/// How far a transfer has come, and which way.
public struct TransferReport: Sendable, Equatable {
    public enum Direction: Sendable, Equatable {
        case upload
        case download
    }

    public let direction: Direction
    public let completedBytes: Int64
    /// nil when unknown (no `Content-Length`; URLSession says -1).
    public let totalBytes: Int64?

    /// A negative total means unknown.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// 0 to 1; nil when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        return totalBytes == 0 ? 1 : min(1, Double(completedBytes) / Double(totalBytes))
    }
}
