import Foundation
import Locking

/// `--record-mappings`: each proxied exchange written under the root directory as it happens,
/// the first of each request only (as WireMock's recorder does), off the event loop.
final class ContinuousRecording: Sendable {
    let root: URL
    let spec: RecordSpec
    /// Requests already written: method, URL and body.
    private let written = Locked(Set<String>())

    init(root: URL, redacting: [String]) {
        self.root = root
        spec = RecordSpec(redacting: redacting)
    }

    func write(_ exchange: ProxyExchange) {
        let request = exchange.request
        let key = "\(request.method) \(request.path)?\(request.query ?? "") \(request.body.hashValue)"
        guard written.withLock({ $0.insert(key).inserted }) else { return }
        do {
            try StubRecorder.stubs(from: [exchange.recorded], spec: spec).write(toRootDirectory: root)
        } catch {
            ProgramName.warn("warning: --record-mappings: \(error)")
        }
    }
}
