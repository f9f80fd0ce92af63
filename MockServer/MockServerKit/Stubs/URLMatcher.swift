/// Matches the target by WireMock's five URL keys, still percent-encoded as WireMock does.
enum URLMatcher: Sendable {
    case any
    case url(String)
    case urlPattern(WholeMatchRegex)
    case urlPath(String)
    case urlPathPattern(WholeMatchRegex)
    /// With `pathParameters`, in file order: patterns the decoded values must match.
    case urlPathTemplate(PathTemplate, parameters: [(name: String, matcher: StringMatcher)])

    static let keys = ["url", "urlPattern", "urlPath", "urlPathPattern", "urlPathTemplate"]

    /// At most one of the five keys; `pathParameters` only with `urlPathTemplate`.
    init(_ request: JSONCursor) throws(MappingError) {
        let present = Self.keys.filter { request.member($0) != nil }
        guard present.count <= 1 else {
            throw request.error(
                "at most one of url, urlPattern, urlPath, urlPathPattern, urlPathTemplate, not \(present)")
        }
        let parameters = request.member("pathParameters")
        if let parameters, present.first != "urlPathTemplate" {
            throw parameters.error("pathParameters needs urlPathTemplate")
        }
        guard let key = present.first, let cursor = request.member(key) else {
            self = .any
            return
        }
        let text = try cursor.string()
        switch key {
        case "url": self = .url(text)
        case "urlPattern": self = .urlPattern(try WholeMatchRegex(text, at: cursor))
        case "urlPath": self = .urlPath(text)
        case "urlPathPattern": self = .urlPathPattern(try WholeMatchRegex(text, at: cursor))
        default:
            let template = try PathTemplate(text, at: cursor)
            var matchers: [(name: String, matcher: StringMatcher)] = []
            for (name, pattern) in try parameters?.members() ?? [] {
                guard template.names.contains(name) else {
                    throw pattern.error(
                        "pathParameters names \(name), which urlPathTemplate \(text) does not have")
                }
                matchers.append((name, try StringMatcher(pattern)))
            }
            self = .urlPathTemplate(template, parameters: matchers)
        }
    }

    /// A template's parameters, decoded, when the path fits it; empty otherwise.
    func pathParameters(_ request: StubRequest) -> [String: String] {
        guard case .urlPathTemplate(let template, _) = self else { return [:] }
        return template.match(request.path) ?? [:]
    }

    func matches(_ request: StubRequest) -> Bool {
        switch self {
        case .any: true
        case .url(let url): request.target == url
        case .urlPattern(let regex): regex.matches(String(request.target), budget: request.budget) == true
        case .urlPath(let expected): request.path == expected
        case .urlPathPattern(let regex): regex.matches(String(request.path), budget: request.budget) == true
        case .urlPathTemplate(let template, let parameters):
            template.match(request.path).map { values in
                parameters.allSatisfy { $0.matcher.matches(values[$0.name], budget: request.budget) }
            } ?? false
        }
    }

    /// Whether each path parameter matched, in file order; empty unless the path fits a template.
    func parameterResults(_ request: StubRequest) -> [(
        name: String, matcher: StringMatcher, value: String?, matched: Bool
    )] {
        guard case .urlPathTemplate(let template, let parameters) = self,
            let values = template.match(request.path)
        else { return [] }
        return parameters.map { name, matcher in
            (name, matcher, values[name], matcher.matches(values[name], budget: request.budget))
        }
    }

    /// The leading path segments every match has, for the index: all of an exact path's; the
    /// whole segments of a pattern's literal prefix.
    var indexSegments: [Substring] {
        let prefix: String
        let complete: Bool
        switch self {
        case .any: return []
        case .urlPathTemplate(let template, _):
            return template.text.hasPrefix("/") ? template.literalSegments : []
        case .url(let url):
            prefix = String(url.prefix { $0 != "?" })
            complete = true
        case .urlPath(let path):
            prefix = path
            complete = true
        case .urlPattern(let regex), .urlPathPattern(let regex):
            prefix = Self.literalPrefix(regex.pattern)
            complete = false
        }
        guard prefix.hasPrefix("/") else { return [] }
        var segments = prefix.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        // Text after the last literal slash may continue in the pattern: not a segment.
        if !complete { segments.removeLast() }
        return segments
    }

    /// The text every match starts with; empty when it could start otherwise.
    static func literalPrefix(_ pattern: String) -> String {
        // An alternation or inline flag anywhere could change the start: no prefix beats a wrong one.
        if pattern.contains("|") || pattern.contains("(?") { return "" }
        var scalars = Array(pattern.unicodeScalars)[...]
        if scalars.first == "^" { scalars = scalars.dropFirst() }
        var literal: [Unicode.Scalar] = []
        let special = Set("\\.[]{}()*+?^$|".unicodeScalars)
        let quantifiers = Set("*+?{".unicodeScalars)
        while let scalar = scalars.first {
            var character = scalar
            if scalar == "\\" {
                // An escaped punctuation mark is itself; an escaped letter or digit is a class.
                guard scalars.count >= 2, let next = scalars.dropFirst().first,
                    !next.properties.isAlphabetic, !("0"..."9").contains(next)
                else { break }
                character = next
                scalars = scalars.dropFirst(2)
            } else if special.contains(scalar) {
                break
            } else {
                scalars = scalars.dropFirst()
            }
            // A quantifier may make the character before it optional or repeat it.
            if let following = scalars.first, quantifiers.contains(following) {
                if following != "+" { break }
                literal.append(character)
                break
            }
            literal.append(character)
        }
        return String(String.UnicodeScalarView(literal))
    }

    /// As a near miss shows it.
    var summary: String {
        switch self {
        case .any: "any URL"
        case .url(let url): "URL \(url)"
        case .urlPattern(let regex): "URL matching \(regex.pattern)"
        case .urlPath(let path): "path \(path)"
        case .urlPathPattern(let regex): "path matching \(regex.pattern)"
        case .urlPathTemplate(let template, _): "path template \(template.text)"
        }
    }
}
