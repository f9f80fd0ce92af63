/// The query of `GET /v1/heroes`, checked strictly: any bad value is a 400 (docs/API.md).
struct PageQuery: Hashable {
    /// 1-based page number.
    var page = 1
    /// Items per page, 1–100.
    var perPage = 20
    /// Lowercased search text; empty matches everything.
    var search = ""
    /// A team id to filter by.
    var team: String?

    /// Parses `page`, `per_page`, `q` and `team`; other parameters are ignored.
    /// Returns the query, or the message of a 400.
    static func parse(_ query: Substring?, teams: [Team]) -> Result<PageQuery, QueryError> {
        var result = PageQuery()
        var seen: Set<String> = []
        for pair in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true),
                let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { return .failure(QueryError("the query is not valid percent-encoded UTF-8")) }
            guard ["page", "per_page", "q", "team"].contains(name) else { continue }
            guard seen.insert(name).inserted else { return .failure(QueryError("\(name) is given twice")) }
            switch name {
            case "page":
                guard let number = Framing.decimal(Substring(value)), number >= 1, number <= 1_000_000_000
                else {
                    return .failure(QueryError("page must be an integer of at least 1"))
                }
                result.page = number
            case "per_page":
                guard let number = Framing.decimal(Substring(value)), (1...100).contains(number) else {
                    return .failure(QueryError("per_page must be an integer from 1 to 100"))
                }
                result.perPage = number
            case "q":
                result.search = value.lowercased()
            default:
                guard teams.contains(where: { $0.id == value }) else {
                    return .failure(QueryError("team must be the id of a team"))
                }
                result.team = value
            }
        }
        return .success(result)
    }
}

/// The message of a 400 for a bad query.
struct QueryError: Error {
    /// A sentence naming the parameter.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// Percent-decoding (RFC 3986 §2.1) into UTF-8 text.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space in a query, as HTML forms send it); nil when malformed.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && text.utf8.contains(UInt8(ascii: "+")))
        else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
