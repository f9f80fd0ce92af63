import Foundation

/// What can go wrong between a descriptor and a decoded response.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A service plist is malformed, or an endpoint has no valid descriptor.
    case invalidDescriptor(DescriptorError)
    /// An argument could not go into the request (wrong count, CR/LF in a header).
    case encoding(String)
    /// No route, refused, reset, TLS, a local file: a `URLError` code and its text.
    case transport(code: Int, message: String)
    /// The call's deadline passed, retries included.
    case timedOut
    case cancelled
    case unacceptableStatus(code: Int, headers: HTTPHeaders, bodyExcerpt: String)
    case decoding(message: String, bodyExcerpt: String)
    /// 401; `realm` from `WWW-Authenticate`.
    case unauthorized(realm: String?)
    case forbidden
    /// The body passed `limit` bytes; nothing was kept.
    case responseTooLarge(limit: Int64)
    /// More than 5 redirects (only same-origin GET and HEAD ones are followed).
    case tooManyRedirects
    /// Fewer bytes than `Content-Length` said. Retried like a lost connection.
    case incompleteBody(expected: Int64, received: Int64)
    /// A 2xx in a media type the serializer does not read, such as a proxy's HTML.
    case unexpectedContentType(String, bodyExcerpt: String)
    /// No bearer token could be had; the requests waiting for it fail unsent.
    case tokenRefreshFailed(TokenRefreshFailure)

    public init(_ error: TransportError) {
        switch error {
        case .failed(let code, let message): self = .transport(code: code, message: message)
        case .timedOut: self = .timedOut
        case .cancelled: self = .cancelled
        case .responseTooLarge(let limit): self = .responseTooLarge(limit: limit)
        case .tooManyRedirects: self = .tooManyRedirects
        case .incompleteBody(let expected, let received):
            self = .incompleteBody(expected: expected, received: received)
        }
    }

    /// `error` as a `NetworkError`; nil if neither a transport nor a service threw it.
    static func from(_ error: any Error) -> NetworkError? {
        (error as? TransportError).map(NetworkError.init) ?? error as? NetworkError
    }

    /// Safe to log: never contains credentials.
    public var description: String {
        switch self {
        case .invalidDescriptor(let error): "invalid descriptor: \(error)"
        case .encoding(let message): "cannot encode the request: \(message)"
        case .transport(let code, let message): "transport failure (\(code)): \(message)"
        case .timedOut: "timed out"
        case .cancelled: "cancelled"
        case .unacceptableStatus(let code, _, let excerpt):
            excerpt.isEmpty ? "unacceptable status \(code)" : "unacceptable status \(code): \(excerpt)"
        case .decoding(let message, let excerpt): "cannot decode the response: \(message) in \(excerpt)"
        case .unauthorized(let realm): realm.map { "unauthorized (realm \"\($0)\")" } ?? "unauthorized"
        case .forbidden: "forbidden"
        case .responseTooLarge(let limit): "the response is larger than the limit of \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .incompleteBody(let expected, let received):
            "the body ended after \(received) of \(expected) bytes"
        case .unexpectedContentType(let type, let excerpt):
            excerpt.isEmpty
                ? "unexpected content type \(type)" : "unexpected content type \(type): \(excerpt)"
        case .tokenRefreshFailed(let cause): "the access token could not be refreshed: \(cause)"
        }
    }

    /// Whether the same request may succeed if retried.
    var isTransient: Bool {
        switch self {
        case .transport(let code, _): Self.transientTransportCodes.contains(code)
        case .incompleteBody: true
        default: false
        }
    }

    public var isLocalFileFailure: Bool {
        guard case .transport(let code, _) = self else { return false }
        return Self.localFileCodes.contains(code)
    }

    private static let localFileCodes: Set<Int> = [
        URLError.Code.cannotCreateFile.rawValue, URLError.Code.cannotOpenFile.rawValue,
        URLError.Code.cannotCloseFile.rawValue, URLError.Code.cannotWriteToFile.rawValue,
        URLError.Code.cannotRemoveFile.rawValue, URLError.Code.cannotMoveFile.rawValue,
    ]

    /// The server sent bad data (a head or trailer past the bounds, a body not in its encoding).
    public var isMalformedAnswer: Bool {
        guard case .transport(let code, _) = self else { return false }
        return [URLError.cannotParseResponse.rawValue, URLError.cannotDecodeContentData.rawValue].contains(
            code)
    }

    /// Whether the request never reached the server, so even a conditional write may be resent.
    var wasNotSent: Bool {
        guard case .transport(let code, _) = self else { return false }
        return Self.notSentTransportCodes.contains(code)
    }

    private static let notSentTransportCodes: Set<Int> = [
        URLError.cannotConnectToHost.rawValue,
        URLError.notConnectedToInternet.rawValue,
        URLError.dnsLookupFailed.rawValue,
        URLError.cannotFindHost.rawValue,
    ]

    private static let transientTransportCodes: Set<Int> = [
        URLError.cannotConnectToHost.rawValue,
        URLError.networkConnectionLost.rawValue,
        URLError.notConnectedToInternet.rawValue,
        URLError.dnsLookupFailed.rawValue,
        URLError.cannotFindHost.rawValue,
        URLError.badServerResponse.rawValue,
    ]
}
