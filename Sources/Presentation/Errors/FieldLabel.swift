/// How a Domain field name reads in a sentence: `codeName` is "code name".
enum FieldLabel {
    /// The words for `field`: a run of capitals is one word (`teamID` is "team id").
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

    /// The field's name as the JSON spells it: `codeName` is `code_name`, `teamID` is `team_id`.
    static func snakeCase(_ field: String) -> String {
        String(words(field).map { $0 == " " ? "_" : $0 })
    }

    /// Every problem as "field problem", sorted by field, joined with "; ".
    static func sentence(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(words($0.key)) \($0.value)" }.joined(separator: "; ")
    }
}
