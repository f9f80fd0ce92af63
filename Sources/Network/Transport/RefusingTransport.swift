import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends nothing: every call fails with the error it was made with. For an offline mode, a
/// linter or benchmark that only builds requests, a fuzzer.
public struct RefusingTransport: HTTPTransport {
    /// What every call throws.
    public let error: NetworkError

    /// A transport whose every call throws `error`.
    public init(_ error: NetworkError) { self.error = error }

    /// Throws `error`; nothing is sent.
    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        throw error
    }

    /// Throws `error`; nothing is sent and nothing is written to `destination`.
    public func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?)
        async throws -> HTTPResponseHead
    {
        throw error
    }
}
