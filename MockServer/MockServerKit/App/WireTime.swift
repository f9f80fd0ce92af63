import Foundation

/// Times as docs/API.md writes them, RFC 3339 in UTC to the second (`2026-11-30T12:00:00Z`): the
/// one format style every time in the server's JSON goes through.
enum WireTime {
    /// The format.
    static let style = Date.ISO8601FormatStyle()

    /// `date` in the wire format.
    static func string(_ date: Date) -> String { style.format(date) }

    /// The current time in the wire format.
    static func now() -> String { string(Date()) }
}
