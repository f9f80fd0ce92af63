/// Matches a header, query parameter or cookie that may repeat: one pattern any value may
/// satisfy, or WireMock's `hasExactly` and `includes`.
enum MultiValueMatcher: Sendable {
    /// Any value matches (a missing one matches `absent` alone).
    case any(StringMatcher)
    /// One value per pattern, no others.
    case hasExactly([StringMatcher])
    /// One value per pattern; others may come too.
    case includes([StringMatcher])

    /// A value pattern, `{"hasExactly": [...]}` or `{"includes": [...]}`.
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

    /// Pairs each pattern with a distinct value (backtracking; lists are short).
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

    /// As a near miss shows it.
    var summary: String {
        switch self {
        case .any(let matcher): matcher.summary
        case .hasExactly(let patterns): "exactly " + patterns.map(\.summary).joined(separator: ", ")
        case .includes(let patterns): "including " + patterns.map(\.summary).joined(separator: ", ")
        }
    }
}
