import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RefusingTransport {
    /// What `--offline` and `lint` put in place of the network: every request refused at once,
    /// with a code the retry policy does not wait on.
    public static let offline = RefusingTransport(
        .transport(
            code: URLError.Code.resourceUnavailable.rawValue,
            message: "offline (--offline): only the cache can answer"))
}
