import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` that keeps the size limit while it receives, stopping the transfer as
/// soon as the body passes `maximumResponseBytes`: `CurlTransport` and `URLSessionTransport`.
/// Its calls without a limit are its calls with none (`.max`), so it implements only the
/// limited ones. (`HTTPTransport`'s own defaults go the other way, for a transport such as a
/// stub that can only receive a body whole and check it after.)
public protocol BoundedHTTPTransport: HTTPTransport {}

extension BoundedHTTPTransport {
    /// Sends `request` with no limit on the body's size.
    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        try await data(for: request, maximumResponseBytes: .max, progress: progress)
    }

    /// Streams the body of `request` to `destination`, with no limit on its size.
    public func download(
        for request: URLRequest, to destination: URL, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        try await download(for: request, to: destination, maximumResponseBytes: .max, progress: progress)
    }
}
