import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A whole response, body in memory.
public struct HTTPResponse: Sendable, Equatable {
    /// The status line and headers.
    public let head: HTTPResponseHead
    /// The body, empty when there was none.
    public let body: Data

    /// A response with `head` and `body`.
    public init(head: HTTPResponseHead, body: Data) {
        self.head = head
        self.body = body
    }

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.init(head: HTTPResponseHead(status: status, headers: headers), body: body)
    }
}
