import Domain
import Foundation
import Network
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a picture goes: a FIFO or device (`/dev/stdout`) straight through, a file by rename.
enum PictureDestination {
    /// A device or a FIFO, open for writing.
    case stream(descriptor: Int32)
    /// A file to write atomically, links followed.
    case file(URL)

    /// What `destination` is; a device or FIFO that cannot be opened throws.
    static func of(_ destination: URL) throws -> PictureDestination {
        var status = stat()
        if stat(destination.path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFCHR {
                let descriptor = open(destination.path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw DomainError.invalid([
                        .picture: "cannot write \(destination.path): \(String(cString: strerror(errno)))"
                    ])
                }
                return .stream(descriptor: descriptor)
            }
        }
        return .file(followingLinks(destination))
    }

    /// `url` with its links followed, even to a missing target.
    static func followingLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current =
                target.hasPrefix("/")
                ? URL(fileURLWithPath: target)
                : current.deletingLastPathComponent().appendingPathComponent(target)
        }
        return current
    }
}

/// Passes a picture on only after a PNG signature. It keeps why it stopped, since the transport
/// reports every sink failure as a write failure.
final class PNGCheckingSink: ResponseBodySink {
    /// Why a write was refused.
    enum Failure: Sendable, Equatable {
        /// The body does not start like a PNG: the server's fault.
        case notPNG
        /// The destination refused the bytes (a full disk): this machine's fault.
        case write(reason: String)
    }

    private let sink: any ResponseBodySink
    private let signature: [UInt8]
    private let held = Mutex<(bytes: Data, checked: Bool, failure: Failure?)>((Data(), false, nil))

    init(_ sink: any ResponseBodySink, signature: [UInt8]) {
        self.sink = sink
        self.signature = signature
    }

    /// The first refusal, if any.
    var failure: Failure? { held.withLock { $0.failure } }

    func write(_ bytes: Data) throws {
        let ready: Data? = try held.withLock { state in
            if state.checked { return bytes }
            state.bytes.append(bytes)
            guard state.bytes.count >= signature.count else { return nil }
            guard state.bytes.prefix(signature.count).elementsEqual(signature) else {
                state.failure = .notPNG
                throw DomainError.badData("the picture is not a PNG image")
            }
            state.checked = true
            defer { state.bytes = Data() }
            return state.bytes
        }
        guard let ready else { return }
        do {
            try sink.write(ready)
        } catch {
            held.withLock { $0.failure = $0.failure ?? .write(reason: "\(error)") }
            throw error
        }
    }
}
