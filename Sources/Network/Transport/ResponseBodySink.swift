import Foundation

/// Where a streamed response body goes, piece by piece, as it arrives.
///
/// `write` may block for as long as its reader needs (a pipe read slowly): `CurlTransport`
/// calls it on a thread of its own and pauses the transfer while the pieces waiting for it pass
/// its buffer, so memory is bounded by what the reader takes, not by what the network brings.
public protocol ResponseBodySink: Sendable {
    /// Writes all of `bytes`, or throws (the transfer then stops).
    func write(_ bytes: Data) throws
}

/// A sink on an open file descriptor (a file, a pipe, a FIFO), written with blocking writes.
/// The descriptor stays open: its owner closes it.
public struct FileDescriptorSink: ResponseBodySink {
    /// The descriptor written to.
    public let descriptor: Int32

    /// A sink writing to `descriptor`.
    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Writes all of `bytes`; a failed write (a reader gone, a full disk) throws.
    public func write(_ bytes: Data) throws {
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: bytes)
    }
}
