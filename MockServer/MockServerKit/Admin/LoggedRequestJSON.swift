import Foundation

/// A journalled request as WireMock's `LoggedRequest`, credentials already redacted.
enum LoggedRequestJSON {
    static func entry(_ request: RecordedRequest) -> StubJSON {
        var members: [String: StubJSON] = [
            "id": .string(String(request.sequence)),
            "request": self.request(request),
            "responseDefinition": .object(["status": .integer(request.status)]),
            "wasMatched": .bool(request.wasMatched),
        ]
        if let stub = request.stubID { members["stubMapping"] = .object(["id": .string(stub)]) }
        members["loggedDate"] = .integer(milliseconds(request))
        members["loggedDateString"] = .string(dateString(request))
        return .object(members)
    }

    /// Epoch milliseconds, as WireMock's `loggedDate`.
    private static func milliseconds(_ request: RecordedRequest) -> Int {
        Int((request.receivedAt.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// ISO 8601 in UTC with milliseconds, as WireMock's `loggedDateString`.
    private static func dateString(_ request: RecordedRequest) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(request.receivedAt)
    }

    /// WireMock's `LoggedRequest` (`url`, `method`, `headers`… at the top, as `find` and
    /// `unmatched` give them), with `entry`'s members beside them for our own clients.
    static func logged(_ request: RecordedRequest) -> StubJSON {
        guard case .object(var members) = self.request(request), case .object(let entry) = entry(request)
        else {
            return entry(request)
        }
        members.merge(entry) { top, _ in top }
        return .object(members)
    }

    static func request(_ request: RecordedRequest) -> StubJSON {
        let target = request.query.map { "\(request.path)?\($0)" } ?? request.path
        var headers: [String: StubJSON] = [:]
        for field in request.fields {
            switch headers[field.name] {
            case nil: headers[field.name] = .string(field.value)
            case .string(let first)?: headers[field.name] = .array([.string(first), .string(field.value)])
            case .array(let values)?: headers[field.name] = .array(values + [.string(field.value)])
            default: break
            }
        }
        return .object([
            "url": .string(target),
            "absoluteUrl": .string("http://\(request.value("host") ?? "localhost")\(target)"),
            "method": .string(request.method),
            "headers": .object(headers),
            "cookies": .object(cookies(request)),
            "queryParams": .object(queryParams(request.query)),
            "browserProxyRequest": .bool(false),
            "body": .string(request.text ?? ""),
            "bodyAsBase64": .string(request.body.base64EncodedString()),
            "loggedDate": .integer(milliseconds(request)),
            "loggedDateString": .string(dateString(request)),
        ])
    }

    /// `{"NAME": {"key": "NAME", "values": [...]}}`, decoded, as WireMock's `queryParams`.
    private static func queryParams(_ query: String?) -> [String: StubJSON] {
        var values: [String: [StubJSON]] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusIsSpace: true) ?? String(parts[0])
            let value =
                parts.count > 1 ? PercentDecoding.decode(parts[1], plusIsSpace: true) ?? String(parts[1]) : ""
            values[name, default: []].append(.string(value))
        }
        var params: [String: StubJSON] = [:]
        for (name, list) in values { params[name] = .object(["key": .string(name), "values": .array(list)]) }
        return params
    }

    /// Every `Cookie` header's pairs, name to value.
    private static func cookies(_ request: RecordedRequest) -> [String: StubJSON] {
        var found: [String: StubJSON] = [:]
        for field in request.fields where field.name.lowercased() == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0].trimmingWhitespace())
                if !name.isEmpty { found[name] = .string(parts.count > 1 ? String(parts[1]) : "") }
            }
        }
        return found
    }
}
