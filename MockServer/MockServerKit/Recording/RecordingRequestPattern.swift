/// A recorded stub's `request`, as WireMock's recorder writes it; equal requests make equal
/// values, which tells repeats apart.
enum RecordingRequestPattern {
    static func json(for exchange: RecordedExchange, spec: RecordSpec) -> StubJSON {
        var request: [String: StubJSON] = ["method": .string(exchange.method.uppercased())]
        if let parameters = secretQuery(exchange.url, spec: spec) {
            request["urlPath"] = .string(String(exchange.url.prefix { $0 != "?" }))
            request["queryParameters"] = .object(parameters)
        } else {
            request["url"] = .string(exchange.url)
        }
        var headers: [String: StubJSON] = [:]
        // A credential the request carried is required, captured or not (an endpoint that
        // needed it must not answer anyone on replay), but no file keeps its value.
        var credentials: Set<String> = []
        for field in exchange.requestHeaders where spec.isCredential(field.name.lowercased()) {
            guard credentials.insert(field.name.lowercased()).inserted else { continue }
            headers[field.name] = .object(["matches": .string(".+")])
        }
        for (name, caseInsensitive) in spec.captureHeaders.sorted(by: { $0.key < $1.key })
        where !credentials.contains(name) {
            guard let sent = exchange.requestHeaders.first(where: { $0.name.lowercased() == name }) else {
                continue
            }
            if caseInsensitive {
                headers[sent.name] = .object(["equalTo": .string(sent.value), "caseInsensitive": .bool(true)])
            } else {
                headers[sent.name] = .object(["equalTo": .string(sent.value)])
            }
        }
        if !headers.isEmpty { request["headers"] = .object(headers) }
        if let body = bodyPattern(exchange, spec.requestBodyPattern) {
            request["bodyPatterns"] = .array([body])
        }
        return .object(request)
    }

    /// With a secret-like parameter name (the journal's rule), the query as `queryParameters`,
    /// secrets as `{"matches": ".+"}`; nil otherwise (the exact `url` is kept).
    static func secretQuery(_ url: String, spec: RecordSpec) -> [String: StubJSON]? {
        guard let mark = url.firstIndex(of: "?") else { return nil }
        var parameters: [String: StubJSON] = [:]
        var hasSecret = false
        for pair in url[url.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusIsSpace: true) ?? String(parts[0])
            if spec.isCredential(name.lowercased()) {
                hasSecret = true
                parameters[name] = .object(["matches": .string(".+")])
            } else if parameters[name] == nil {
                let raw = parts.count > 1 ? parts[1] : ""
                let value = PercentDecoding.decode(raw, plusIsSpace: true) ?? String(raw)
                parameters[name] = .object(["equalTo": .string(value)])
            }
        }
        return hasSecret ? parameters : nil
    }

    /// WireMock's: none for no body (or a multipart or binary one, which this server cannot
    /// match); `equalToJson` for JSON; `equalTo` for other text.
    static func bodyPattern(_ exchange: RecordedExchange, _ matcher: RecordedBodyMatcher) -> StubJSON? {
        let media = RecordedMediaType(contentType: exchange.requestHeader("content-type"))
        guard !exchange.requestBody.isEmpty, media.essence != "multipart/form-data",
            let text = String(validating: exchange.requestBody, as: UTF8.self)
        else { return nil }
        let isJSON = StubJSON(parsing: exchange.requestBody) != nil
        switch matcher {
        case .automatic(let arrayOrder, let extraElements, let caseInsensitive):
            if media.isJSON, isJSON { return equalToJSON(text, arrayOrder, extraElements) }
            return equalTo(text, caseInsensitive)
        case .equalToJSON(let arrayOrder, let extraElements):
            return isJSON ? equalToJSON(text, arrayOrder, extraElements) : equalTo(text, false)
        case .equalTo(let caseInsensitive):
            return equalTo(text, caseInsensitive)
        }
    }

    private static func equalToJSON(_ text: String, _ arrayOrder: Bool, _ extraElements: Bool) -> StubJSON {
        .object([
            "equalToJson": .string(text), "ignoreArrayOrder": .bool(arrayOrder),
            "ignoreExtraElements": .bool(extraElements),
        ])
    }

    private static func equalTo(_ text: String, _ caseInsensitive: Bool) -> StubJSON {
        caseInsensitive
            ? .object(["equalTo": .string(text), "caseInsensitive": .bool(true)])
            : .object(["equalTo": .string(text)])
    }
}
