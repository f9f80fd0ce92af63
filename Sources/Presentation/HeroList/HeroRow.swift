import Domain

/// One hero as a row of the list.
public struct HeroRow: Sendable, Hashable {
    /// The hero's id.
    public let id: Hero.ID
    /// The public name.
    public let codeName: String
    /// What the hero can do.
    public let powers: [String]
    /// The team, if any.
    public let team: Team?
    /// Whether the row is a local change the server has not confirmed yet.
    public let isPending: Bool

    /// The row for `hero`.
    public init(_ hero: Hero) {
        id = hero.id
        codeName = hero.codeName
        powers = hero.powers
        team = hero.team
        isPending = hero.isPending
    }
}
