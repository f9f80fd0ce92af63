import Foundation

/// A regex compiled at load that must match the whole text, as Java's `String.matches` in
/// WireMock (ICU's syntax is close to Java's).
struct WholeMatchRegex: Sendable {
    let pattern: String
    private let expression: NSRegularExpression

    /// Throws the reason when ICU refuses `pattern`.
    init(_ pattern: String, at cursor: JSONCursor) throws(MappingError) {
        self.pattern = pattern
        do {
            expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
        } catch {
            throw cursor.error("not a valid regular expression: \(pattern)")
        }
    }

    /// Nil when `budget` ran out first: ICU's progress callback (`.reportProgress`) is where a
    /// runaway match is stopped.
    func matches(_ text: String, budget: MatchBudget) -> Bool? {
        guard !budget.isSpent else { return nil }
        // `.*`, `--proxy-all`'s pattern, matches any printable ASCII text: no ICU call.
        if pattern == ".*", text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return true }
        var found = false
        expression.enumerateMatches(
            in: text, options: [.reportProgress], range: NSRange(location: 0, length: text.utf16.count)
        ) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if budget.isSpent {
                stop.pointee = true
            }
        }
        return found ? true : budget.isSpent ? nil : false
    }
}
