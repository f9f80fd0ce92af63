/// WireMock's near-miss distance: 0 an exact match, 1 nothing alike. Each part scores 0 to 1 and
/// is weighted as WireMock weighs it (URL 10, method 3, the rest 1), so near misses rank alike.
extension RequestPattern {
    func distance(_ request: StubRequest) -> Double {
        let methodDistance: Double = method.map { $0 == request.method ? 0 : 1 } ?? 0
        let named: [(NamedMatchers, (String) -> [String])] = [
            (headers, request.headerValues), (queryParameters, request.queryValues),
            (cookies, request.cookieValues),
        ]
        let namedDistances = named.map { matchers, values in
            Self.mean(matchers.map { $0.matcher.matches(values($0.name), budget: request.budget) })
        }
        let basic: Double =
            basicAuthorization.map { wanted in
                request.headerValues("Authorization").contains { Self.isBasic($0, wanted.value) } ? 0 : 1
            } ?? 0
        // Path parameters weigh as a header group does; none when the path does not fit.
        let parameters = Self.mean(url.parameterResults(request).map(\.matched))
        let body = Self.mean(
            bodyPatterns.map { $0.matches(request.text, json: { request.json }, budget: request.budget) })
        // Multipart patterns, which WireMock weighs too, are refused at load: always 0 here.
        let weighted =
            10 * urlDistance(request) + 3 * methodDistance + namedDistances.reduce(0, +) + parameters + basic
            + body
        return weighted / 19
    }

    private func urlDistance(_ request: StubRequest) -> Double {
        switch url {
        case .any: 0
        case .url(let expected): Self.normalizedLevenshtein(expected, String(request.target))
        case .urlPath(let expected): Self.normalizedLevenshtein(expected, String(request.path))
        // A path that fits is at 0, as an equal urlPath; one that does not, as far as its text is.
        case .urlPathTemplate(let template, _):
            template.match(request.path) == nil
                ? Self.normalizedLevenshtein(template.text, String(request.path)) : 0
        case .urlPattern, .urlPathPattern: url.matches(request) ? 0 : 1
        }
    }

    /// The share of parts that did not match; 0 for none.
    private static func mean(_ matched: [Bool]) -> Double {
        matched.isEmpty ? 0 : Double(matched.filter { !$0 }.count) / Double(matched.count)
    }

    /// Edits over the longer length, as WireMock's string distance; on the first 128 bytes of
    /// each, so a long URL costs bounded time.
    static func normalizedLevenshtein(_ left: String, _ right: String) -> Double {
        let (a, b) = (Array(left.utf8.prefix(128)), Array(right.utf8.prefix(128)))
        let longest = max(a.count, b.count)
        guard longest > 0 else { return 0 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        let edits = a.isEmpty ? b.count : previous[b.count]
        return Double(edits) / Double(longest)
    }
}
