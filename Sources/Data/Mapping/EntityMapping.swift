import Domain

/// How one entity maps from its wire form.
public struct EntityMapping<Entity: Sendable>: Sendable {
    /// A collection's array key (`items`); `nil` for bare bodies.
    public let rootKeyPath: String?
    public let idPath: String
    private let idOf: @Sendable (Entity) -> String
    private let attributes: [any AttributeMapping<Entity>]
    private let fields: [Field]
    private let conditions: [StoreCondition<Entity>]
    private let build: @Sendable (MappedRecord) throws(MappingFailure) -> Entity

    /// - Parameters:
    ///   - attributes: every attribute but the id, each field once.
    ///   - conditions: rules a record must meet to be stored.
    public init<ID: Sendable & Hashable & CustomStringConvertible>(
        id: Attribute<Entity, ID>,
        rootKeyPath: String? = nil,
        attributes: [any AttributeMapping<Entity>],
        conditions: [StoreCondition<Entity>] = [],
        build: @escaping @Sendable (_ record: MappedRecord) throws(MappingFailure) -> Entity
    ) {
        self.rootKeyPath = rootKeyPath
        self.idPath = id.sourcePath
        let property = id.property
        self.idOf = { $0[keyPath: property].description }
        self.attributes = [id] + attributes
        self.fields = self.attributes.map(\.field)
        self.conditions = conditions
        self.build = build
    }

    /// Under the root key path, a bare array, or one object.
    public func records(in body: JSONValue) throws(MappingFailure) -> [JSONValue] {
        if let rootKeyPath, case .object = body {
            guard let root = body[path: rootKeyPath] else {
                if body[path: idPath] != nil { return [body] }
                throw MappingFailure("\(rootKeyPath) is missing")
            }
            guard case .array(let records) = root else {
                throw MappingFailure("\(rootKeyPath) is not an array")
            }
            return records
        }
        if case .array(let records) = body { return records }
        return [body]
    }

    /// As sent, unchecked.
    public func rawID(of record: JSONValue) -> String? {
        switch record[keys: attributes[0].keys] {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }

    /// As the store keys it.
    public func id(of entity: Entity) -> String { idOf(entity) }

    /// Conditions are not checked.
    public func entity(from record: JSONValue) throws(MappingFailure) -> Entity {
        guard case .object = record else { throw MappingFailure("is \(record.kind), not an object") }
        var values: [any Sendable] = []
        values.reserveCapacity(attributes.count)
        for attribute in attributes {
            values.append(try attribute.value(from: record[keys: attribute.keys]))
        }
        return try build(MappedRecord(fields: fields, values: values))
    }

    public func refusal(of entity: Entity) -> String? {
        for condition in conditions {
            if let reason = condition.refusal(of: entity) { return reason }
        }
        return nil
    }

    /// Merges a local edit with `incoming` by the pickers; `nil` entity if one refused.
    public func merge(stored: Entity?, local: Entity, incoming: Entity) throws(MappingFailure) -> (
        entity: Entity?, conflicts: [AttributeConflict]
    ) {
        let id = idOf(incoming)
        var values: [any Sendable] = []
        var conflicts: [AttributeConflict] = []
        var resolvable = true
        for attribute in attributes {
            switch attribute.merge(stored: stored, local: local, incoming: incoming) {
            case .value(let value, let conflict):
                values.append(value)
                if let conflict {
                    conflicts.append(
                        AttributeConflict(
                            id: id, field: attribute.field, local: conflict.local,
                            incoming: conflict.incoming,
                            isResolved: true))
                }
            case .unresolvable(let localText, let incomingText):
                resolvable = false
                conflicts.append(
                    AttributeConflict(
                        id: id, field: attribute.field, local: localText, incoming: incomingText,
                        isResolved: false))
            }
        }
        guard resolvable else { return (nil, conflicts) }
        return (try build(MappedRecord(fields: fields, values: values)), conflicts)
    }
}
