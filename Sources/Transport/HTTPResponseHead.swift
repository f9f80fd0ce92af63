import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status line and headers.
public struct HTTPResponseHead: Sendable, Equatable {
    /// The status code, such as 200.
    public let status: Int
    /// The header fields.
    public let headers: HTTPHeaders

    /// A head with `status` and `headers`.
    public init(status: Int, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

extension HTTPResponseHead {
    /// URLSession's response as a head, its fields sorted by name; nil unless HTTP.
    init?(_ response: URLResponse?) {
        guard let http = response as? HTTPURLResponse else { return nil }
        let fields = http.allHeaderFields.compactMap { name, value -> (String, String)? in
            (name as? String).map { ($0, "\(value)") }
        }
        self.init(
            status: http.statusCode,
            headers: HTTPHeaders(fields.sorted { $0.0.lowercased() < $1.0.lowercased() }))
    }
}
