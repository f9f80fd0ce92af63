import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a bearer token (RFC 6749 4.4): one request under its own deadline, never retried.
/// A body that is not a token is `.decoding`, whose message never quotes the body (it may hold one).
public struct TokenEndpoint: Sendable {
    public let url: URL
    private let credentials: (any AuthenticationProvider)?
    private let transport: any HTTPTransport
    private let deadline: Duration
    private let margin: Duration

    /// A token answer is small.
    static let maximumResponseBytes: Int64 = 64 * 1024

    /// `deadline` bounds one fetch; `margin` is how long before expiry a token is refreshed.
    public init(
        url: URL, credentials: (any AuthenticationProvider)?, transport: any HTTPTransport,
        deadline: Duration = .seconds(15), margin: Duration = .seconds(30)
    ) {
        self.url = url
        self.credentials = credentials
        self.transport = transport
        self.deadline = deadline
        self.margin = margin
    }

    public func fetch() async throws -> AccessToken {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("grant_type=client_credentials".utf8)
        // Whole seconds, as FoundationNetworking reads them; the deadline cuts the exact time.
        request.timeoutInterval = TimeInterval(max(1, deadline.components.seconds + 1))
        try await credentials?.authenticate(&request)
        let asked = ContinuousClock.now
        let attempts = Attempts(
            policy: .never, limit: 1, retryAllowed: false, deadline: deadline, logger: nil)
        let response = try await attempts.run { [transport, request] _ in
            let response = try await transport.data(
                for: request, maximumResponseBytes: Self.maximumResponseBytes, progress: nil)
            return (response, response.head)
        }
        try ResponseInterpreter.check(response.head) { ResponseInterpreter.excerpt(of: response.body) }
        return try Self.token(from: response.body, asked: asked, margin: margin)
    }

    /// The token's lifetime counts from when it was asked for.
    static func token(from body: Data, asked: ContinuousClock.Instant, margin: Duration) throws -> AccessToken
    {
        struct Answer: Decodable {
            let accessToken: String
            let tokenType: String
            let expiresIn: Double?

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
                case tokenType = "token_type"
                case expiresIn = "expires_in"
            }
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: body) else {
            throw NetworkError.decoding(
                message: "the token answer is not {access_token, token_type, expires_in}", bodyExcerpt: "")
        }
        guard answer.tokenType.lowercased() == "bearer", !answer.accessToken.isEmpty,
            // Sent back in a header: printable ASCII only, no space (RFC 6750's b64token is narrower).
            answer.accessToken.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else {
            throw NetworkError.decoding(message: "the token answer holds no bearer token", bodyExcerpt: "")
        }
        let lifetime = try answer.expiresIn.map { seconds -> Duration in
            guard seconds.isFinite, seconds >= 0, seconds <= 366 * 86_400 else {
                throw NetworkError.decoding(message: "expires_in is not a number of seconds", bodyExcerpt: "")
            }
            return .milliseconds(Int64(seconds * 1000))
        }
        return AccessToken(value: answer.accessToken, expiresIn: lifetime, obtained: asked, margin: margin)
    }
}
