import Domain

/// A page of heroes as it arrived, mapped; rejected records are reported, not fatal.
public struct HeroPageBody: Sendable {
    /// The pipeline's result.
    public let result: MappingResult<Hero>
    /// The page, with the records that were kept.
    public let page: HeroPage

    /// Maps `body` and checks its numbers; against `stored`, the result says what changed.
    public init(_ body: JSONValue, stored: [String: Hero] = [:]) throws(DomainError) {
        let numbers = try Self.numbers(of: body)
        result = HeroMapping.pipeline.run(records: try Self.records(of: body), stored: stored)
        page = HeroPage(
            items: result.items.map(\.entity), page: numbers.page, perPage: numbers.perPage,
            total: numbers.total)
    }

    /// The page's records, unmapped.
    static func records(of body: JSONValue) throws(DomainError) -> [JSONValue] {
        try RemoteHeroDataSource.mapped { () throws(MappingFailure) in
            try HeroMapping.mapping.records(in: body)
        }
    }

    /// The page's `page`, `per_page` and `total`, checked.
    public static func numbers(of body: JSONValue) throws(DomainError) -> (
        page: Int, perPage: Int, total: Int
    ) {
        guard case .integer(let number)? = body[path: "page"],
            case .integer(let perPage)? = body[path: "per_page"],
            case .integer(let total)? = body[path: "total"]
        else { throw .badData("the page has no integer page, per_page and total") }
        guard number >= 1, perPage >= 1, total >= 0 else {
            throw .badData("page \(number) of \(perPage) with total \(total) is out of range")
        }
        return (number, perPage, total)
    }
}
