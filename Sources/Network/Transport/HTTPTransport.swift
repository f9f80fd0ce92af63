import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The seam between `WebService` and the wire: sends one prepared request, once.
///
/// Implementations report failures as `NetworkError` (`.transport`, `.timedOut`, `.cancelled`)
/// and return every HTTP status as a response: judging a 404 or a 503 is the caller's job.
/// `URLSessionTransport` is the real one; TestSupport's `StubTransport` answers from a script.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and collects the response body in memory. A request with a body reports
    /// upload progress, and the response reports download progress, to `progress`.
    func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse

    /// Sends `request` and streams the response body into a new file at `destination`
    /// (replacing any file there), never holding it in memory; reports download progress.
    func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?) async throws
        -> HTTPResponseHead

    /// Like `data(for:progress:)`, but a body of more than `maximumResponseBytes` bytes throws
    /// `NetworkError.responseTooLarge`. `WebService` calls this one.
    func data(for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?) async throws
        -> HTTPResponse

    /// Like `download(for:to:progress:)`, but a body of more than `maximumResponseBytes` bytes
    /// throws `NetworkError.responseTooLarge` and leaves no file at `destination`. `WebService`
    /// calls this one.
    func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead
}

extension HTTPTransport {
    /// Receives the whole body with `data(for:progress:)`, then applies the limit. A transport
    /// that can stop receiving in the middle (as `URLSessionTransport` does) implements this itself.
    public func data(
        for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponse {
        let response = try await data(for: request, progress: progress)
        guard response.body.count <= maximumResponseBytes else {
            throw NetworkError.responseTooLarge(limit: maximumResponseBytes)
        }
        return response
    }

    /// Downloads with `download(for:to:progress:)`, then applies the limit, removing the file
    /// when it is too large.
    public func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        let head = try await download(for: request, to: destination, progress: progress)
        let attributes = try? FileManager.default.attributesOfItem(atPath: destination.path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= maximumResponseBytes else {
            try? FileManager.default.removeItem(at: destination)
            throw NetworkError.responseTooLarge(limit: maximumResponseBytes)
        }
        return head
    }
}

/// Receives progress reports; called on an arbitrary thread, possibly often.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void

/// How far an upload or a download has come.
public struct TransferProgress: Sendable, Equatable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Equatable {
        /// The request body, to the server.
        case upload
        /// The response body, from the server.
        case download
    }

    /// Which way the bytes go.
    public let direction: Direction
    /// Bytes moved so far.
    public let completedBytes: Int64
    /// Bytes expected in all, or nil when unknown (no `Content-Length`; URLSession says -1).
    public let totalBytes: Int64?

    /// A report of `completedBytes` out of `totalBytes`; a negative total means unknown.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The fraction done from 0 to 1, or nil when the total is unknown (indeterminate progress).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        return totalBytes == 0 ? 1 : min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// A response's status line and headers.
public struct HTTPResponseHead: Sendable, Equatable {
    /// The status code, such as 200.
    public let status: Int
    /// The header fields.
    public let headers: HTTPHeaders

    /// A head with `status` and `headers`.
    public init(status: Int, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

/// A whole response, body in memory.
public struct HTTPResponse: Sendable, Equatable {
    /// The status line and headers.
    public let head: HTTPResponseHead
    /// The body, empty when there was none.
    public let body: Data

    /// A response with `head` and `body`.
    public init(head: HTTPResponseHead, body: Data) {
        self.head = head
        self.body = body
    }

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.init(head: HTTPResponseHead(status: status, headers: headers), body: body)
    }
}
