import Domain
import Foundation

extension ValueTransformer where Value == Date {
    /// An RFC 3339 time (`2026-11-30T12:00:00Z`).
    public static var rfc3339Date: Self {
        ValueTransformer<String>.string.map("rfc3339Date") { text throws(MappingFailure) in
            guard let date = RFC3339Time.date(from: text) else {
                throw MappingFailure("'\(text)' is not an RFC 3339 time")
            }
            return date
        }
    }
}

/// RFC 3339 times. `Date.ISO8601FormatStyle` rolls `2025-02-29` over, takes `+0100` and ignores
/// trailing text, so the shape is checked first; it refuses a lower-case `t`/`z`, so they are raised.
enum RFC3339Time {
    // Shared: one per time costs more than the parse. Reads times with and without a fraction.
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The time `text` names, or `nil` when it is not RFC 3339.
    static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)
        for index in [10, utf8.count - 1] where utf8.indices.contains(index) {
            if utf8[index] == UInt8(ascii: "t") || utf8[index] == UInt8(ascii: "z") { utf8[index] -= 0x20 }
        }
        guard hasRFC3339Shape(utf8) else { return nil }
        return try? style.parse(String(decoding: utf8, as: UTF8.self))
    }

    /// Whether `utf8` is `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, each field in range.
    private static func hasRFC3339Shape(_ utf8: [UInt8]) -> Bool {
        guard utf8.count >= 20, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            utf8[10] == UInt8(ascii: "T"), utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
            let year = number(utf8, 0, 4), let month = number(utf8, 5, 2), let day = number(utf8, 8, 2),
            let hour = number(utf8, 11, 2), let minute = number(utf8, 14, 2),
            let second = number(utf8, 17, 2),
            (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour < 24, minute < 60,
            second <= 60
        else { return false }
        var index = 19
        if utf8[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < utf8.count, isDigit(utf8[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < utf8.count else { return false }
        if utf8[index] == UInt8(ascii: "Z") { return index + 1 == utf8.count }
        guard utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-"), index + 6 == utf8.count,
            utf8[index + 3] == UInt8(ascii: ":"), let hours = number(utf8, index + 1, 2),
            let minutes = number(utf8, index + 4, 2)
        else { return false }
        return hours < 24 && minutes < 60
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func number(_ utf8: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard isDigit(utf8[index]) else { return nil }
            value = value * 10 + Int(utf8[index] - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension ValueTransformer where Value == SealedSecret {
    /// A sealed secret as sent, never judged: a damaged one is kept so it shows as classified.
    /// Refusing it would drop the hero; `nil` would erase the secret on the next edit.
    public static var sealedSecret: Self {
        ValueTransformer<String>.string.map("sealedSecret") { text in SealedSecret(base64: text) }
    }
}

extension ValueTransformer where Value == PictureReference {
    /// A server-relative path (`/v1/heroes/0007/picture`).
    public static var picturePath: Self {
        ValueTransformer<String>.string.map("picturePath") { path throws(MappingFailure) in
            // `//host/…` is another server.
            guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\") else {
                throw MappingFailure("'\(path)' is not a server path")
            }
            return PictureReference(path: path)
        }
    }
}

extension ValueTransformer where Value == Hero.ID {
    /// A hero id as the contract allows it.
    public static var heroID: Self {
        ValueTransformer<String>.string.map("heroID") { text throws(MappingFailure) in
            do {
                return try Hero.ID(text)
            } catch {
                throw MappingFailure("'\(text)' is not 1–64 of [A-Za-z0-9_-]")
            }
        }
    }
}

extension ValueTransformer where Value == Team.ID {
    /// A team id.
    public static var teamID: Self {
        ValueTransformer<String>.string.map("teamID") { text throws(MappingFailure) in
            guard !text.isEmpty else { throw MappingFailure("must not be empty") }
            return Team.ID(text)
        }
    }
}
