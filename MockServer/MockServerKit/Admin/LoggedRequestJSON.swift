import Foundation

/// A journalled request as WireMock's `LoggedRequest` (`id`, `request`,
/// `responseDefinition.status`, `wasMatched`), credentials already redacted.
enum LoggedRequestJSON {
    static func entry(_ request: RecordedRequest) -> StubJSON {
        var members: [String: StubJSON] = [
            "id": .string(String(request.sequence)),
            "request": self.request(request),
            "responseDefinition": .object(["status": .integer(request.status)]),
            "wasMatched": .bool(request.wasMatched),
        ]
        if let stub = request.stubID { members["stubMapping"] = .object(["id": .string(stub)]) }
        return .object(members)
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
        let milliseconds = Int(request.receivedAt.timeIntervalSince1970 * 1000)
        return .object([
            "url": .string(target),
            "absoluteUrl": .string("http://\(request.value("host") ?? "localhost")\(target)"),
            "method": .string(request.method),
            "headers": .object(headers),
            "body": .string(request.text ?? ""),
            "bodyAsBase64": .string(request.body.base64EncodedString()),
            "loggedDate": .integer(milliseconds),
            "loggedDateString": .string(WireTime.string(request.receivedAt)),
        ])
    }
}
