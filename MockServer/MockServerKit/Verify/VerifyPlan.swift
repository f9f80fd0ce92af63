import Foundation

/// What `verify` does with one stub: the request to send and the answer it expects, or why it
/// cannot send one. Only a stub that pins one concrete request is sent.
struct VerifyPlan {
    /// One request, as the stub describes it.
    struct Request {
        let method: String
        /// Path and query, as sent (percent-encoded).
        let target: String
        let headers: [(name: String, value: String)]
        let body: [UInt8]?
    }

    /// What the stub answers, as far as `verify` compares it.
    struct Expectation {
        let status: Int
        /// `type/subtype`, lower case; nil when the stub declares no Content-Type.
        let mediaType: String?
        /// Nil when the body is not compared (not JSON, templated, or a HEAD).
        let json: StubJSON?
        /// Why the body is not compared, when the stub has one.
        let note: String?
    }

    enum Step {
        case send(Request, Expectation)
        case skip(String)
    }

    /// The methods sent without `--include-writes`.
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    let file: String
    let method: String
    /// The stub's URL as written (a pattern for a pattern-only stub).
    let url: String
    let step: Step

    init(_ mapping: StubMapping, includeWrites: Bool) {
        file = mapping.file.hasPrefix("mappings/") ? String(mapping.file.dropFirst(9)) : mapping.file
        let pattern = mapping.request
        method = pattern.method ?? "ANY"
        url = Self.written(pattern.url)
        step = Self.step(mapping, includeWrites: includeWrites)
    }

    private static func step(_ mapping: StubMapping, includeWrites: Bool) -> Step {
        let pattern = mapping.request
        if mapping.source["response"]?["proxyBaseUrl"] != nil { return .skip("a proxy stub (proxyBaseUrl)") }
        if let fault = mapping.response.fault { return .skip("a fault stub (\(fault.rawValue))") }
        guard let method = pattern.method else { return .skip("method ANY: no one method to send") }
        guard includeWrites || safeMethods.contains(method) else {
            return .skip("a write (\(method)); --include-writes sends it")
        }
        let target: String
        switch Self.target(pattern) {
        case .success(let found): target = found
        case .failure(let reason): return .skip(reason.text)
        }
        var headers: [(name: String, value: String)] = []
        for (part, matchers) in [("header", pattern.headers), ("cookie", pattern.cookies)] {
            for (name, matcher) in matchers {
                guard case .any(let single) = matcher else { return .skip("\(part) \(name): not one value") }
                switch single {
                case .absent: continue
                case .equalTo(let value, _):
                    headers.append(part == "header" ? (name, value) : ("Cookie", "\(name)=\(value)"))
                default: return .skip("\(part) \(name): a pattern (\(single.summary)), not a value")
                }
            }
        }
        if let basic = pattern.basicAuthorization { headers.append(("Authorization", basic.value)) }
        var body: [UInt8]?
        for bodyPattern in pattern.bodyPatterns {
            guard body == nil else { return .skip("more than one body pattern") }
            switch bodyPattern {
            case .equalToJSON(let comparison):
                body = comparison.expected.serialized
                if !headers.contains(where: { asciiCaseInsensitiveEqual($0.name, "Content-Type") }) {
                    headers.append(("Content-Type", "application/json"))
                }
            case .text(.equalTo(let text, _)): body = Array(text.utf8)
            default: return .skip("body: a pattern (\(bodyPattern.summary)), not a body")
            }
        }
        // FoundationNetworking refuses a GET or HEAD with a body.
        if body != nil, method == "GET" || method == "HEAD" { return .skip("a \(method) with a body") }
        let request = Request(method: method, target: target, headers: headers, body: body)
        return .send(request, expectation(mapping.response, method: method))
    }

    private struct Refusal: Error {
        let text: String
    }

    /// `url` as it is, or `urlPath` with its `equalTo` query parameters; a pattern is no target.
    private static func target(_ pattern: RequestPattern) -> Result<String, Refusal> {
        var query: [String] = []
        for (name, matcher) in pattern.queryParameters {
            guard case .any(let single) = matcher else {
                return .failure(Refusal(text: "query parameter \(name): not one value"))
            }
            switch single {
            case .absent: continue
            case .equalTo(let value, _): query.append("\(encode(name))=\(encode(value))")
            default:
                return .failure(
                    Refusal(text: "query parameter \(name): a pattern (\(single.summary)), not a value"))
            }
        }
        let base: String
        switch pattern.url {
        case .url(let url): base = url
        case .urlPath(let path): base = path
        case .any: return .failure(Refusal(text: "no URL: a stub for any URL"))
        case .urlPattern, .urlPathPattern, .urlPathTemplate:
            return .failure(Refusal(text: "a pattern (\(pattern.url.summary)), not one URL"))
        }
        guard !query.isEmpty else { return .success(base) }
        return .success(base + (base.contains("?") ? "&" : "?") + query.joined(separator: "&"))
    }

    private static func expectation(_ response: StubResponse, method: String) -> Expectation {
        let declared = response.fields.first { asciiCaseInsensitiveEqual($0.name, "Content-Type") }
        let mediaType = declared.map { mediaTypeOf($0.value) }
        guard !response.body.isEmpty, method != "HEAD" else {
            return Expectation(status: response.status, mediaType: mediaType, json: nil, note: nil)
        }
        if response.template != nil {
            return Expectation(
                status: response.status, mediaType: mediaType, json: nil,
                note: "body not compared: a response template")
        }
        guard let json = StubJSON(parsing: response.body) else {
            return Expectation(
                status: response.status, mediaType: mediaType, json: nil, note: "body not compared: not JSON")
        }
        return Expectation(status: response.status, mediaType: mediaType, json: json, note: nil)
    }

    /// `Application/JSON; charset=utf-8` is `application/json`.
    static func mediaTypeOf(_ contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Unreserved characters stay; the rest is percent-encoded, so `+` and `&` survive.
    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func written(_ url: URLMatcher) -> String {
        switch url {
        case .any: "(any URL)"
        case .url(let text), .urlPath(let text): text
        case .urlPattern(let regex), .urlPathPattern(let regex): regex.pattern
        case .urlPathTemplate(let template, _): template.text
        }
    }
}
