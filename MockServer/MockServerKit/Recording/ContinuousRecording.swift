import Foundation
import Locking

/// `--record-mappings`: each request's first proxied exchange written off the loop. Past
/// `maximumMappings` or `ProxyRecorder.maximumBytes`, requests are proxied but not written.
final class ContinuousRecording: Sendable {
    let root: URL
    let spec: RecordSpec
    let maximumMappings: Int
    let maximumBytes: Int
    private struct Written {
        /// Requests already written: method, URL and body.
        var keys: Set<String> = []
        var bytes = 0
        var isFull = false
    }
    private let written = Locked(Written())

    init(
        root: URL, redacting: [String], maximumMappings: Int = StubRegistry.maximumMappings,
        maximumBytes: Int = ProxyRecorder.maximumBytes
    ) {
        self.root = root
        spec = RecordSpec(redacting: redacting)
        self.maximumMappings = maximumMappings
        self.maximumBytes = maximumBytes
    }

    func write(_ exchange: ProxyExchange) {
        let request = exchange.request
        let key = "\(request.method) \(request.path)?\(request.query ?? "") \(request.body.hashValue)"
        let size = exchange.answer.size
        // True: write it; false: a repeat, or past the bound; nil: the first past the bound.
        let admitted = written.withLock { state -> Bool? in
            guard !state.keys.contains(key) else { return false }
            guard state.keys.count < maximumMappings, state.bytes + size <= maximumBytes else {
                defer { state.isFull = true }
                return state.isFull ? false : nil
            }
            state.keys.insert(key)
            state.bytes += size
            return true
        }
        guard let admitted else {
            ProgramName.warn(
                "warning: --record-mappings: \(maximumMappings) mappings or \(maximumBytes) bytes recorded, "
                    + "the most a recording keeps; later requests are proxied, not recorded")
            return
        }
        guard admitted else { return }
        do {
            try StubRecorder.stubs(from: [exchange.recorded], spec: spec).write(toRootDirectory: root)
        } catch {
            ProgramName.warn("warning: --record-mappings: \(error)")
        }
    }

    var count: Int { written.withLock { $0.keys.count } }
}
