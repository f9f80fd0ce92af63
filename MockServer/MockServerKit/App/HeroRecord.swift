/// A hero as the server stores it. Its JSON form is *Hero* in docs/API.md.
struct HeroRecord: Sendable, Equatable {
    /// Server-assigned, `[A-Za-z0-9_-]{1,64}`.
    var id: String
    /// 1–80 characters, unique case-insensitively.
    var codeName: String
    /// The sealed secret identity, never opened by the server.
    var encryptedRealName: String?
    /// 0–20 entries of 1–120 characters.
    var powers: [String]
    /// The team the hero belongs to.
    var team: TeamRecord?
    /// Whether a picture is stored for the hero.
    var hasPicture: Bool
    /// RFC 3339, set on every change.
    var updatedAt: String
    /// Starts at 1, +1 on every change.
    var version: Int

    /// The strong entity tag of this version: `"<id>-<version>"`.
    var entityTag: String { "\"\(id)-\(version)\"" }

    /// The path of the hero's picture.
    var picturePath: String { "/v1/heroes/\(id)/picture" }

    /// The hero's JSON object, keys in the order of docs/API.md.
    func write(to json: inout JSONWriter) {
        json.raw("{")
        json.key("id")
        json.string(id)
        json.raw(",")
        json.key("code_name")
        json.string(codeName)
        json.raw(",")
        json.key("encrypted_real_name")
        json.optionalString(encryptedRealName)
        json.raw(",")
        json.key("powers")
        json.strings(powers)
        json.raw(",")
        json.key("picture_url")
        json.optionalString(hasPicture ? picturePath : nil)
        json.raw(",")
        json.key("team")
        if let team {
            json.raw("{")
            json.key("id")
            json.string(team.id)
            json.raw(",")
            json.key("name")
            json.string(team.name)
            json.raw("}")
        } else {
            json.raw("null")
        }
        json.raw(",")
        json.key("updated_at")
        json.string(updatedAt)
        json.raw(",")
        json.key("version")
        json.raw(String(version))
        json.raw("}")
    }

    /// The hero's JSON bytes.
    var json: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// Whether `text` is a valid hero id.
    static func isValidID(_ text: Substring) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
    }
}
