/// How the values of one header, query parameter or cookie (it may come several times) are
/// matched: one value pattern that any value may satisfy, or WireMock's `hasExactly` and
/// `includes` lists.
enum MultiValueMatcher: Sendable {
    /// Any of the values matches (a missing one matches `absent` alone).
    case any(StringMatcher)
    /// As many values as patterns, each pattern matched by a value of its own.
    case hasExactly([StringMatcher])
    /// Each pattern matched by a value of its own; other values may come too.
    case includes([StringMatcher])

    /// Reads a value pattern, or `{"hasExactly": [...]}` / `{"includes": [...]}`.
    init(_ cursor: JSONCursor) throws(MappingError) {
        for key in ["hasExactly", "includes"] {
            guard let list = cursor.member(key) else { continue }
            try cursor.onlyKeys([key])
            let patterns = try list.elements().map { part throws(MappingError) in try StringMatcher(part) }
            guard !patterns.isEmpty else { throw list.error("\(key) needs at least one pattern") }
            self = key == "hasExactly" ? .hasExactly(patterns) : .includes(patterns)
            return
        }
        self = .any(try StringMatcher(cursor))
    }

    /// Whether the values (empty when the request has none) match.
    func matches(_ values: [String], budget: MatchBudget) -> Bool {
        switch self {
        case .any(let matcher):
            if values.isEmpty { return matcher.matches(nil, budget: budget) }
            if case .absent = matcher { return false }
            return values.contains { matcher.matches($0, budget: budget) }
        case .hasExactly(let patterns):
            return values.count == patterns.count
                && Self.assign(patterns[...], to: values, used: [], budget: budget)
        case .includes(let patterns):
            return Self.assign(patterns[...], to: values, used: [], budget: budget)
        }
    }

    /// Whether each pattern can be paired with a distinct value (backtracking; lists are short).
    private static func assign(
        _ patterns: ArraySlice<StringMatcher>, to values: [String], used: Set<Int>, budget: MatchBudget
    ) -> Bool {
        guard let first = patterns.first else { return true }
        for index in values.indices
        where !used.contains(index) && first.matches(values[index], budget: budget) {
            if assign(patterns.dropFirst(), to: values, used: used.union([index]), budget: budget) {
                return true
            }
        }
        return false
    }

    /// The pattern as a reader of a near miss would write it.
    var summary: String {
        switch self {
        case .any(let matcher): matcher.summary
        case .hasExactly(let patterns): "exactly " + patterns.map(\.summary).joined(separator: ", ")
        case .includes(let patterns): "including " + patterns.map(\.summary).joined(separator: ", ")
        }
    }
}
