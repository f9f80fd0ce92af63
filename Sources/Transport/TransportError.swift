import Foundation

/// Why a transport could not bring back a whole response; every HTTP status is an answer, not an
/// error. `Network` turns these into `NetworkError`.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No route, refused, reset, a malformed answer, TLS, a local file (a `URLError` code and text).
    case failed(code: Int, message: String)
    /// A timeout of the request or the transport passed.
    case timedOut
    /// Task cancellation.
    case cancelled
    /// The body passed `limit` bytes; nothing was kept.
    case responseTooLarge(limit: Int64)
    case tooManyRedirects
    case incompleteBody(expected: Int64, received: Int64)

    public var description: String {
        switch self {
        case .failed(let code, let message): "transport failure (\(code)): \(message)"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .responseTooLarge(let limit): "the response is larger than the limit of \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .incompleteBody(let expected, let received):
            "the body ended after \(received) of \(expected) bytes"
        }
    }
}
