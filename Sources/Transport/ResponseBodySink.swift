import Foundation

/// Where a streamed body goes as it arrives. `write` may block: `CurlTransport` pauses the transfer
/// meanwhile, so memory follows the reader.
public protocol ResponseBodySink: Sendable {
    /// Writes all of `bytes`, or throws (the transfer then stops).
    func write(_ bytes: Data) throws
}

/// A sink on an open descriptor (a file, a pipe, a FIFO); its owner closes it.
public struct FileDescriptorSink: ResponseBodySink {
    public let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Throws `FileWriteError`.
    public func write(_ bytes: Data) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { systemWrite(descriptor, $0 + offset, raw.count - offset) } ?? 0
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw FileWriteError(reason: String(cString: strerror(errno))) }
            offset += count
        }
    }
}

/// Named apart from the sinks' own `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// With the system's reason ("No space left on device").
public struct FileWriteError: Error, Sendable, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}
