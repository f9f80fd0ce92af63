/// Sees each attempt, response, retry and failure, redacted through `Redaction`.
public struct NetworkLogger: Sendable {
    /// Something that happened during a call.
    public enum Event: Sendable, Equatable, CustomStringConvertible {
        /// An attempt is about to be sent; `curl` reproduces it, redacted.
        case sending(attempt: Int, curl: String)
        /// A response arrived.
        case received(status: Int, method: String, url: String, elapsed: Duration)
        /// Attempt `attempt` of `of` will be sent after `after`, because of `reason`.
        case retrying(attempt: Int, of: Int, after: Duration, reason: String)
        /// The call failed with `error` (a `NetworkError`'s description).
        case failed(method: String, url: String, error: String)
        /// Something risky the caller should know, such as Basic credentials sent in clear text.
        case warning(String)

        /// One line for a console or a log file.
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

    /// How requests are redacted before they reach the sink.
    public let redaction: Redaction
    private let sink: @Sendable (Event) -> Void

    /// A logger that hands every event to `sink`, redacting with `redaction`.
    public init(redaction: Redaction = .standard, sink: @escaping @Sendable (Event) -> Void) {
        self.redaction = redaction
        self.sink = sink
    }

    /// Hands `event` to the sink.
    func log(_ event: Event) { sink(event) }
}
