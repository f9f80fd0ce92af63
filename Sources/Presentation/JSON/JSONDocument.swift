import Domain
import Foundation

/// Compact with sorted keys so the text is exact. Output only.
enum JSONDocument: Encodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONDocument])
    case object([String: JSONDocument])

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

    /// DEL, C1 controls and bidi overrides, which `JSONEncoder` leaves raw, become `\u` escapes,
    /// so a terminal shows the line as it is.
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
    static func string(_ value: String?) -> JSONDocument { value.map(JSONDocument.string) ?? .null }

    static func strings(_ values: [String]) -> JSONDocument { .array(values.map(JSONDocument.string)) }

    /// `{"id","name"}`, or `null`.
    static func team(_ team: Team?) -> JSONDocument {
        guard let team else { return .null }
        return .object(["id": .string(team.id.rawValue), "name": .string(team.name)])
    }
}
