/// "did you mean --against?" for a mistyped option: the known spelling nearest to it, when it is
/// close (at most two edits, or a third of its length).
enum Suggestion {
    static func closest(to typed: String, among known: [String]) -> String? {
        let limit = max(2, typed.count / 3)
        let scored = known.map { ($0, distance(Array(typed), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// The suffix " (did you mean X?)", or nothing.
    static func hint(for typed: String, among known: [String]) -> String {
        closest(to: typed, among: known).map { " (did you mean \($0)?)" } ?? ""
    }

    /// Levenshtein's edit distance.
    private static func distance(_ left: [Character], _ right: [Character]) -> Int {
        var previous = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var current = [row + 1]
            for (column, rightCharacter) in right.enumerated() {
                let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
                current.append(min(substitution, previous[column + 1] + 1, current[column] + 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
