import Foundation

/// WireMock's `request` object: what a request must be for a stub to answer it.
struct RequestPattern: Sendable {
    /// nil for `ANY`.
    let method: String?
    let url: URLMatcher
    /// Header, query and cookie matchers, in file order.
    typealias NamedMatchers = [(name: String, matcher: MultiValueMatcher)]

    let queryParameters: NamedMatchers
    let headers: NamedMatchers
    let cookies: NamedMatchers
    /// The `Authorization: Basic` value required, already encoded.
    let basicAuthorization: (user: String, value: String)?
    let bodyPatterns: [BodyPattern]

    private static let keys: Set<String> = [
        "method", "url", "urlPattern", "urlPath", "urlPathPattern", "queryParameters", "headers",
        "basicAuth", "basicAuthCredentials", "bodyPatterns", "cookies", "urlPathTemplate", "pathParameters",
    ]

    init(_ cursor: JSONCursor) throws(MappingError) {
        try cursor.onlyKeys(Self.keys)
        let method = try cursor.member("method")?.string() ?? "ANY"
        self.method = method == "ANY" ? nil : method
        url = try URLMatcher(cursor)
        queryParameters = try Self.matchers(cursor.member("queryParameters"))
        headers = try Self.matchers(cursor.member("headers"))
        cookies = try Self.matchers(cursor.member("cookies"))
        let credentials = [cursor.member("basicAuth"), cursor.member("basicAuthCredentials")].compactMap {
            $0
        }
        if let auth = credentials.first {
            try auth.onlyKeys(["username", "password"])
            guard let user = auth.member("username"), let password = auth.member("password") else {
                throw auth.error("basic credentials need username and password")
            }
            let pair = "\(try user.string()):\(try password.string())"
            basicAuthorization = (try user.string(), "Basic " + Data(pair.utf8).base64EncodedString())
        } else {
            basicAuthorization = nil
        }
        bodyPatterns =
            try cursor.member("bodyPatterns")?.elements().map { cursor throws(MappingError) in
                try BodyPattern(cursor)
            } ?? []
    }

    private static func matchers(_ cursor: JSONCursor?) throws(MappingError) -> NamedMatchers {
        guard let cursor else { return [] }
        return try cursor.members().map { member throws(MappingError) in
            (member.key, try MultiValueMatcher(member.cursor))
        }
    }

    func matches(_ request: StubRequest) -> Bool {
        compare(request, all: false).isEmpty
    }

    /// One line per differing part (what the stub wants, what came); with `all` false, the first.
    func differences(_ request: StubRequest, all: Bool) -> [String] {
        var found = compare(request, all: all)
        // A pattern cut short by the budget differs, and the near miss says why.
        if request.budget.wasSpent, !found.isEmpty { found.append(MatchBudget.spentLine) }
        return found
    }

    private func compare(_ request: StubRequest, all: Bool) -> [String] {
        var found: [String] = []
        func differ(_ line: @autoclosure () -> String) -> Bool {
            found.append(line())
            return !all
        }
        if let method, method != request.method,
            differ("method: expected \(method), got \(request.method)")
        {
            return found
        }
        let parameters = url.parameterResults(request)
        if !url.matches(request), parameters.isEmpty,
            differ("URL: expected \(url.summary), got \(request.target)")
        {
            return found
        }
        for parameter in parameters where !parameter.matched {
            let got = parameter.value.map { "\"\($0)\"" } ?? "none"
            if differ("path parameter \(parameter.name): expected \(parameter.matcher.summary), got \(got)") {
                return found
            }
        }
        let named: [(part: String, matchers: NamedMatchers, values: (String) -> [String])] = [
            ("header", headers, request.headerValues),
            ("query parameter", queryParameters, request.queryValues),
            ("cookie", cookies, request.cookieValues),
        ]
        for (part, matchers, valuesNamed) in named {
            for (name, matcher) in matchers {
                let values = valuesNamed(name)
                if !matcher.matches(values, budget: request.budget),
                    differ("\(part) \(name): expected \(matcher.summary), got \(Self.describe(values))")
                {
                    return found
                }
            }
        }
        if let basicAuthorization,
            !request.headerValues("Authorization").contains(where: {
                Self.isBasic($0, basicAuthorization.value)
            }),
            differ("basic auth: expected user \(basicAuthorization.user) and its password")
        {
            return found
        }
        for pattern in bodyPatterns
        where !pattern.matches(request.text, json: { request.json }, budget: request.budget) {
            if pattern.parsesJSON, let refusal = request.jsonRefusal {
                if differ("body: expected \(pattern.summary), but it was not read as JSON: \(refusal)") {
                    return found
                }
                continue
            }
            // utf8.count: counting a large body's characters would scan it each time.
            let shown = request.text.utf8.count > 200 ? request.text.prefix(200) + "…" : request.text
            if differ("body: expected \(pattern.summary), got \(shown.isEmpty ? "no body" : String(shown))") {
                return found
            }
        }
        return found
    }

    /// `Basic` in any case, as RFC 9110 §11.1 makes every scheme, then the expected credentials.
    static func isBasic(_ header: String, _ expected: String) -> Bool {
        let sent = header.split(separator: " ", maxSplits: 1)
        let wanted = expected.split(separator: " ", maxSplits: 1)
        guard sent.count == 2, wanted.count == 2 else { return false }
        return asciiCaseInsensitiveEqual(String(sent[0]), String(wanted[0]))
            && sent[1].trimmingWhitespace() == wanted[1]
    }

    private static func describe(_ values: [String]) -> String {
        values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
