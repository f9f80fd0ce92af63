import Domain

/// How far a task has come, in its own unit, so no view relabels a count.
public struct ProgressFigures: Sendable, Hashable {
    public enum Unit: Sendable, Hashable {
        /// Shown in KiB and MiB with a rate.
        case bytes
        /// Such as `pages`, shown as `2 / 3 pages` without a rate.
        case count(String)
    }

    public let completed: Int64
    /// When known.
    public let total: Int64?
    public let unit: Unit

    /// A negative total ("unknown") becomes `nil`.
    public init(completed: Int64, total: Int64?, unit: Unit) {
        self.completed = completed
        self.total = total.flatMap { $0 >= 0 ? $0 : nil }
        self.unit = unit
    }

    public init(_ transfer: TransferProgress) {
        self.init(completed: transfer.completedBytes, total: transfer.totalBytes, unit: .bytes)
    }

    /// 0–1, or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let total else { return nil }
        guard total > 0 else { return 1 }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
