import Foundation
import Locking

/// One proxied request in flight, read by the event loop through a `DeferredResponse`.
final class ProxyCall: Sendable {
    private let outcome = Locked<OriginOutcome?>(nil)
    private let cancel = Locked<(@Sendable () -> Void)?>(nil)
    let origin: String
    let timeoutMilliseconds: Int

    /// Starts forwarding; `finished` runs once, off the loop, with the outcome, before the call
    /// counts as finished (so a recording is written before the client has its answer); then
    /// `ready` runs.
    init(
        _ request: ServerRequest, to target: ProxyTarget, timeout: Duration, bodyLimit: Int,
        ready: @escaping @Sendable () -> Void, finished: @escaping @Sendable (OriginOutcome) -> Void
    ) {
        origin = target.baseURL
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        timeoutMilliseconds = max(1, Int(seconds * 1000))
        guard let urlRequest = target.urlRequest(for: request, timeout: seconds) else {
            let failure = OriginOutcome.failed("the URL \(target.baseURL)\(request.path) is not valid")
            finished(failure)
            outcome.withLock { $0 = failure }
            ready()
            return
        }
        let stop = OriginClient.send(urlRequest, bodyLimit: bodyLimit) { [outcome] answer in
            let result = ProxyTarget.returned(answer)
            finished(result)
            outcome.withLock { $0 = result }
            ready()
        }
        cancel.withLock { $0 = stop }
    }

    /// The answer for the client: the origin's, or a 502 naming the origin and the reason.
    /// Past the timeout without an answer, the request is cancelled and this is a 502.
    func response() -> ServerResponse {
        guard let result = outcome.withLock({ $0 }) else {
            cancel.withLock { $0 }?()
            return Self.badGateway(origin, "it did not answer within \(timeoutMilliseconds) ms")
        }
        switch result {
        case .answered(let status, let fields, let body):
            return ServerResponse(status: status, fields: fields, body: body)
        case .failed(let reason):
            return Self.badGateway(origin, reason)
        }
    }

    var isFinished: Bool { outcome.withLock { $0 != nil } }

    static func badGateway(_ origin: String, _ reason: String) -> ServerResponse {
        ServerResponse(
            status: 502, fields: [HTTPField(name: "Content-Type", value: "text/plain; charset=utf-8")],
            body: Array("The proxy could not get an answer from \(origin): \(reason).\n".utf8))
    }

    /// The status the journal records for an outcome.
    static func status(_ outcome: OriginOutcome) -> Int {
        if case .answered(let status, _, _) = outcome { return status }
        return 502
    }
}
