import Domain
import Foundation

extension ValueTransformer where Value == Date {
    /// An RFC 3339 time (`2026-11-30T12:00:00Z`).
    public static var rfc3339Date: Self {
        ValueTransformer<String>.string.map { text throws(MappingFailure) in
            guard let date = RFC3339Time.date(from: text) else {
                throw MappingFailure("'\(text)' is not an RFC 3339 time")
            }
            return date
        }
    }
}

/// `Date.ISO8601FormatStyle` rolls `2025-02-29` over, takes `+0100` and ignores trailing text,
/// so the shape is checked first; it refuses a lower-case `t`/`z`, so they are raised.
enum RFC3339Time {
    // Shared: making one per time costs more than the parse.
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `nil` unless `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, each field in range.
    static func date(from text: String) -> Date? {
        let utf8 = Array(text.uppercased().utf8)
        guard utf8.count >= 20, fits(utf8[..<19], "0000-00-00T00:00:00") else { return nil }
        let field = { (start: Int) in Int(utf8[start] - 48) * 10 + Int(utf8[start + 1] - 48) }
        let (year, month, day) = (field(0) * 100 + field(2), field(5), field(8))
        guard (1...12).contains(month), (1...daysIn(month, year)).contains(day), field(11) < 24,
            field(14) < 60, field(17) <= 60
        else { return nil }
        var zone = 19
        if utf8[zone] == UInt8(ascii: ".") {
            let digits = utf8[(zone + 1)...].prefix { (48...57).contains($0) }.count
            guard digits > 0 else { return nil }
            zone += 1 + digits
        }
        let isOffset =
            utf8.count == zone + 6 && (utf8[zone] == UInt8(ascii: "+") || utf8[zone] == UInt8(ascii: "-"))
            && fits(utf8[(zone + 1)...], "00:00") && field(zone + 1) < 24 && field(zone + 4) < 60
        guard isOffset || utf8[zone...].elementsEqual("Z".utf8) else { return nil }
        return try? style.parse(String(decoding: utf8, as: UTF8.self))
    }

    /// Whether `bytes` are `template`'s, with any digit where it has `0`.
    private static func fits(_ bytes: ArraySlice<UInt8>, _ template: String) -> Bool {
        bytes.elementsEqual(template.utf8) { byte, expected in
            expected == UInt8(ascii: "0") ? (48...57).contains(byte) : byte == expected
        }
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
    /// Never judged: a damaged one is kept so it shows as classified. Refusing it would drop the
    /// hero; `nil` would erase the secret on the next edit.
    public static var sealedSecret: Self {
        ValueTransformer<String>.string.map { text in SealedSecret(base64: text) }
    }
}

extension ValueTransformer where Value == PictureReference {
    /// A server-relative path (`/v1/heroes/0007/picture`).
    public static var picturePath: Self {
        ValueTransformer<String>.string.map { path throws(MappingFailure) in
            // `//host/…` is another server.
            guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\") else {
                throw MappingFailure("'\(path.prefix(80))' is not a server path")
            }
            // Past what servers and proxies take in a request line (RFC 9112 §3 suggests 8000).
            guard path.utf8.count <= 8000 else {
                throw MappingFailure("the picture path holds \(path.utf8.count) bytes, more than 8000")
            }
            return PictureReference(path: path)
        }
    }
}

extension ValueTransformer where Value == Hero.ID {
    public static var heroID: Self {
        ValueTransformer<String>.string.map { text throws(MappingFailure) in
            do {
                return try Hero.ID(text)
            } catch {
                throw MappingFailure("'\(text)' is not 1–64 of [A-Za-z0-9_-]")
            }
        }
    }
}

extension ValueTransformer where Value == Team.ID {
    public static var teamID: Self {
        ValueTransformer<String>.string.map { text throws(MappingFailure) in
            guard !text.isEmpty else { throw MappingFailure("must not be empty") }
            return Team.ID(text)
        }
    }
}
