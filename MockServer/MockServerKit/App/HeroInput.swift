import Foundation

/// Validates a create or replace body (*Hero input* in docs/API.md).
enum HeroInput {
    enum Problem: Error {
        /// Not a JSON object: 400.
        case malformed(String)
        /// Invalid values: 422, a message per field.
        case invalid([(String, String)])
    }

    /// Whether `text` holds what terminals act on: a C0 or C1 control, DEL, or a bidi
    /// embedding, override or isolate (docs/API.md, *Hero*).
    static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// Unknown keys are ignored; lengths count code points.
    static func parse(_ body: [UInt8], teams: [TeamRecord]) -> Result<HeroSubmission, Problem> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return .failure(.malformed("the body must be a JSON object"))
        }
        var problems: [(String, String)] = []
        var codeName = ""
        switch object["code_name"] {
        case nil, is NSNull:
            problems.append(("code_name", "is required"))
        case let text as String:
            let length = text.unicodeScalars.count
            if length == 0 { problems.append(("code_name", "must not be empty")) }
            if length > 80 { problems.append(("code_name", "must be at most 80 characters")) }
            if hasControlCharacter(text) {
                problems.append(("code_name", "must not contain control characters"))
            }
            codeName = text
        default:
            problems.append(("code_name", "must be a string"))
        }
        var sealed: String?
        switch object["encrypted_real_name"] {
        case nil, is NSNull: break
        case let text as String: sealed = text
        default: problems.append(("encrypted_real_name", "must be a string or null"))
        }
        var powers: [String] = []
        switch object["powers"] {
        case nil, is NSNull: break
        case let list as [Any]:
            let texts = list.compactMap { $0 as? String }
            if texts.count != list.count || isNumberOrBool(list) {
                problems.append(("powers", "must be an array of strings"))
            } else if texts.count > 20 {
                problems.append(("powers", "must have at most 20 entries"))
            } else if let bad = texts.firstIndex(where: { !(1...120).contains($0.unicodeScalars.count) }) {
                problems.append(("powers", "entry \(bad) must be 1 to 120 characters"))
            } else if let bad = texts.firstIndex(where: hasControlCharacter) {
                problems.append(("powers", "entry \(bad) must not contain control characters"))
            }
            powers = texts
        default:
            problems.append(("powers", "must be an array of strings"))
        }
        var team: TeamRecord?
        switch object["team_id"] {
        case nil, is NSNull: break
        case let id as String:
            team = teams.first { $0.id == id }
            if team == nil { problems.append(("team_id", "must be the id of a team")) }
        default:
            problems.append(("team_id", "must be a string or null"))
        }
        guard problems.isEmpty else { return .failure(.invalid(problems)) }
        return .success(
            HeroSubmission(codeName: codeName, encryptedRealName: sealed, powers: powers, team: team))
    }

    /// Some Foundations on Linux bridge JSON numbers to String via NSNumber; refuse them.
    private static func isNumberOrBool(_ list: [Any]) -> Bool {
        list.contains { $0 is NSNumber }
    }
}
