import Domain

/// One record's transformed values, for an entity's `build`.
public struct MappedRecord: Sendable {
    private let fields: [Field]
    private let values: [any Sendable]

    init(fields: [Field], values: [any Sendable]) {
        self.fields = fields
        self.values = values
    }

    public func callAsFunction<Entity, Value>(_ attribute: Attribute<Entity, Value>) throws(MappingFailure)
        -> Value
    {
        guard let index = fields.firstIndex(of: attribute.field), let value = values[index] as? Value else {
            throw MappingFailure("\(attribute.field) is not an attribute of this mapping")
        }
        return value
    }
}
