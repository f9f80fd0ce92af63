/// Which heroes to fetch: a page, an optional search text and an optional team.
public struct HeroQuery: Sendable, Hashable {
    /// The default page size of the contract.
    public static let defaultPerPage = 20
    /// Allowed page sizes.
    public static let perPageRange = 1...100
    /// The longest search text in UTF-8 bytes: it travels in the request line, which servers cap.
    public static let maximumTextBytes = 2000

    /// The page number, from 1.
    public let page: Int
    /// The page size, 1–100.
    public let perPage: Int
    /// A case-insensitive substring of a code name or a power; `nil` for every hero.
    public let text: String?
    /// Only heroes of this team; `nil` for every team.
    public let teamID: Team.ID?

    /// Checks the page, the page size and the text's length, naming each field that is out of range.
    public init(
        page: Int = 1,
        perPage: Int = HeroQuery.defaultPerPage,
        text: String? = nil,
        teamID: Team.ID? = nil
    ) throws(DomainError) {
        var problems: [Field: String] = [:]
        if page < 1 { problems[.page] = "must be 1 or more" }
        if !Self.perPageRange.contains(perPage) { problems[.perPage] = "must be 1–100" }
        if let text, text.utf8.count > Self.maximumTextBytes {
            problems[.text] = "must be at most \(Self.maximumTextBytes) bytes, not \(text.utf8.count)"
        }
        guard problems.isEmpty else { throw .invalid(problems) }
        self.page = page
        self.perPage = perPage
        self.text = text
        self.teamID = teamID
    }
}
