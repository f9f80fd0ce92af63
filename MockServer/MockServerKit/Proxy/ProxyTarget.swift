import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub's `proxyBaseUrl` and `additionalProxyRequestHeaders`: where its requests are forwarded.
struct ProxyTarget: Sendable {
    /// Without a trailing slash; the request's path and query are appended as sent.
    let baseURL: String
    let additionalHeaders: [HTTPField]

    /// Nil when `text` is not an absolute http or https URL.
    init?(baseURL text: String, additionalHeaders: [HTTPField] = []) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        baseURL = text.hasSuffix("/") ? String(text.dropLast()) : text
        self.additionalHeaders = additionalHeaders
    }

    /// Never forwarded: hop-by-hop fields, `Host`, framing, `Accept-Encoding` (so the body cap
    /// counts decoded bytes) and this server's own controls.
    static let unforwarded: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "expect",
        "x-mock-fault", "x-mock-admin-token",
    ]

    /// Answer fields never passed back: hop-by-hop ones, and the framing and coding of a body
    /// the transport has already decoded (the server frames what it sends itself).
    static let unreturned: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "te", "trailer",
        "transfer-encoding", "upgrade", "content-length", "content-encoding",
    ]

    /// `outcome` less the answer fields never passed back.
    static func returned(_ outcome: OriginOutcome) -> OriginOutcome {
        guard case .answered(let status, let fields, let body) = outcome else { return outcome }
        let kept = fields.filter { !unreturned.contains($0.name.lowercased()) }
        return .answered(status: status, fields: kept, body: body)
    }

    /// The origin's request for `request`: method, base URL + path and query, the fields less
    /// those above (and those `Connection` names), the extra ones, the body.
    func urlRequest(for request: ServerRequest, timeout: TimeInterval) -> URLRequest? {
        let target = baseURL + request.path + (request.query.map { "?\($0)" } ?? "")
        guard let url = URL(string: target) else { return nil }
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.description
        let named = Set(
            request.fields.filter { $0.name.lowercased() == "connection" }
                .flatMap { $0.value.lowercased().split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) })
        for field in request.fields {
            let name = field.name.lowercased()
            guard !Self.unforwarded.contains(name), !named.contains(name) else { continue }
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        for field in additionalHeaders {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        return urlRequest
    }
}
