import Foundation
import Testing

@testable import Data

@Suite("RFC 3339 times: held to RFC 3339, read by ISO8601FormatStyle")
struct RFC3339Tests {
    @Test(
        "valid times give the instant they name",
        arguments: [
            ("2026-11-30T12:00:00Z", 1_796_040_000.0),
            ("2026-11-30t12:00:00z", 1_796_040_000.0),
            ("2026-11-30T12:00:00.250Z", 1_796_040_000.25),
            ("2026-11-30T13:30:00+01:30", 1_796_040_000.0),
            ("2026-11-30T10:00:00-02:00", 1_796_040_000.0),
            ("2024-02-29T00:00:00Z", 1_709_164_800.0),
            ("1969-12-31T23:59:59Z", -1.0),
        ])
    func valid(text: String, seconds: Double) throws {
        let date = try #require(RFC3339Time.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_1)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "2026-11-30 12:00:00Z", "2026-11-30T12:00:00", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
            "2026-11-30T24:00:00Z", "2026-11-30T12:00:00.Z", "2026-11-30T12:00:00+0100", "30/11/2026",
            "2026-11-30T12:00:00Zjunk", "",
        ])
    func invalid(text: String) {
        #expect(RFC3339Time.date(from: text) == nil)
    }
}
