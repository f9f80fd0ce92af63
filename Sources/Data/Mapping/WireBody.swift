/// A mapping known by its type, so that a `Decodable` body can find it: `HeroMapping` is one.
public protocol WireMapped: Sendable {
    /// The entity the mapping makes.
    associatedtype Entity: Sendable
    /// The mapping.
    static var mapping: EntityMapping<Entity> { get }
}

/// A response body decoded by Foundation's `JSONDecoder` in `Mapped`'s terms: its records, each
/// attribute asked for by the kind its transformer reads (`RecordLayout`), and the body's other
/// top-level members as trees (a page's `page`, `per_page` and `total`, say), all in one pass of
/// the decoder: no tree of the records is made.
///
/// The records are found as `EntityMapping.records(in:)` finds them in a tree: the array under
/// the root key path, a bare array, or the body itself when it is one record.
public struct WireBody<Mapped: WireMapped>: Decodable, Sendable {
    /// The records, in the body's order.
    public let records: [WireRecord]
    /// The body's top-level members other than the one holding the records.
    public let members: [String: JSONValue]

    /// Reads a body; throws `MappingFailure` when the mapping finds no records where it says.
    public init(from decoder: any Decoder) throws {
        let mapping = Mapped.mapping
        if var array = try? decoder.unkeyedContainer() {
            records = try Self.records(in: &array)
            members = [:]
            return
        }
        guard let object = try? decoder.container(keyedBy: JSONKey.self) else {
            records = [mapping.layout.read(try JSONValue(from: decoder))]
            members = [:]
            return
        }
        let rootKeys = JSONValue.keys(of: mapping.rootKeyPath ?? "").map(JSONKey.init(stringValue:))
        guard let rootKey = rootKeys.last, let rootKeyPath = mapping.rootKeyPath else {
            records = [try mapping.layout.read(object)]
            members = [:]
            return
        }
        var parent: KeyedDecodingContainer<JSONKey>? = object
        for key in rootKeys.dropLast() {
            parent = parent.flatMap { try? $0.nestedContainer(keyedBy: JSONKey.self, forKey: key) }
        }
        guard let parent, parent.contains(rootKey) else {
            // No records' array: the body is one record if it has an id.
            let record = try mapping.layout.read(object)
            guard case .some(.some) = record.values.first else {
                throw MappingFailure("\(rootKeyPath) is missing")
            }
            records = [record]
            members = [:]
            return
        }
        guard var array = try? parent.nestedUnkeyedContainer(forKey: rootKey) else {
            throw MappingFailure("\(rootKeyPath) is not an array")
        }
        records = try Self.records(in: &array)
        var others: [String: JSONValue] = [:]
        for key in object.allKeys where key != rootKeys[0] {
            others[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
        }
        members = others
    }

    /// The body's records, when it is a tree already (a stored or hand-made body).
    public init(_ body: JSONValue) throws(MappingFailure) {
        let mapping = Mapped.mapping
        records = try mapping.records(in: body).map(mapping.layout.read)
        let rootKey = JSONValue.keys(of: mapping.rootKeyPath ?? "").first
        if let rootKey, case .object(var others) = body, others[rootKey] != nil {
            others[rootKey] = nil
            members = others
        } else {
            members = [:]
        }
    }

    private static func records(in array: inout any UnkeyedDecodingContainer) throws -> [WireRecord] {
        var records: [WireRecord] = []
        records.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd { records.append(try array.decode(Element.self).record) }
        return records
    }

    /// One element of the records' array, read by the mapping's layout; one that is not an
    /// object is kept as it is, for the mapping to reject.
    private struct Element: Decodable {
        let record: WireRecord

        init(from decoder: any Decoder) throws {
            let layout = Mapped.mapping.layout
            if let object = try? decoder.container(keyedBy: JSONKey.self) {
                record = try layout.read(object)
            } else {
                record = layout.read(try JSONValue(from: decoder))
            }
        }
    }
}
