import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one prepared request, once. Failures are `TransportError`s; every HTTP status comes back
/// as a response, for the caller to judge.
public protocol HTTPTransport: Sendable {
    /// Collects the body in memory, reporting upload and download progress.
    func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse

    /// Streams the body into a new file at `destination`, replacing it.
    func download(for request: URLRequest, to destination: URL, progress: ProgressHandler?) async throws
        -> HTTPResponseHead

    /// A larger body throws `.responseTooLarge`.
    func data(for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?) async throws
        -> HTTPResponse

    /// A larger body throws `.responseTooLarge` and leaves no file.
    func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead

    /// For a caller on its own thread, such as an event loop: `completion` runs once, on another
    /// thread. Returns what cancels it.
    func start(
        _ request: URLRequest, maximumResponseBytes: Int64,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void

    /// Hands a 2xx body to `sink` as it arrives (the returned body is then empty); any other status
    /// comes back in memory and the sink gets nothing.
    func stream(
        for request: URLRequest, into sink: any ResponseBodySink, maximumResponseBytes: Int64,
        progress: ProgressHandler?
    ) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Checks the limit after the whole body; a transport that can stop midway overrides this.
    public func data(
        for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponse {
        let response = try await data(for: request, progress: progress)
        guard response.body.count <= maximumResponseBytes else {
            throw TransportError.responseTooLarge(limit: maximumResponseBytes)
        }
        return response
    }

    /// A task of its own; a transport with its own threads overrides this.
    public func start(
        _ request: URLRequest, maximumResponseBytes: Int64,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        let task = Task {
            do {
                completion(
                    .success(
                        try await data(
                            for: request, maximumResponseBytes: maximumResponseBytes, progress: nil)))
            } catch {
                completion(.failure(error))
            }
        }
        return { task.cancel() }
    }

    /// The whole body, then to `sink`: no back-pressure.
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
            throw TransportError.failed(
                code: URLError.cannotWriteToFile.rawValue, message: "cannot write the body: \(error)")
        }
        return HTTPResponse(head: response.head, body: Data())
    }

    /// Checks the limit after the download, removing a file that is too large.
    public func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        let head = try await download(for: request, to: destination, progress: progress)
        let attributes = try? FileManager.default.attributesOfItem(atPath: destination.path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= maximumResponseBytes else {
            try? FileManager.default.removeItem(at: destination)
            throw TransportError.responseTooLarge(limit: maximumResponseBytes)
        }
        return head
    }
}
