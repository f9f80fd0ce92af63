/// One entry of `bodyPatterns`; the body must match every entry.
enum BodyPattern: Sendable {
    case text(StringMatcher)
    case equalToJSON(JSONComparison)
    /// A JSONPath that must select something, optionally with a pattern a value matches.
    case matchesJSONPath(JSONPathQuery, StringMatcher?)

    init(_ cursor: JSONCursor) throws(MappingError) {
        if let json = cursor.member("equalToJson") {
            try cursor.onlyKeys(["equalToJson", "ignoreArrayOrder", "ignoreExtraElements"])
            // WireMock takes the expected JSON as text or inline.
            let expected: StubJSON
            if case .string(let text) = json.value {
                guard let parsed = StubJSON(parsing: Array(text.utf8)) else {
                    throw json.error("equalToJson is a string that is not JSON")
                }
                expected = parsed
            } else {
                expected = json.value
            }
            self = .equalToJSON(
                JSONComparison(
                    expected: expected,
                    ignoreArrayOrder: try cursor.member("ignoreArrayOrder")?.bool() ?? false,
                    ignoreExtraElements: try cursor.member("ignoreExtraElements")?.bool() ?? false))
        } else if let path = cursor.member("matchesJsonPath") {
            try cursor.onlyKeys(["matchesJsonPath"])
            if case .string(let expression) = path.value {
                self = .matchesJSONPath(try Self.query(expression, at: path), nil)
            } else {
                let expression = try Self.required(path, "expression")
                var rest = path.value
                if case .object(var members) = rest {
                    members["expression"] = nil
                    rest = .object(members)
                }
                let matcher = try StringMatcher(JSONCursor(value: rest, path: path.path, file: path.file))
                self = .matchesJSONPath(try Self.query(try expression.string(), at: expression), matcher)
            }
        } else {
            let matcher = try StringMatcher(cursor)
            // A body is always here (empty when none came): absent could never match.
            if case .absent = matcher { throw cursor.error("absent is not supported in bodyPatterns") }
            self = .text(matcher)
        }
    }

    private static func required(_ cursor: JSONCursor, _ key: String) throws(MappingError) -> JSONCursor {
        guard let found = cursor.member(key) else { throw cursor.error("\(key) is missing") }
        return found
    }

    private static func query(_ expression: String, at cursor: JSONCursor) throws(MappingError)
        -> JSONPathQuery
    {
        do {
            return try JSONPathQuery(expression)
        } catch {
            throw cursor.error("unsupported JSONPath \(expression): \(error.reason)")
        }
    }

    /// `json` is the body parsed, made at most once per request.
    func matches(_ body: String, json: () -> StubJSON?, budget: MatchBudget) -> Bool {
        switch self {
        case .text(let matcher):
            return matcher.matches(body, budget: budget)
        case .equalToJSON(let comparison):
            return json().map(comparison.matches) ?? false
        case .matchesJSONPath(let query, let matcher):
            guard let root = json() else { return false }
            let found = query.evaluate(root)
            guard let matcher else { return !found.isEmpty }
            return found.contains { matcher.matches($0.text, budget: budget) }
        }
    }

    var parsesJSON: Bool {
        if case .text = self { return false }
        return true
    }

    /// As a near miss shows it.
    var summary: String {
        switch self {
        case .text(let matcher): "a body \(matcher.summary)"
        case .equalToJSON(let comparison): "a JSON body equal to \(comparison.expected.text)"
        case .matchesJSONPath(let query, let matcher):
            "a JSON body where \(query.expression) " + (matcher.map { "is \($0.summary)" } ?? "exists")
        }
    }
}
