import Domain

/// An attribute of any value type, so a mapping can list them all; declare them with `Attribute`.
public protocol AttributeMapping<Entity>: Sendable {
    /// The attribute's entity.
    associatedtype Entity: Sendable
    /// The field, as reports name it.
    var field: Field { get }
    /// `sourcePath` split into its keys.
    var keys: [String] { get }
    /// The transformed value of `json`; the failure names the key path.
    func value(from json: JSONValue?) throws(MappingFailure) -> any Sendable
    /// The value the merge picker keeps.
    func merge(stored: Entity?, local: Entity, incoming: Entity) -> AttributeMerge
}
