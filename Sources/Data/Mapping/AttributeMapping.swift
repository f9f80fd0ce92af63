import Domain

/// One attribute of an entity's mapping, whatever its value's type, so a mapping can list them
/// all. `Attribute` is the one implementation; declare attributes with it.
public protocol AttributeMapping<Entity>: Sendable {
    /// The entity the attribute belongs to.
    associatedtype Entity: Sendable
    /// The field, as reports name it.
    var field: Field { get }
    /// The dotted key path in the wire record, such as `team.id`.
    var sourcePath: String { get }
    /// `sourcePath` split into its keys.
    var keys: [String] { get }
    /// The transformed value of `json`, what a record holds at the key path (`nil` when the
    /// key is missing); the failure names the key path.
    func value(from json: JSONValue?) throws(MappingFailure) -> any Sendable
    /// The property's value in `entity`.
    func value(of entity: Entity) -> any Sendable
    /// The value the attribute's merge picker keeps for a record edited locally.
    func merge(stored: Entity?, local: Entity, incoming: Entity) -> AttributeMerge
}
