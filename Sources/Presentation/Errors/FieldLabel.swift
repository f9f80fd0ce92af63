/// A Domain field name in a sentence: `codeName` is "code name".
enum FieldLabel {
    /// A run of capitals is one word (`teamID` is "team id").
    static func words(_ field: String) -> String {
        var words = ""
        var previousWasUppercase = false
        for character in field {
            if character.isUppercase {
                words += (previousWasUppercase ? "" : " ") + character.lowercased()
            } else {
                words.append(character)
            }
            previousWasUppercase = character.isUppercase
        }
        return words
    }

    /// `codeName` is `code_name`, `teamID` is `team_id`.
    static func snakeCase(_ field: String) -> String {
        String(words(field).map { $0 == " " ? "_" : $0 })
    }

    /// "field problem", sorted by field, joined with "; ".
    static func sentence(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(words($0.key)) \($0.value)" }.joined(separator: "; ")
    }
}
