import Domain

/// A page of heroes as it arrives: `items`, `page`, `per_page` and `total`.
public enum HeroPageBody {
    /// Records that break a rule are left out.
    public static func page(of body: JSONValue) throws(DomainError) -> HeroPage {
        let (page, perPage, total) = try numbers(of: body)
        let kept = HeroMapping.pipeline.run(records: try records(of: body), stored: [:]).items
        return HeroPage(items: kept.map(\.entity), page: page, perPage: perPage, total: total)
    }

    /// Unmapped.
    static func records(of body: JSONValue) throws(DomainError) -> [JSONValue] {
        try RemoteHeroDataSource.mapped { () throws(MappingFailure) in
            try HeroMapping.mapping.records(in: body)
        }
    }

    /// Checked.
    public static func numbers(of body: JSONValue) throws(DomainError) -> (
        page: Int, perPage: Int, total: Int
    ) {
        guard case .integer(let number)? = body[path: "page"],
            case .integer(let perPage)? = body[path: "per_page"],
            case .integer(let total)? = body[path: "total"]
        else { throw .badData("the page has no integer page, per_page and total") }
        // per_page is the contract's 1 to 100; the tree bounds the others to ±2^53, so no sum or
        // product of them can overflow.
        guard number >= 1, (1...100).contains(perPage), total >= 0 else {
            throw .badData("page \(number) of \(perPage) with total \(total) is out of range")
        }
        return (number, perPage, total)
    }
}
