/// What a successful call returns: the content, or why there is none, with the status and headers.
public struct Reply<Content: Sendable>: Sendable {
    /// The three kinds of success.
    public enum Outcome: Sendable {
        /// A 2xx with a body, decoded.
        case content(Content)
        /// 204, 205, or a 2xx with an empty body.
        case noContent
        /// 304: the representation named by `If-None-Match` is still current.
        case notModified
    }

    /// What came back.
    public let outcome: Outcome
    /// The status code.
    public let status: Int
    /// The response headers.
    public let headers: HTTPHeaders

    /// A reply of `outcome` for a response with `status` and `headers`.
    public init(outcome: Outcome, status: Int, headers: HTTPHeaders) {
        self.outcome = outcome
        self.status = status
        self.headers = headers
    }

    /// The content, or nil for no content and not modified.
    public var content: Content? {
        if case .content(let content) = outcome { content } else { nil }
    }

    /// Whether the server said the cached representation is still current (304).
    public var isNotModified: Bool {
        if case .notModified = outcome { true } else { false }
    }

    /// The `ETag` header, to send back as `ifNoneMatch` next time.
    public var entityTag: String? { headers["ETag"] }

    /// The same reply with its content transformed: the status, headers and kind of outcome kept.
    public func map<Other: Sendable>(_ transform: (Content) throws -> Other) rethrows -> Reply<Other> {
        let mapped: Reply<Other>.Outcome =
            switch outcome {
            case .content(let content): .content(try transform(content))
            case .noContent: .noContent
            case .notModified: .notModified
            }
        return Reply<Other>(outcome: mapped, status: status, headers: headers)
    }
}

extension Reply.Outcome: Equatable where Content: Equatable {}
extension Reply: Equatable where Content: Equatable {}
