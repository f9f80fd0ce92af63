/// A successful call's content, or why there is none, with status and headers.
public struct Reply<Content: Sendable>: Sendable {
    public enum Outcome: Sendable {
        /// A 2xx body, decoded.
        case content(Content)
        /// 204, 205, an empty 2xx body, or one not read (`NoContent`).
        case noContent
        /// 304: the `If-None-Match` representation is still current.
        case notModified
    }

    public let outcome: Outcome
    public let status: Int
    public let headers: HTTPHeaders

    public init(outcome: Outcome, status: Int, headers: HTTPHeaders) {
        self.outcome = outcome
        self.status = status
        self.headers = headers
    }

    public var content: Content? {
        if case .content(let content) = outcome { content } else { nil }
    }

    /// 304: the cached representation is still current.
    public var isNotModified: Bool {
        if case .notModified = outcome { true } else { false }
    }

    /// To send back as `ifNoneMatch` next time.
    public var entityTag: String? { headers["ETag"] }

    /// Transforms the content, keeping status, headers and outcome kind.
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
