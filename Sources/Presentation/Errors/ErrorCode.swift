/// A stable name for what went wrong; scripts match on it, the app maps it to an exit code.
public struct ErrorCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as it is printed, such as `not_found`.
    public let rawValue: String

    /// Wraps a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The thing asked for does not exist.
    public static let notFound = ErrorCode(rawValue: "not_found")
    /// Credentials were missing or wrong.
    public static let unauthorized = ErrorCode(rawValue: "unauthorized")
    /// The user lacks the role for the action.
    public static let forbidden = ErrorCode(rawValue: "forbidden")
    /// The change clashes with another record.
    public static let conflict = ErrorCode(rawValue: "conflict")
    /// The record changed since it was read.
    public static let preconditionFailed = ErrorCode(rawValue: "precondition_failed")
    /// Some fields break the rules.
    public static let validationFailed = ErrorCode(rawValue: "validation_failed")
    /// The server cannot be reached.
    public static let unavailable = ErrorCode(rawValue: "unavailable")
    /// The server answered something the contract does not allow.
    public static let badData = ErrorCode(rawValue: "bad_data")
    /// The work was cancelled.
    public static let cancelled = ErrorCode(rawValue: "cancelled")
    /// Something no other code covers: a bug.
    public static let internalError = ErrorCode(rawValue: "internal")
    /// The command line was wrong (built by the CLI itself).
    public static let usage = ErrorCode(rawValue: "usage")
    /// The configuration was missing or wrong (built by the CLI itself).
    public static let config = ErrorCode(rawValue: "config")

    /// The code as it is printed.
    public var description: String { rawValue }
}
