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
