/// A stable name for what went wrong; scripts match on it, the app maps it to an exit code.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// As printed, such as `not_found`.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let notFound = ErrorCode(rawValue: "not_found")
    public static let unauthorized = ErrorCode(rawValue: "unauthorized")
    /// The user lacks the role.
    public static let forbidden = ErrorCode(rawValue: "forbidden")
    public static let conflict = ErrorCode(rawValue: "conflict")
    /// The record changed since it was read.
    public static let preconditionFailed = ErrorCode(rawValue: "precondition_failed")
    public static let validationFailed = ErrorCode(rawValue: "validation_failed")
    public static let unavailable = ErrorCode(rawValue: "unavailable")
    /// An answer the contract does not allow.
    public static let badData = ErrorCode(rawValue: "bad_data")
    public static let cancelled = ErrorCode(rawValue: "cancelled")
    /// A bug.
    public static let internalError = ErrorCode(rawValue: "internal")
    /// Built by the CLI itself.
    public static let usage = ErrorCode(rawValue: "usage")
    /// Built by the CLI itself.
    public static let config = ErrorCode(rawValue: "config")

    public var description: String { rawValue }
}
