import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that sends nothing: every call fails at once with the error it was made with.
///
/// For running a `WebService` where no request may leave the process: an offline mode, whose
/// repositories then answer from their cache; a linter or a benchmark that only builds requests
/// (`WebService.request`); a fuzzer of the descriptor grammar.
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
