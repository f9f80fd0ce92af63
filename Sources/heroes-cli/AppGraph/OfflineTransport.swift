import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport `--offline` puts in place of the network: it refuses every request at once,
/// so the repositories answer from their cache, marked stale, and never wait on a socket.
struct OfflineTransport: HTTPTransport {
    private static var refusal: NetworkError {
        // Not one of the codes the retry policy treats as transient: there is nothing to wait for.
        .transport(
            code: URLError.Code.resourceUnavailable.rawValue,
            message: "offline (--offline): only the cache can answer")
    }

    func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        throw Self.refusal
    }

    func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?) async throws
        -> HTTPResponseHead
    {
        throw Self.refusal
    }
}
