import Domain
import Foundation

/// A JSON document the JSON views build, written compactly with sorted keys so scripts and tests
/// can rely on the exact text.
enum JSONValue: Encodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Writes the value as its JSON form.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// One line of JSON: sorted keys, no escaped slashes.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
            return "null"
        }
        return text
    }
}

extension JSONValue {
    /// A string, or `null` for `nil`.
    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// Strings as an array.
    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// A team as `{"id","name"}`, or `null` for none.
    static func team(_ team: Team?) -> JSONValue {
        guard let team else { return .null }
        return .object(["id": .string(team.id.rawValue), "name": .string(team.name)])
    }
}
