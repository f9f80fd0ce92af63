/// Where a mapping's attributes are in a record, and what kind of JSON each one is: the key
/// paths of `EntityMapping`'s attributes, in its order, shared by every record it reads.
///
/// A record is read once, in the mapping's own terms: from a `JSONDecoder` (`WireBody`), each
/// attribute asked for by its kind, or from a tree already in memory (a stored record). What is
/// kept is a `WireRecord`: the JSON found at each key path, as sent. Members the mapping does not
/// name are not read, so they are not kept.
public final class RecordLayout: Sendable {
    /// Each attribute's key path, split into its keys.
    let paths: [[String]]
    /// Each attribute's kind of JSON.
    let kinds: [WireKind]
    /// The coding keys of each path, made once.
    let codingKeys: [[JSONKey]]

    init(paths: [[String]], kinds: [WireKind]) {
        self.paths = paths
        self.kinds = kinds
        self.codingKeys = paths.map { $0.map(JSONKey.init(stringValue:)) }
    }

    /// The record `tree` holds.
    func read(_ tree: JSONValue) -> WireRecord {
        guard case .object = tree else { return WireRecord(layout: self, nonObject: tree) }
        return WireRecord(layout: self, values: paths.map { tree[keys: $0] })
    }

    /// The record in `container`, each attribute decoded as its kind says.
    func read(_ container: KeyedDecodingContainer<JSONKey>) throws -> WireRecord {
        var values: [JSONValue?] = []
        values.reserveCapacity(paths.count)
        for index in paths.indices {
            values.append(try Self.value(at: codingKeys[index][...], kind: kinds[index], in: container))
        }
        return WireRecord(layout: self, values: values)
    }

    /// The tree of `values`, each at its key path (nested objects made as the paths need them).
    func tree(of values: [JSONValue?]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(paths.count)
        for (keys, value) in zip(paths, values) {
            guard let value, let first = keys.first else { continue }
            members[first] = Self.inserting(value, at: keys.dropFirst(), into: members[first])
        }
        return .object(members)
    }

    private static func inserting(_ value: JSONValue, at keys: ArraySlice<String>, into existing: JSONValue?)
        -> JSONValue
    {
        guard let key = keys.first else { return value }
        var members: [String: JSONValue] = [:]
        if case .object(let existingMembers)? = existing { members = existingMembers }
        members[key] = inserting(value, at: keys.dropFirst(), into: members[key])
        return .object(members)
    }

    /// The JSON at `keys` in `container`; `nil` when a key is missing or a step is not an object.
    private static func value(
        at keys: ArraySlice<JSONKey>, kind: WireKind, in container: KeyedDecodingContainer<JSONKey>
    ) throws -> JSONValue? {
        guard let key = keys.first else { return nil }
        guard keys.count == 1 else {
            guard container.contains(key),
                let nested = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            else { return nil }
            return try value(at: keys.dropFirst(), kind: kind, in: nested)
        }
        do {
            return try value(of: kind, forKey: key, in: container)
        } catch DecodingError.keyNotFound(let missing, _) where missing.stringValue == key.stringValue {
            return nil
        } catch {
            // Another kind than the mapping's, or a number that does not fit (which Foundation
            // throws as an error of its own): read it as it is, so the transformer can say what
            // it found. A body that is not JSON never gets here: the decoder checked it whole.
            return try container.decode(JSONValue.self, forKey: key)
        }
    }

    private static func value(
        of kind: WireKind, forKey key: JSONKey, in container: KeyedDecodingContainer<JSONKey>
    )
        throws -> JSONValue
    {
        switch kind {
        case .any:
            return try container.decode(JSONValue.self, forKey: key)
        case .string:
            return .string(try container.decode(String.self, forKey: key))
        case .integer:
            return .integer(try container.decode(Int.self, forKey: key))
        case .strings:
            var array = try container.nestedUnkeyedContainer(forKey: key)
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd { elements.append(.string(try array.decode(String.self))) }
            return .array(elements)
        case .object(let layout):
            let nested = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
            return layout.tree(of: try layout.read(nested).values)
        case .optional(let wrapped):
            if try container.decodeNil(forKey: key) { return .null }
            return try value(of: wrapped, forKey: key, in: container)
        }
    }
}

/// Any key of an object, for reading members by name.
struct JSONKey: CodingKey, Hashable {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
