import Domain

/// The JSON at `sourcePath`, through `transformer`, into `property`, merged by `picker`.
public struct Attribute<Entity: Sendable, Value: Sendable & Hashable>: AttributeMapping {
    /// As reports name it.
    public let field: Field
    /// Dotted.
    public let sourcePath: String
    public let transformer: ValueTransformer<Value>
    public let property: KeyPath<Entity, Value> & Sendable
    public let picker: MergePicker<Value>
    /// Split once.
    public let keys: [String]

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

    /// `json` is `nil` when the key is missing; the failure names the key path.
    public func value(from json: JSONValue?) throws(MappingFailure) -> any Sendable {
        do {
            return try transformer.transform(json)
        } catch {
            throw MappingFailure("\(sourcePath) \(error.reason)")
        }
    }

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

private protocol OptionalDescribing {
    var describedOrNone: String { get }
}

extension Optional: OptionalDescribing {
    fileprivate var describedOrNone: String { map { String(describing: $0) } ?? "none" }
}
