import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One long-lived `URLSession` whose single delegate routes progress and completion by task,
/// avoiding the traps of README.md's Platform notes. Make one per client and keep it (#4).
public final class URLSessionTransport: BoundedHTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A transport over a session made from `configuration`, by default `standardConfiguration`.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.standardConfiguration) {
        let delegate = SessionDelegate()
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

    /// How long a connection may stay silent unless the request says: 30 s.
    public static let idleTimeout: TimeInterval = 30
    /// The longest a transfer may take where honoured (not FoundationNetworking): 5 minutes.
    public static let resourceTimeout: TimeInterval = 300

    /// No URL cache, cookies or credential storage (credentials go up front, #5), and our
    /// timeouts. From `.default`: `.ephemeral` creates a cache folder under `~/.cache` (#11).
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

    /// Sends `request` (an upload task when it has a body), stopping once the body passes the limit.
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

    /// Streams the body into a partial file renamed to `destination` when complete; on any
    /// failure the partial file is removed and `destination` left as it was.
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
            throw NetworkError.cancelled
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
