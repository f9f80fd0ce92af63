import Foundation

/// Times as docs/API.md writes them: RFC 3339, UTC, to the second (`2026-11-30T12:00:00Z`).
enum WireTime {
    static let style = Date.ISO8601FormatStyle()

    static func string(_ date: Date) -> String { style.format(date) }

    static func now() -> String { string(Date()) }
}
