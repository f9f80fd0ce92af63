/// Turns an attribute's JSON into the property's value.
public struct ValueTransformer<Value: Sendable>: Sendable {
    private let body: @Sendable (JSONValue?) throws(MappingFailure) -> Value

    /// `transform` sees `nil` when the key is missing.
    public init(_ transform: @escaping @Sendable (JSONValue?) throws(MappingFailure) -> Value) {
        body = transform
    }

    public func transform(_ json: JSONValue?) throws(MappingFailure) -> Value { try body(json) }

    /// This transformer, then another step.
    public func map<Other: Sendable>(_ next: @escaping @Sendable (Value) throws(MappingFailure) -> Other)
        -> ValueTransformer<Other>
    {
        ValueTransformer<Other> { json throws(MappingFailure) in
            try next(try self.transform(json))
        }
    }

    /// A missing key or `null` as `nil`, else as `wrapped`.
    public static func optional<Wrapped: Sendable>(_ wrapped: ValueTransformer<Wrapped>) -> ValueTransformer<
        Wrapped?
    >
    where Value == Wrapped? {
        ValueTransformer<Wrapped?> { json throws(MappingFailure) in
            guard let json, json != .null else { return nil }
            return try wrapped.transform(json)
        }
    }
}

extension ValueTransformer where Value == String {
    public static var string: Self {
        Self { json throws(MappingFailure) in
            guard case .string(let text)? = json else { throw .expected("a string", json) }
            return text
        }
    }
}

extension ValueTransformer where Value == Int {
    /// A JSON number without a fraction.
    public static var integer: Self {
        Self { json throws(MappingFailure) in
            guard case .integer(let number)? = json else { throw .expected("an integer", json) }
            return number
        }
    }
}

extension ValueTransformer where Value == [String] {
    public static var strings: Self {
        Self { json throws(MappingFailure) in
            guard case .array(let elements)? = json else { throw .expected("an array of strings", json) }
            var texts: [String] = []
            texts.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else { throw .expected("an array of strings", json) }
                texts.append(text)
            }
            return texts
        }
    }
}

extension ValueTransformer {
    /// A nested object by another mapping (to-one).
    public static func relationship(_ mapping: EntityMapping<Value>) -> Self {
        Self { json throws(MappingFailure) in
            guard let json else { throw .expected("an object", nil) }
            return try mapping.entity(from: json)
        }
    }

    /// An array of objects by another mapping (to-many).
    public static func many<Element>(_ mapping: EntityMapping<Element>) -> Self where Value == [Element] {
        Self { json throws(MappingFailure) in
            guard case .array(let elements)? = json else { throw .expected("an array", json) }
            var entities: [Element] = []
            for element in elements { entities.append(try mapping.entity(from: element)) }
            return entities
        }
    }
}
