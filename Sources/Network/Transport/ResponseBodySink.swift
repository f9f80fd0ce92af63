import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Writes all of `bytes`, retrying after a signal; a failed write throws its `POSIXError`.
    public func write(_ bytes: Data) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let start = buffer.baseAddress?.advanced(by: offset)
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, start, buffer.count - offset)
                #else
                    let written = Darwin.write(descriptor, start, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }
}
