import Foundation
import Locking
import Network
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport with a switch: off, it refuses every request as a lost connection would,
/// so a test can take one client offline and back without stopping the server. It wraps the
/// shared transport: a transport made and dropped per test is what Platform notes #4 warn of.
final class SwitchableTransport: HTTPTransport {
    private let inner = IntegrationServer.transport
    private let offline = Locked(false)

    var isOffline: Bool {
        get { offline.withLock { $0 } }
        set { offline.withLock { $0 = newValue } }
    }

    private var refusal: NetworkError {
        .transport(code: URLError.Code.notConnectedToInternet.rawValue, message: "offline (test)")
    }

    func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        guard !isOffline else { throw refusal }
        return try await inner.data(for: request, progress: progress)
    }

    func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?) async throws
        -> HTTPResponseHead
    {
        guard !isOffline else { throw refusal }
        return try await inner.download(for: request, to: destination, progress: progress)
    }
}
