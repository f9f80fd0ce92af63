#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The Linux transport with the `LibcurlTransport` trait: libcurl's multi interface on one
    /// thread waiting in `curl_multi_poll`, so a request waiting on a silent server costs no CPU
    /// (README.md, "Two transports"). It keeps `URLSessionTransport`'s rules, bounds the header
    /// section and 1xx answers, and pauses a body streamed to a slow sink. Make one and keep it.
    public final class CurlTransport: BoundedHTTPTransport {
        private let engine = CurlEngine()

        /// A transport with its own libcurl multi handle; its thread starts with the first request.
        public init() {}

        deinit {
            engine.stop()
        }

        /// The longest a transfer may take, from start to end: 5 minutes.
        public static let resourceTimeout: TimeInterval = 300
        /// The most bytes of status lines and header fields in one response, 1xx included: 64 KiB.
        public static let maximumHeaderBytes = 64 * 1024
        /// The version of the libcurl this process runs, such as `7.88.1`.
        public static var libraryVersion: String { String(cString: ccurl_version_number()) }
        /// The most 1xx interim answers (`100 Continue`, `103 Early Hints`) before the final one: 10.
        public static let maximumInterimResponses = 10

        /// Sends `request`, stopping once the decoded body passes `maximumResponseBytes`.
        public func data(
            for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
        ) async throws -> HTTPResponse {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
            let outcome = try await run(request, state: state, sink: nil)
            return HTTPResponse(head: outcome.head, body: outcome.body)
        }

        /// Streams the body into a partial file renamed to `destination` when complete; on any
        /// failure the partial file is removed and `destination` left as it was.
        public func download(
            for request: URLRequest, to destination: URL, maximumResponseBytes: Int64,
            progress: ProgressHandler?
        ) async throws -> HTTPResponseHead {
            let state = Transfer(destination: destination, limit: maximumResponseBytes, progress: progress)
            return try await run(request, state: state, sink: nil).head
        }

        /// Streams a 2xx body to `sink`, pausing while `StreamedBody.bufferLimit` bytes wait; any
        /// other status comes back in memory, and the sink gets nothing.
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
