import Domain

/// One attribute: the JSON at `sourcePath`, through `transformer`, into `property`, merged by `picker`.
public struct Attribute<Entity: Sendable, Value: Sendable & Hashable>: AttributeMapping {
    /// The field, as reports name it.
    public let field: Field
    /// The dotted key path in the wire record.
    public let sourcePath: String
    /// Makes the value from the JSON.
    public let transformer: ValueTransformer<Value>
    /// The entity's property.
    public let property: KeyPath<Entity, Value> & Sendable
    /// Merges a local edit with an incoming value.
    public let picker: MergePicker<Value>
    /// `sourcePath` split into its keys, once.
    public let keys: [String]

    /// An attribute mapping `sourcePath` to `property`.
    public init(
        _ field: Field,
        from sourcePath: String,
        _ transformer: ValueTransformer<Value>,
        to property: KeyPath<Entity, Value> & Sendable,
        merge picker: MergePicker<Value> = .localEditWins
    ) {
        self.field = field
        self.sourcePath = sourcePath
        self.transformer = transformer
        self.property = property
        self.picker = picker
        self.keys = JSONValue.keys(of: sourcePath)
    }

    /// The transformed value of `json` (`nil` when the key is missing); the failure names the key path.
    public func value(from json: JSONValue?) throws(MappingFailure) -> any Sendable {
        do {
            return try transformer.transform(json)
        } catch {
            throw MappingFailure("\(sourcePath) \(error.reason)")
        }
    }

    /// The value `picker` keeps.
    public func merge(stored: Entity?, local: Entity, incoming: Entity) -> AttributeMerge {
        let localValue = local[keyPath: property]
        let incomingValue = incoming[keyPath: property]
        switch picker.pick(stored: stored?[keyPath: property], local: localValue, incoming: incomingValue) {
        case .value(let value, let isConflict):
            let both = isConflict ? (Self.text(localValue), Self.text(incomingValue)) : nil
            return .value(value, conflict: both)
        case .unresolvable:
            return .unresolvable(local: Self.text(localValue), incoming: Self.text(incomingValue))
        }
    }

    private static func text(_ value: Value) -> String {
        if let optional = value as? any OptionalDescribing { return optional.describedOrNone }
        return String(describing: value)
    }
}

/// Describes an optional's wrapped value, or "none".
private protocol OptionalDescribing {
    var describedOrNone: String { get }
}

extension Optional: OptionalDescribing {
    fileprivate var describedOrNone: String { map { String(describing: $0) } ?? "none" }
}
