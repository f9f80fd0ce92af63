import Domain
import Foundation
import Network
import Synchronization

/// Passes a picture on only after a PNG signature, keeping the error to report: the transport
/// reports every sink failure as a write failure.
final class PNGCheckingSink: ResponseBodySink {
    private let sink: any ResponseBodySink
    private let notPNG: DomainError
    private let path: String
    private let held = Mutex<(bytes: Data, passed: Bool, failure: (any Error)?)>((Data(), false, nil))

    /// `path` is for messages; a body of another kind fails with `notPNG`.
    init(_ sink: any ResponseBodySink, path: String, notPNG: DomainError) {
        self.sink = sink
        self.path = path
        self.notPNG = notPNG
    }

    /// `notPNG`, or a `LocalFileError` when the destination refused bytes.
    var failure: (any Error)? { held.withLock { $0.failure } }

    /// Whether the signature was seen, so the body went on.
    var passed: Bool { held.withLock { $0.passed } }

    func write(_ bytes: Data) throws {
        let ready: Data? = try held.withLock { state in
            if state.passed { return bytes }
            state.bytes.append(bytes)
            let signature = RemotePictureRepository.pngSignature
            guard state.bytes.count >= signature.count else { return nil }
            guard state.bytes.starts(with: signature) else {
                state.failure = notPNG
                throw notPNG
            }
            state.passed = true
            defer { state.bytes = Data() }
            return state.bytes
        }
        guard let ready else { return }
        do {
            try sink.write(ready)
        } catch {
            let failure = LocalFileError(path: path, reason: "\(error)")
            held.withLock { $0.failure = $0.failure ?? failure }
            throw failure
        }
    }
}
