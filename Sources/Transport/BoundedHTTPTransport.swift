import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that stops receiving once the body passes the limit; its unlimited calls pass `.max`.
public protocol BoundedHTTPTransport: HTTPTransport {}

extension BoundedHTTPTransport {
    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        try await data(for: request, maximumResponseBytes: .max, progress: progress)
    }

    public func download(
        for request: URLRequest, to destination: URL, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        try await download(for: request, to: destination, maximumResponseBytes: .max, progress: progress)
    }
}
