#if LibcurlTransport && os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The `LibcurlTransport` trait's transport: libcurl's multi interface on one thread, so a silent server
    /// (README.md, "Two transports"). `URLSessionTransport`'s rules, bounded heads. Keep one.
    public final class CurlTransport: BoundedHTTPTransport {
        private let engine = CurlEngine()

        /// Its thread starts with the first request.
        public init() {}

        deinit {
            engine.stop()
        }

        /// The longest a transfer may take.
        public static let resourceTimeout: TimeInterval = 300
        /// The most bytes of status lines and fields in a response, 1xx included.
        public static let maximumHeaderBytes = 64 * 1024
        /// The running libcurl's version, such as `7.88.1`.
        public static var libraryVersion: String { String(cString: ccurl_version_number()) }
        /// The most 1xx answers before the final one.
        public static let maximumInterimResponses = 10

        /// Stops once the decoded body passes `maximumResponseBytes`.
        public func data(
            for request: URLRequest, maximumResponseBytes: Int64, progress: ProgressHandler?
        ) async throws -> HTTPResponse {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
            let outcome = try await run(request, state: state, sink: nil)
            return HTTPResponse(head: outcome.head, body: outcome.body)
        }

        /// Streams into a partial file, renamed to `destination` only when complete.
        public func download(
            for request: URLRequest, to destination: URL, maximumResponseBytes: Int64,
            progress: ProgressHandler?
        ) async throws -> HTTPResponseHead {
            let state = Transfer(destination: destination, limit: maximumResponseBytes, progress: progress)
            return try await run(request, state: state, sink: nil).head
        }

        /// Streams a 2xx body to `sink`, pausing while it is behind; other statuses come back in memory.
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
