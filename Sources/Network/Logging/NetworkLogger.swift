/// Sees each attempt, response, retry and failure, redacted.
public struct NetworkLogger: Sendable {
    public enum Event: Sendable, Equatable, CustomStringConvertible {
        /// `curl` reproduces the attempt, redacted.
        case sending(attempt: Int, curl: String)
        case received(status: Int, method: String, url: String, elapsed: Duration)
        case retrying(attempt: Int, of: Int, after: Duration, reason: String)
        /// `error` is a `NetworkError`'s description.
        case failed(method: String, url: String, error: String)
        /// Such as Basic credentials sent in clear text.
        case warning(String)

        public var description: String {
            switch self {
            case .sending(let attempt, let curl): "→ #\(attempt) \(curl)"
            case .received(let status, let method, let url, let elapsed):
                "← \(status) \(method) \(url) (\(elapsed.formatted(.units(allowed: [.milliseconds]))))"
            case .retrying(let attempt, let of, let after, let reason):
                "↻ attempt \(attempt) of \(of) in \(after.formatted(.units(allowed: [.milliseconds]))) after \(reason)"
            case .failed(let method, let url, let error): "✗ \(method) \(url): \(error)"
            case .warning(let message): "⚠ \(message)"
            }
        }
    }

    public let redaction: Redaction
    /// Whether to make `sending` events, each a redacted curl command.
    public let logsAttempts: Bool
    private let sink: @Sendable (Event) -> Void

    public init(
        redaction: Redaction = .standard, logsAttempts: Bool = true, sink: @escaping @Sendable (Event) -> Void
    ) {
        self.redaction = redaction
        self.logsAttempts = logsAttempts
        self.sink = sink
    }

    func log(_ event: Event) { sink(event) }
}
