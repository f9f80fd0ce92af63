import Domain
import Foundation

/// What the JSON views write, compact with sorted keys so the text is exact. Output only.
enum JSONDocument: Encodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

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

    /// One line of JSON; DEL, C1 controls and bidirectional overrides, which `JSONEncoder` leaves
    /// raw, are `\u` escapes, so a terminal shows the line as it is.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
            return "null"
        }
        // Outside strings a JSON text is ASCII, so every such character is inside a string.
        guard text.unicodeScalars.contains(where: { String.needsEscape($0, keepingLineBreaks: true) }) else {
            return text
        }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if String.needsEscape(scalar, keepingLineBreaks: true) {
                let hex = String(scalar.value, radix: 16)
                escaped.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

extension JSONDocument {
    /// A string, or `null` for `nil`.
    static func string(_ value: String?) -> JSONDocument { value.map(JSONDocument.string) ?? .null }

    /// Strings as an array.
    static func strings(_ values: [String]) -> JSONDocument { .array(values.map(JSONDocument.string)) }

    /// A team as `{"id","name"}`, or `null` for none.
    static func team(_ team: Team?) -> JSONDocument {
        guard let team else { return .null }
        return .object(["id": .string(team.id.rawValue), "name": .string(team.name)])
    }
}
