/// The changes a user asks for on an existing hero; everything not named stays as it is.
public struct HeroEdit: Sendable, Hashable {
    /// A new code name, or `nil` to keep it.
    public var codeName: String?
    /// A new list of powers, or `nil` to keep them.
    public var powers: [String]?
    /// Keep, change or leave the team.
    public var team: FieldEdit<Team.ID>
    /// Keep, change (given in clear, sealed before it leaves) or remove the real name.
    public var realName: FieldEdit<String>

    /// Stores the changes as given; an edit that changes nothing is refused by `UpdateHero`.
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

    /// Whether the edit names no change at all.
    public var changesNothing: Bool {
        codeName == nil && powers == nil && team == .keep && realName == .keep
    }
}
