import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes each callback to the transfer of its task.
/// `@unchecked Sendable`: `transfers` is behind `lock`; callbacks run after it is released.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let redirectPolicy: RedirectPolicy
    private var transfers: [Int: Transfer] = [:]

    init(redirectPolicy: RedirectPolicy) {
        self.redirectPolicy = redirectPolicy
    }

    /// Before the task can produce any callback.
    func register(_ transfer: Transfer, for identifier: Int) {
        lock.withLock { transfers[identifier] = transfer }
    }

    /// False when the task was cancelled before it started.
    func attach(_ continuation: CheckedContinuation<Transfer.Outcome, any Error>, to identifier: Int) -> Bool
    {
        let early: Result<Transfer.Outcome, TransportError>? = lock.withLock {
            guard let transfer = transfers[identifier] else { return .failure(.cancelled) }
            if transfer.cancelled {
                transfers[identifier] = nil
                return .failure(.cancelled)
            }
            transfer.continuation = continuation
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// A task not yet started then never starts.
    func cancel(_ identifier: Int) {
        lock.withLock { transfers[identifier]?.cancelled = true }
    }

    // MARK: Callbacks
    // None for the response disposition: FoundationNetworking ignores it (Platform notes #8).

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let expected = dataTask.response?.expectedContentLength ?? -1
        let (accepted, report): (Bool, (ProgressHandler, TransferReport)?) = lock.withLock {
            guard let transfer = transfers[dataTask.taskIdentifier] else { return (true, nil) }
            guard transfer.receive(data, expectedLength: expected) else { return (false, nil) }
            let report = transfer.progress.map {
                (
                    $0,
                    TransferReport(
                        direction: .download, completedBytes: transfer.received, totalBytes: expected
                    )
                )
            }
            return (true, report)
        }
        // Past the limit or unwritable: stop; the completion callback says why.
        guard accepted else { return dataTask.cancel() }
        report.map { handler, progress in handler(progress) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = lock.withLock { transfers[task.taskIdentifier]?.progress }
        progress?(
            TransferReport(
                direction: .upload, completedBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend))
    }

    /// Follows only what `RedirectPolicy` allows; a refused redirect's 3xx goes to the caller.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let decision: RedirectPolicy.Decision = lock.withLock {
            guard let transfer = transfers[task.taskIdentifier],
                let from = task.currentRequest?.url ?? task.originalRequest?.url, let to = request.url
            else { return .refuse }
            transfer.redirects += 1
            let method = task.originalRequest?.httpMethod ?? "GET"
            let decision = redirectPolicy.decision(
                method: method, from: from, to: to, hop: transfer.redirects)
            if decision == .tooMany { transfer.tooManyRedirects = true }
            return decision
        }
        switch decision {
        case .follow: completionHandler(request)
        // Refused, or one hop too many (`Transfer` reports a loop): the 3xx ends the task.
        case .refuse, .tooMany: completionHandler(nil)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let httpMethods = [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic,
            NSURLAuthenticationMethodHTTPDigest,
        ]
        guard httpMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // A default 401 challenge hangs FoundationNetworking (Platform notes #5): decline, the 401 stays.
        lock.withLock { transfers[task.taskIdentifier]?.declinedChallenge = true }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished: (Transfer, CheckedContinuation<Transfer.Outcome, any Error>?)? = lock.withLock {
            guard let transfer = transfers.removeValue(forKey: task.taskIdentifier) else { return nil }
            return (transfer, transfer.continuation)
        }
        guard let (transfer, continuation) = finished, let continuation else { return }
        // Out of the table, only this callback reaches the transfer: read it unlocked.
        continuation.resume(with: transfer.outcome(head: HTTPResponseHead(task.response), error: error))
    }
}
