import Domain

/// One row of the list.
public struct HeroRow: Sendable, Hashable {
    public let id: Hero.ID
    public let codeName: String
    public let powers: [String]
    public let team: Team?
    /// A local change the server has not confirmed yet.
    public let isPending: Bool

    public init(_ hero: Hero) {
        id = hero.id
        codeName = hero.codeName
        powers = hero.powers
        team = hero.team
        isPending = hero.isPending
    }
}
