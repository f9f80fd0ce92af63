#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How far an upload or a download has come.
public struct TransferProgress: Sendable, Hashable {
    public let completedBytes: Int64
    /// `nil` when the other side did not say.
    public let totalBytes: Int64?

    /// A negative total (URLSession's "unknown") becomes `nil`.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// 0–1; `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}
