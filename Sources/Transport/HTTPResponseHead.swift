import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's status line and headers.
public struct HTTPResponseHead: Sendable, Equatable {
    public let status: Int
    public let headers: HTTPHeaders

    public init(status: Int, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

extension HTTPResponseHead {
    /// Fields sorted by name; nil unless HTTP.
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
