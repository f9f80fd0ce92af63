/// `GET /v1/heroes`'s query, strict: any bad value is a 400 (docs/API.md).
struct PageQuery: Hashable {
    /// From 1.
    var page = 1
    /// 1–100.
    var perPage = 20
    /// Lowercased; empty matches everything.
    var search = ""
    var team: String?

    /// Reads `page`, `per_page`, `q` and `team`, ignoring others; or the 400's message.
    static func parse(_ query: Substring?, teams: [TeamRecord]) -> Result<PageQuery, QueryError> {
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
                    return .failure(QueryError("page must be an integer from 1 to 1000000000"))
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
