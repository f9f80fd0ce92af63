#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The Linux `HTTPTransport`: libcurl's multi interface on one thread of its own, waiting in
    /// `curl_multi_poll`, so a request that waits on a silent server costs no CPU. FoundationNetworking's
    /// URLSession spins about 80% of a core in that wait (README.md, "Two transports").
    ///
    /// It keeps the rules of `URLSessionTransport`: redirects only within the origin (at most 5),
    /// the size limit counted on decoded bytes while they arrive, the request's `timeoutInterval`
    /// as the limit on connecting and on silence, cancellation at once, progress both ways. It
    /// adds bounds URLSession does not have: a header section of at most
    /// `maximumHeaderBytes` and at most `maximumInterimResponses` 1xx answers, and a body
    /// streamed to a slow `ResponseBodySink` pauses the transfer instead of piling up in memory.
    ///
    /// Make one per client and keep it: its thread and connection cache live as long as it does.
    public final class CurlTransport: BoundedHTTPTransport {
        private let engine = CurlEngine()

        /// A transport with its own libcurl multi handle; its thread starts with the first request.
        public init() {}

        deinit {
            engine.stop()
        }

        /// The longest a transfer may take, from start to end: 5 minutes.
        public static let resourceTimeout: TimeInterval = 300
        /// The most bytes of status lines and header fields one response may send, 1xx answers
        /// included: 64 KiB.
        public static let maximumHeaderBytes = 64 * 1024
        /// The version of the libcurl this process runs, such as `7.88.1`.
        public static var libraryVersion: String { String(cString: ccurl_version_number()) }
        /// The most 1xx interim answers (`100 Continue`, `103 Early Hints`) before the final one: 10.
        public static let maximumInterimResponses = 10

        /// Sends `request`, stopping as soon as the decoded body passes `maximumResponseBytes` (or
        /// its `Content-Length` announces more).
        public func data(
            for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
        ) async throws -> HTTPResponse {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
            let outcome = try await run(request, state: state, sink: nil)
            return HTTPResponse(head: outcome.head, body: outcome.body)
        }

        /// Streams the body of `request` into a partial file next to `destination`, renamed to
        /// `destination` once complete; past `maximumResponseBytes`, or on any failure, the
        /// partial file is removed and `destination` is left as it was.
        public func download(
            for request: URLRequest, to destination: URL, maximumResponseBytes: Int64,
            progress: ProgressHandler?
        ) async throws -> HTTPResponseHead {
            let state = Transfer(destination: destination, limit: maximumResponseBytes, progress: progress)
            return try await run(request, state: state, sink: nil).head
        }

        /// Streams a 2xx body of `request` to `sink` as it arrives, pausing the transfer while the
        /// sink holds `StreamedBody.bufferLimit` bytes it has not written yet; any other status
        /// comes back with its body in memory (under `maximumResponseBytes`), and nothing is
        /// written to the sink.
        public func stream(
            for request: URLRequest, into sink: any ResponseBodySink, maximumResponseBytes: Int64,
            progress: ProgressHandler?
        ) async throws -> HTTPResponse {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
            let outcome = try await run(request, state: state, sink: StreamedBody(sink))
            return HTTPResponse(head: outcome.head, body: outcome.body)
        }

        private func run(_ request: URLRequest, state: Transfer, sink: StreamedBody?) async throws
            -> Transfer.Outcome
        {
            if Task.isCancelled { throw NetworkError.cancelled }
            let transfer = try CurlTransfer(request: request, state: state, sink: sink)
            let engine = self.engine
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.continuation = continuation
                    engine.add(transfer)
                }
            } onCancel: {
                transfer.requestCancellation()
                engine.cancel(transfer)
            }
        }
    }
#endif
