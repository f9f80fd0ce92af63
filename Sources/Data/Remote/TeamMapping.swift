import Domain

/// `Team`'s mapping: `{"id", "name"}`, a collection under `items`.
public enum TeamMapping {
    public static let id = Attribute(.id, from: "id", .teamID, to: \Team.id)
    /// At most `maximumNameLength` characters: the contract sets no bound, and a name is printed on
    /// one line.
    public static let name = Attribute(
        .name, from: "name",
        .string.map { name throws(MappingFailure) in
            let length = name.unicodeScalars.count
            guard length <= maximumNameLength else {
                throw MappingFailure(
                    "the team name holds \(length) characters, more than \(maximumNameLength)")
            }
            return name
        }, to: \Team.name)
    public static let maximumNameLength = 200

    public static let mapping = EntityMapping<Team>(
        id: id, rootKeyPath: "items", attributes: [name],
        conditions: [StoreCondition { $0.name.isEmpty ? "name must not be empty" : nil }]
    ) { record throws(MappingFailure) in
        Team(id: try record(id), name: try record(name))
    }
}
