import Foundation

/// Reads RFC 3339 times (`2026-11-30T12:00:00Z`, `2026-11-30T12:00:00.250+01:00`) straight from
/// their digits: no formatter, so mapping thousands of records stays cheap.
enum RFC3339 {
    /// The time `text` names, or `nil` when it is not RFC 3339.
    static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 20 else { return nil }
        // Lower-case `t` and `z` are allowed by RFC 3339.
        if utf8[10] == UInt8(ascii: "t") { utf8[10] = UInt8(ascii: "T") }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
            utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
            let year = number(utf8, 0, 4), let month = number(utf8, 5, 2), let day = number(utf8, 8, 2),
            let hour = number(utf8, 11, 2), let minute = number(utf8, 14, 2),
            let second = number(utf8, 17, 2),
            (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if utf8[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < utf8.count, let digit = digit(utf8[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < utf8.count else { return nil }
        var offset = 0
        switch utf8[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == utf8.count, utf8[index + 3] == UInt8(ascii: ":"),
                let hours = number(utf8, index + 1, 2), let minutes = number(utf8, index + 4, 2), hours < 24,
                minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (utf8[index] == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        default:
            return nil
        }
        guard index == utf8.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ utf8: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= utf8.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(utf8[index]) else { return nil }
            value = value * 10 + digit
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

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
