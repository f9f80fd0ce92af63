/// Matches the target: `url`, `urlPattern` on path and query, `urlPath`, `urlPathPattern` on
/// the path alone, all still percent-encoded as WireMock compares them.
enum URLMatcher: Sendable {
    case any
    case url(String)
    case urlPattern(WholeMatchRegex)
    case urlPath(String)
    case urlPathPattern(WholeMatchRegex)

    static let keys = ["url", "urlPattern", "urlPath", "urlPathPattern"]

    /// At most one of the four keys.
    init(_ request: JSONCursor) throws(MappingError) {
        let present = Self.keys.filter { request.member($0) != nil }
        guard present.count <= 1 else {
            throw request.error("at most one of url, urlPattern, urlPath, urlPathPattern, not \(present)")
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
        default: self = .urlPathPattern(try WholeMatchRegex(text, at: cursor))
        }
    }

    func matches(_ request: StubRequest) -> Bool {
        switch self {
        case .any: true
        case .url(let url): request.target == url
        case .urlPattern(let regex): regex.matches(String(request.target), budget: request.budget) == true
        case .urlPath(let expected): request.path == expected
        case .urlPathPattern(let regex): regex.matches(String(request.path), budget: request.budget) == true
        }
    }

    /// The leading path segments every match has, for the index: all of an exact path's; the
    /// whole segments of a pattern's literal prefix.
    var indexSegments: [Substring] {
        let prefix: String
        let complete: Bool
        switch self {
        case .any: return []
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
        }
    }
}
