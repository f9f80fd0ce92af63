import Foundation
import Locking

/// One proxied request and what the origin answered, as captured while recording.
struct ProxyExchange: Sendable {
    let request: ServerRequest
    let answer: ProxiedAnswer

    /// As the stub recorder takes it.
    var recorded: RecordedExchange {
        RecordedExchange(
            method: request.method.description,
            url: String(request.path) + (request.query.map { "?\($0)" } ?? ""),
            requestHeaders: request.fields.map { ($0.name, $0.value) }, requestBody: answer.requestBody,
            status: answer.status, responseHeaders: answer.fields.map { ($0.name, $0.value) },
            responseBody: answer.body)
    }
}

/// WireMock's recorder: captures proxied exchanges from `start` to `stop`.
final class ProxyRecorder: Sendable {
    enum Status: String, Sendable {
        case neverStarted = "NeverStarted"
        case recording = "Recording"
        case stopped = "Stopped"
    }

    private struct State {
        var status = Status.neverStarted
        /// Only exchanges these match are captured; nil for all.
        var filters: RequestPattern?
        var spec: RecordSpec?
        /// The stub forwarding to the target, removed at stop.
        var proxyStubID: String?
        var exchanges: [ProxyExchange] = []
        var bytes = 0
        var dropped = 0
    }

    private let state = Locked(State())
    /// Every exchange at once, for `--record-mappings`; nil without it.
    private let continuous: (@Sendable (ProxyExchange) -> Void)?

    /// A recording keeps at most this much, and drops (and counts) the rest.
    static let maximumBytes = 64 << 20

    init(continuous: (@Sendable (ProxyExchange) -> Void)? = nil) {
        self.continuous = continuous
    }

    var status: Status { state.withLock { $0.status } }

    /// Starts capturing; false when a recording is already on.
    func start(filters: RequestPattern?, spec: RecordSpec, proxyStubID: String?) -> Bool {
        state.withLock { state in
            guard state.status != .recording else { return false }
            state = State(status: .recording, filters: filters, spec: spec, proxyStubID: proxyStubID)
            return true
        }
    }

    /// Ends the recording: what was captured, with the options and the proxy stub to remove.
    func stop() -> (exchanges: [ProxyExchange], spec: RecordSpec, proxyStubID: String?, dropped: Int)? {
        state.withLock { state in
            guard state.status == .recording, let spec = state.spec else { return nil }
            defer { state = State(status: .stopped) }
            return (state.exchanges, spec, state.proxyStubID, state.dropped)
        }
    }

    /// Called off the loop when a proxied request is answered.
    func captured(_ request: ServerRequest, _ outcome: OriginOutcome) {
        guard case .answered = outcome else { return }
        guard let answer = ProxiedAnswer(outcome, requestBody: request.body) else {
            state.withLock { if $0.status == .recording { $0.dropped += 1 } }
            return
        }
        let exchange = ProxyExchange(request: request, answer: answer)
        continuous?(exchange)
        state.withLock { state in
            guard state.status == .recording else { return }
            if let filters = state.filters, !filters.matches(StubRequest(request)) { return }
            guard state.bytes + answer.size <= Self.maximumBytes else {
                state.dropped += 1
                return
            }
            state.bytes += answer.size
            state.exchanges.append(exchange)
        }
    }
}
