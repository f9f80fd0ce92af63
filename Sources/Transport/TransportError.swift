import Foundation

/// Why a transport could not bring back a whole response. Every HTTP status is an answer, not
/// an error; `Network` turns these into its `TransportError`.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exchange failed: no route, refused, reset, a malformed answer, TLS, a local file
    /// (a `URLError` code and the library's text).
    case failed(code: Int, message: String)
    /// The connection stayed silent past the request's timeout.
    case timedOut
    /// The caller gave up (task cancellation).
    case cancelled
    /// The body passed `limit` bytes; the transfer was stopped and nothing kept.
    case responseTooLarge(limit: Int64)
    /// More redirects than the policy follows.
    case tooManyRedirects
    /// Fewer bytes than `Content-Length` said.
    case incompleteBody(expected: Int64, received: Int64)

    /// A one-line explanation.
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
