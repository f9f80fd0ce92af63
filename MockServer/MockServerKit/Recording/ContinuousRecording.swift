import Foundation
import Locking

/// `--record-mappings`: each proxied exchange written under the root directory as it happens,
/// the first of each request only (as WireMock's recorder does), off the event loop.
final class ContinuousRecording: Sendable {
    let root: URL
    let redacting: [String]
    /// Requests already written: method, URL and body.
    private let written = Locked(Set<String>())

    init(root: URL, redacting: [String]) {
        self.root = root
        self.redacting = redacting
    }

    func write(_ exchange: ProxyExchange) {
        let request = exchange.request
        let key = "\(request.method) \(request.path)?\(request.query ?? "") \(request.body.hashValue)"
        guard written.withLock({ $0.insert(key).inserted }) else { return }
        // Filled in with the stub recorder.
    }
}
