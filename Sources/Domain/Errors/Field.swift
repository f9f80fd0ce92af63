/// A field a rule, server or sync can point at, spelled once for every layer.
public enum Field: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// A hero's or a team's identifier.
    case id
    /// A hero's public name.
    case codeName
    /// A hero's secret identity, sealed.
    case realName
    /// A hero's powers.
    case powers
    /// A hero's picture.
    case picture
    /// The team a hero belongs to.
    case team
    /// The id of the team to join.
    case teamID
    /// A team's display name.
    case name
    /// When the server last changed the record.
    case updatedAt
    /// The record's version.
    case version
    /// The hero's motto.
    case motto
    /// A page number of a query.
    case page
    /// The page size of a query.
    case perPage
    /// A search text.
    case text
    /// An edit as a whole.
    case edit
    /// The request as a whole, when no single field is at fault.
    case request
    /// The key that opens secret identities.
    case clearanceKey

    /// The Domain's spelling, such as `codeName`.
    public var description: String { rawValue }

    /// Orders by the Domain's spelling, so reports list fields in a stable order.
    public static func < (lhs: Field, rhs: Field) -> Bool { lhs.rawValue < rhs.rawValue }
}
