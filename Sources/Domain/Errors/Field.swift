/// A field a rule, server or sync can point at, spelled once for every layer.
public enum Field: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// A hero's or a team's.
    case id
    case codeName
    /// Sealed.
    case realName
    case powers
    case picture
    case team
    /// The team to join.
    case teamID
    /// A team's display name.
    case name
    case updatedAt
    case version
    case motto
    case page
    case perPage
    /// Search text.
    case text
    case edit
    /// When no single field is at fault.
    case request
    /// The key that opens secret identities.
    case clearanceKey

    public var description: String { rawValue }

    /// Stable order for reports.
    public static func < (lhs: Field, rhs: Field) -> Bool { lhs.rawValue < rhs.rawValue }
}
