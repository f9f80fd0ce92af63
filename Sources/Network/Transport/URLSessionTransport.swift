import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPTransport`: one long-lived `URLSession` whose single delegate fans progress and
/// completion out by task identifier, avoiding every trap in the Platform notes of this module's README.md.
///
/// Make one per client and keep it: sessions created and dropped while requests are in flight
/// have crashed FoundationNetworking (Platform notes #4). No task-level delegates, no KVO on
/// `task.progress` (#6), statuses are judged by the caller (#10).
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

    /// How long a connection may stay silent, connecting included, unless a request sets its
    /// own `timeoutInterval`: 30 s.
    public static let idleTimeout: TimeInterval = 30
    /// The longest a transfer may take on platforms that honour it (FoundationNetworking does
    /// not; there `WebService`'s deadline is the only bound): 5 minutes.
    public static let resourceTimeout: TimeInterval = 300

    /// No URL cache (ETags are the caller's business), no cookies and no credential storage
    /// (credentials go up front, Platform notes #5), and `idleTimeout` and `resourceTimeout`
    /// instead of the platform's 60 s and 7 days. It starts from `.default`, not `.ephemeral`:
    /// FoundationNetworking's `.ephemeral` makes a URL cache of its own, which creates a folder
    /// under `~/.cache` even with no disk capacity (Platform notes #11); the cache is turned off
    /// below either way.
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

    /// Sends `request` as a data task, or as an upload task when it has a body (for upload
    /// progress), stopping the task as soon as the body passes `maximumResponseBytes` (or its
    /// `Content-Length` announces more).
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

    /// Streams the body of `request` into a partial file next to `destination` as it arrives,
    /// and renames it to `destination` once the response is complete. Past
    /// `maximumResponseBytes`, or on any failure, the partial file is removed and `destination`
    /// is left as it was.
    public func download(
        for request: URLRequest, to destination: URL, maximumResponseBytes: Int64, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        // A data task, not a download task: FoundationNetworking leaves a download task's
        // temporary file behind when the task fails or is cancelled, and writes it where we
        // cannot clean it up.
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
