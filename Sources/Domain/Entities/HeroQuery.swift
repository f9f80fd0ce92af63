/// Which heroes to fetch: a page, an optional search text and an optional team.
public struct HeroQuery: Sendable, Hashable {
    public static let defaultPerPage = 20
    public static let perPageRange = 1...100
    /// In UTF-8 bytes: the text travels in the request line, which servers cap.
    public static let maximumTextBytes = 2000

    /// From 1.
    public let page: Int
    public let perPage: Int
    /// A case-insensitive substring of a code name or a power; `nil` for every hero.
    public let text: String?
    /// `nil` for every team.
    public let teamID: Team.ID?

    /// Throws `DomainError.invalid` naming each field out of range.
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
