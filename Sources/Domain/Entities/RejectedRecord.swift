/// A record from the server not stored because it breaks a rule: its id, place and why.
public struct RejectedRecord: Sendable, Hashable, CustomStringConvertible {
    /// The record's id as sent, or `nil` when it has none that can be read.
    public let id: String?
    /// The record's position among the records of its response (or sync), from 0.
    public let index: Int
    /// Why it was skipped, such as `code_name must not be empty`.
    public let reason: String

    /// Stores the values as given.
    public init(id: String?, index: Int, reason: String) {
        self.id = id
        self.index = index
        self.reason = reason
    }

    /// `record 3 (id x): reason`.
    public var description: String {
        "record \(index)" + (id.map { " (id \($0))" } ?? "") + ": \(reason)"
    }
}
