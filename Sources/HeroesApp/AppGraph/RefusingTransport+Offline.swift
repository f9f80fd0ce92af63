import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RefusingTransport {
    /// The transport `--offline` (and `lint`) puts in place of the network: it refuses every
    /// request at once, so the repositories answer from their cache, marked stale, and never
    /// wait on a socket. The code is not one the retry policy treats as transient: there is
    /// nothing to wait for.
    public static let offline = RefusingTransport(
        .transport(
            code: URLError.Code.resourceUnavailable.rawValue,
            message: "offline (--offline): only the cache can answer"))
}
