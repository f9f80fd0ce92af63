import Domain

/// `Team`'s mapping: `{"id", "name"}`, a collection under `items`.
public enum TeamMapping {
    /// `id`.
    public static let id = Attribute(.id, from: "id", .teamID, to: \Team.id)
    /// `name`.
    public static let name = Attribute(.name, from: "name", .string, to: \Team.name)

    /// The declaration.
    public static let mapping = EntityMapping<Team>(
        id: id, rootKeyPath: "items", attributes: [name],
        conditions: [StoreCondition { $0.name.isEmpty ? "name must not be empty" : nil }]
    ) { record throws(MappingFailure) in
        Team(id: try record(id), name: try record(name))
    }
}
