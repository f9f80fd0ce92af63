import Domain

/// An attribute of any value type, so a mapping can list them all; declare them with `Attribute`.
public protocol AttributeMapping<Entity>: Sendable {
    associatedtype Entity: Sendable
    var field: Field { get }
    var keys: [String] { get }
    /// The failure names the key path.
    func value(from json: JSONValue?) throws(MappingFailure) -> any Sendable
    func merge(stored: Entity?, local: Entity, incoming: Entity) -> AttributeMerge
}
