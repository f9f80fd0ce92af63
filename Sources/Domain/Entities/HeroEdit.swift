/// The changes a user asks for on an existing hero; everything not named stays as it is.
public struct HeroEdit: Sendable, Hashable {
    /// `nil` keeps it.
    public var codeName: String?
    /// `nil` keeps them.
    public var powers: [String]?
    public var team: FieldEdit<Team.ID>
    /// Given in clear, sealed before it leaves.
    public var realName: FieldEdit<String>

    /// An edit that changes nothing is refused by `UpdateHero`.
    public init(
        codeName: String? = nil,
        powers: [String]? = nil,
        team: FieldEdit<Team.ID> = .keep,
        realName: FieldEdit<String> = .keep
    ) {
        self.codeName = codeName
        self.powers = powers
        self.team = team
        self.realName = realName
    }

    public var changesNothing: Bool {
        codeName == nil && powers == nil && team == .keep && realName == .keep
    }
}
