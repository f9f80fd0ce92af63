import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One long-lived `URLSession`, one delegate routing by task (Platform notes #4). Keep one.
public final class URLSessionTransport: BoundedHTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// `followsRedirects: false` hands every 3xx back as the answer, as a proxy needs.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.standardConfiguration,
        followsRedirects: Bool = true
    ) {
        let delegate = SessionDelegate(redirectPolicy: RedirectPolicy(follows: followsRedirects))
        let queue = OperationQueue()
        // One callback at a time keeps each task's events in order.
        queue.maxConcurrentOperationCount = 1
        queue.name = "URLSessionTransport.delegate"
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// A connection's longest silence unless the request says.
    public static let idleTimeout: TimeInterval = 30
    /// The longest a transfer may take, where honoured (not FoundationNetworking).
    public static let resourceTimeout: TimeInterval = 300

    /// No URL cache, cookies or credential storage (credentials go up front, #5). From `.default`:
    /// `.ephemeral` creates a cache folder under `~/.cache` (#11).
    public static var standardConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.httpMaximumConnectionsPerHost = 8
        return configuration
    }

    /// Stops once the body passes the limit.
    public func data(
        for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponse {
        let task: URLSessionTask
        if let body = request.httpBody {
            var bare = request
            bare.httpBody = nil
            task = session.uploadTask(with: bare, from: body)
        } else {
            task = session.dataTask(with: request)
        }
        let transfer = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
        let outcome = try await run(task, transfer: transfer)
        return HTTPResponse(head: outcome.head, body: outcome.body)
    }

    /// Streams into a partial file, renamed to `destination` only when complete.
    public func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        // A data task: a failed download task leaves a temporary file we cannot remove.
        let task = session.dataTask(with: request)
        let transfer = Transfer(destination: destination, limit: maximumResponseBytes, progress: progress)
        return try await run(task, transfer: transfer).head
    }

    private func run(_ task: URLSessionTask, transfer: Transfer) async throws -> Transfer.Outcome {
        if Task.isCancelled {
            task.cancel()
            throw TransportError.cancelled
        }
        let delegate = self.delegate
        let identifier = task.taskIdentifier
        delegate.register(transfer, for: identifier)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if delegate.attach(continuation, to: identifier) { task.resume() }
            }
        } onCancel: {
            delegate.cancel(identifier)
            task.cancel()
        }
    }
}
