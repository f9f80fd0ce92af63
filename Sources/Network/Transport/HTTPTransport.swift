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

    /// Sends `request` and hands a 2xx body to `sink` as it arrives; any other status comes back
    /// with its body in memory, and the sink gets nothing. A body of more than
    /// `maximumResponseBytes` bytes throws `NetworkError.responseTooLarge`. The returned
    /// response's body is empty for a 2xx.
    func stream(
        for request: URLRequest, into sink: any ResponseBodySink, maximumResponseBytes: Int64,
        progress: ProgressHandler?
    ) async throws -> HTTPResponse
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

    /// Receives the whole body in memory, then writes a 2xx body to `sink`: no back-pressure,
    /// for a transport that has none (`URLSessionTransport`, `StubTransport`). `CurlTransport`
    /// streams instead, pausing while the sink is behind.
    public func stream(
        for request: URLRequest, into sink: any ResponseBodySink, maximumResponseBytes: Int64,
        progress: ProgressHandler?
    ) async throws -> HTTPResponse {
        let response = try await data(
            for: request, maximumResponseBytes: maximumResponseBytes, progress: progress)
        guard (200..<300).contains(response.head.status) else { return response }
        do {
            try sink.write(response.body)
        } catch {
            throw NetworkError.transport(
                code: URLError.cannotWriteToFile.rawValue, message: "cannot write the body: \(error)")
        }
        return HTTPResponse(head: response.head, body: Data())
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
