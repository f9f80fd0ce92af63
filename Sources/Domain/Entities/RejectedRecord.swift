/// A server record not stored because it breaks a rule.
public struct RejectedRecord: Sendable, Hashable, CustomStringConvertible {
    /// As sent; `nil` when none can be read.
    public let id: String?
    /// Position among the records of its response (or sync), from 0.
    public let index: Int
    /// Such as `code_name must not be empty`.
    public let reason: String

    public init(id: String?, index: Int, reason: String) {
        self.id = id
        self.index = index
        self.reason = reason
    }

    public var description: String {
        "record \(index)" + (id.map { " (id \($0))" } ?? "") + ": \(reason)"
    }
}
