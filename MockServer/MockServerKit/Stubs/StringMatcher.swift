/// A WireMock value pattern for a header, query parameter or body.
enum StringMatcher: Sendable {
    case equalTo(String, caseInsensitive: Bool)
    case contains(String)
    case matches(WholeMatchRegex)
    case doesNotMatch(WholeMatchRegex)
    case doesNotContain(String)
    /// Matches only a missing value.
    case absent
    indirect case and([StringMatcher])
    indirect case or([StringMatcher])

    static let operators: Set<String> = [
        "equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent", "and", "or",
    ]

    /// Reads `{"equalTo": "x", "caseInsensitive": true}` and the like.
    init(_ cursor: JSONCursor, extraKeys: Set<String> = []) throws(MappingError) {
        try cursor.onlyKeys(Self.operators.union(["caseInsensitive"]).union(extraKeys))
        let present = Self.operators.filter { cursor.value[$0] != nil }
        guard present.count == 1, let name = present.first, let operand = cursor.member(name) else {
            throw cursor.error(
                "expected exactly one of equalTo, contains, doesNotContain, matches, doesNotMatch, absent, and, or"
            )
        }
        switch name {
        case "equalTo":
            self = .equalTo(
                try operand.string(), caseInsensitive: try cursor.member("caseInsensitive")?.bool() ?? false)
        case "contains": self = .contains(try operand.string())
        case "doesNotContain": self = .doesNotContain(try operand.string())
        case "and", "or":
            let parts = try operand.elements().map { part throws(MappingError) in try StringMatcher(part) }
            guard !parts.isEmpty else { throw operand.error("\(name) needs at least one pattern") }
            self = name == "and" ? .and(parts) : .or(parts)
        case "matches": self = .matches(try WholeMatchRegex(try operand.string(), at: operand))
        case "doesNotMatch": self = .doesNotMatch(try WholeMatchRegex(try operand.string(), at: operand))
        default:
            guard operand.value != .bool(false) else { throw operand.error("absent must be true") }
            self = .absent
        }
    }

    /// `value` is nil when missing, which matches `absent` alone, as in WireMock. A regex cut
    /// short by `budget` matches nothing.
    func matches(_ value: String?, budget: MatchBudget) -> Bool {
        guard let value else {
            switch self {
            case .absent: return true
            case .and(let parts): return parts.allSatisfy { $0.matches(nil, budget: budget) }
            case .or(let parts): return parts.contains { $0.matches(nil, budget: budget) }
            default: return false
            }
        }
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            return caseInsensitive ? expected.lowercased() == value.lowercased() : expected == value
        case .contains(let part): return value.contains(part)
        case .doesNotContain(let part): return !value.contains(part)
        case .and(let parts): return parts.allSatisfy { $0.matches(value, budget: budget) }
        case .or(let parts): return parts.contains { $0.matches(value, budget: budget) }
        case .matches(let regex): return regex.matches(value, budget: budget) == true
        case .doesNotMatch(let regex): return regex.matches(value, budget: budget) == false
        case .absent: return false
        }
    }

    /// As a near miss shows it.
    var summary: String {
        switch self {
        case .equalTo(let expected, let caseInsensitive):
            caseInsensitive ? "equal to \"\(expected)\" ignoring case" : "equal to \"\(expected)\""
        case .contains(let part): "containing \"\(part)\""
        case .doesNotContain(let part): "not containing \"\(part)\""
        case .and(let parts): "(" + parts.map(\.summary).joined(separator: " and ") + ")"
        case .or(let parts): "(" + parts.map(\.summary).joined(separator: " or ") + ")"
        case .matches(let regex): "matching \(regex.pattern)"
        case .doesNotMatch(let regex): "not matching \(regex.pattern)"
        case .absent: "absent"
        }
    }
}
