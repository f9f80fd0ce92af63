import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A whole response, body in memory (empty when there was none).
public struct HTTPResponse: Sendable, Equatable {
    public let head: HTTPResponseHead
    public let body: Data

    public init(head: HTTPResponseHead, body: Data) {
        self.head = head
        self.body = body
    }

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.init(head: HTTPResponseHead(status: status, headers: headers), body: body)
    }
}
