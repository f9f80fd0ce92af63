import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Removes credentials from requests before they are shown.
public struct Redaction: Sendable {
    public static let placeholder = "<redacted>"

    /// Header names (any case) whose values are never shown.
    public var headers: Set<String>
    /// Fragments of query and body field names (any case) whose values are never shown.
    public var secretNameFragments: Set<String>

    public init(headers: Set<String>, secretNameFragments: Set<String>) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.secretNameFragments = Set(secretNameFragments.map { $0.lowercased() })
    }

    /// Hides credential, cookie and API-key headers, and fields named like a secret.
    public static let standard = Redaction(
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"],
        secretNameFragments: ["password", "passwd", "secret", "token", "api_key", "apikey", "authorization"]
    )

    /// Fragments of header names (any case) whose values are hidden, e.g. `X-Auth-Token`.
    public static let secretHeaderFragments: Set<String> = [
        "token", "key", "secret", "auth", "cookie", "session",
    ]

    public func hidesHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return headers.contains(lowered) || Self.secretHeaderFragments.contains { lowered.contains($0) }
    }

    public func hidesField(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNameFragments.contains { lowered.contains($0) }
    }

    /// `url` with its password and secret query values replaced.
    public func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return Self.placeholder
        }
        if components.password != nil { components.password = "redacted" }
        components.percentEncodedQueryItems = components.percentEncodedQueryItems?.map { item in
            hidesField(item.name.removingPercentEncoding ?? item.name)
                ? URLQueryItem(name: item.name, value: "redacted") : item
        }
        return components.string ?? Self.placeholder
    }

    /// Secret fields replaced; a body neither JSON nor a form is shown by size only.
    public func body(_ body: Data) -> String {
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let redacted = try? JSONSerialization.data(
                withJSONObject: redactingJSON(json), options: [.sortedKeys, .fragmentsAllowed]
            )
        {
            return String(decoding: redacted, as: UTF8.self)
        }
        if let form = formBody(body) { return form }
        return "<\(body.count) bytes>"
    }

    private func redactingJSON(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return Dictionary(
                uniqueKeysWithValues: object.map { key, member in
                    (key, hidesField(key) ? Self.placeholder : redactingJSON(member))
                }
            )
        }
        if let array = value as? [Any] { return array.map(redactingJSON) }
        return value
    }

    /// nil when `body` is not an `a=1&b=2` form.
    private func formBody(_ body: Data) -> String? {
        guard let text = String(data: body, encoding: .utf8), !text.isEmpty,
            text.allSatisfy({ $0.isASCII && !$0.isWhitespace }), text.contains("=")
        else { return nil }
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard parts.count == 2, hidesField(name.removingPercentEncoding ?? name) else {
                return String(pair)
            }
            return name + "=" + Self.placeholder
        }
        return pairs.joined(separator: "&")
    }
}
