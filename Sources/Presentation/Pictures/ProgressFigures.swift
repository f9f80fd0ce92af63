import Domain

/// How far a task has come, in its own unit (bytes, pages), so no view relabels a count.
public struct ProgressFigures: Sendable, Hashable {
    /// What the figures count.
    public enum Unit: Sendable, Hashable {
        /// Bytes, shown in KiB and MiB with a rate.
        case bytes
        /// Whole things, such as `pages`, shown as `2 / 3 pages` without a rate.
        case count(String)
    }

    /// How many are done.
    public let completed: Int64
    /// How many there are, when known.
    public let total: Int64?
    /// What they are.
    public let unit: Unit

    /// Figures of `completed` out of `total` (a negative total, "unknown", becomes `nil`).
    public init(completed: Int64, total: Int64?, unit: Unit) {
        self.completed = completed
        self.total = total.flatMap { $0 >= 0 ? $0 : nil }
        self.unit = unit
    }

    /// A transfer's bytes.
    public init(_ transfer: TransferProgress) {
        self.init(completed: transfer.completedBytes, total: transfer.totalBytes, unit: .bytes)
    }

    /// The fraction done (0–1), or `nil` when the total is unknown.
    public var fractionCompleted: Double? {
        guard let total else { return nil }
        guard total > 0 else { return 1 }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
