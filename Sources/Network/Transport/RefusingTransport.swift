import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends nothing: every call throws `error` (an offline mode, a linter, a fuzzer).
public struct RefusingTransport: HTTPTransport {
    public let error: NetworkError

    public init(_ error: NetworkError) { self.error = error }

    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        throw error
    }

    /// Writes nothing to `destination`.
    public func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?)
        async throws -> HTTPResponseHead
    {
        throw error
    }
}
