/// A value under WireMock's `response-template`: the Handlebars subset teams use, parsed at
/// load. `{{x}}` escapes HTML, `{{{x}}}` does not. Other helpers are kept in `unsupported`.
struct ResponseTemplate: Sendable {
    /// What a `{{…}}` can name.
    enum Value: Sendable {
        case url
        case method
        case path
        case pathSegment(Int)
        /// `request.path.NAME`: a `urlPathTemplate` parameter, decoded.
        case pathParameter(String)
        case query(String, Int)
        case header(String, Int)
        case body
        case jsonPath(JSONPathQuery)
    }

    enum Part: Sendable {
        case literal(String)
        case value(Value, escaped: Bool)
    }

    let parts: [Part]
    /// In order of appearance.
    let unsupported: [String]

    /// Throws when a `{{` is never closed.
    init(_ text: String, at cursor: JSONCursor) throws(MappingError) {
        var parts: [Part] = []
        var unsupported: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            let triple = rest[open.upperBound...].hasPrefix("{")
            let start = triple ? rest.index(after: open.upperBound) : open.upperBound
            let closing = triple ? "}}}" : "}}"
            guard let close = rest[start...].range(of: closing) else {
                throw cursor.error("a template's {{ is never closed")
            }
            let content = rest[start..<close.lowerBound].trimmingWhitespace()
            rest = rest[close.upperBound...]
            // A comment renders nothing.
            if content.hasPrefix("!") { continue }
            switch Self.value(of: content) {
            case .success(let value): parts.append(.value(value, escaped: !triple))
            case .failure(let helper): unsupported.append(helper.name)
            }
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
        self.unsupported = unsupported
    }

    private struct Unsupported: Error {
        let name: String
    }

    private static func value(of content: Substring) -> Result<Value, Unsupported> {
        let words = Self.words(content)
        guard let first = words.first else { return .failure(Unsupported(name: "{{}}")) }
        if words.count == 1 {
            return path(String(first)).map(Result.success) ?? .failure(Unsupported(name: String(first)))
        }
        if first == "jsonPath", words.count == 3, words[1] == "request.body",
            let quote = words[2].first, quote == "'" || quote == "\"", words[2].last == quote,
            words[2].count >= 2,
            let query = try? JSONPathQuery(String(words[2].dropFirst().dropLast()))
        {
            return .success(.jsonPath(query))
        }
        return .failure(Unsupported(name: String(first)))
    }

    /// Split at spaces outside quotes (a JSONPath filter has spaces).
    private static func words(_ content: Substring) -> [Substring] {
        var words: [Substring] = []
        var start: Substring.Index?
        var quote: Character?
        for index in content.indices {
            let character = content[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == " " {
                if let begun = start { words.append(content[begun..<index]) }
                start = nil
            } else {
                if start == nil { start = index }
                if character == "'" || character == "\"" { quote = character }
            }
        }
        if let begun = start { words.append(content[begun...]) }
        return words
    }

    /// `request.url`, `request.path.[1]`, `request.headers.[X-Id]`, …
    private static func path(_ expression: String) -> Value? {
        var names = expression.split(separator: ".", omittingEmptySubsequences: false).map { name in
            name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : String(name)
        }
        guard names.first == "request" else { return nil }
        names.removeFirst()
        // `request.query.NAME.1`: the second value; without an index, the first.
        let index = names.count == 3 ? Int(names[2]) : 0
        switch (names.first, names.count) {
        case ("url", 1): return .url
        case ("method", 1): return .method
        case ("path", 1): return .path
        case ("body", 1): return .body
        case ("path", 2) where Int(names[1]) == nil && !names[1].isEmpty:
            return .pathParameter(names[1])
        case ("path", 2), ("pathSegments", 2):
            return Int(names[1]).flatMap { $0 >= 0 ? .pathSegment($0) : nil }
        case ("query", 2), ("query", 3): return index.flatMap { $0 >= 0 ? .query(names[1], $0) : nil }
        case ("headers", 2), ("headers", 3): return index.flatMap { $0 >= 0 ? .header(names[1], $0) : nil }
        default: return nil
        }
    }

    /// `pathParameters`: the stub's `urlPathTemplate` values, decoded.
    func render(_ request: StubRequest, pathParameters: [String: String] = [:]) -> String {
        var output = ""
        for part in parts {
            switch part {
            case .literal(let text): output += text
            case .value(.pathParameter(let name), let escaped):
                let text = pathParameters[name] ?? ""
                output += escaped ? Self.escapeHTML(text) : text
            case .value(let value, let escaped):
                let text = Self.text(of: value, in: request)
                output += escaped ? Self.escapeHTML(text) : text
            }
        }
        return output
    }

    private static func text(of value: Value, in request: StubRequest) -> String {
        switch value {
        case .url: return String(request.target)
        case .method: return request.method
        case .path: return String(request.path)
        case .pathParameter: return ""
        case .body: return request.text
        case .pathSegment(let index):
            let segments = request.path.split(separator: "/")
            guard segments.indices.contains(index) else { return "" }
            return PercentDecoding.decode(segments[index], plusIsSpace: false) ?? String(segments[index])
        case .query(let name, let index):
            let values = request.queryValues(name)
            return values.indices.contains(index) ? values[index] : ""
        case .header(let name, let index):
            let values = request.headerValues(name)
            return values.indices.contains(index) ? values[index] : ""
        case .jsonPath(let query):
            guard let json = request.json, let found = query.evaluate(json).first else { return "" }
            return found.text
        }
    }

    /// Handlebars' escaping: `&`, `<`, `>`, `"`, `'`, `` ` `` and `=`.
    static func escapeHTML(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'`=".contains($0) }) else { return text }
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#x27;"
            case "`": output += "&#x60;"
            case "=": output += "&#x3D;"
            default: output.append(character)
            }
        }
        return output
    }
}
