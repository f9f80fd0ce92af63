#if os(Linux)
    import CCurl
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Linux's transport: libcurl's multi interface on one thread, asleep while servers are silent;
    /// `URLSessionTransport`'s rules, bounded heads and decoded bodies. Keep one: it keeps the connections.
    public final class CurlTransport: BoundedHTTPTransport {
        private let engine = CurlEngine()
        private let settings: Settings

        struct Settings: Sendable {
            let redirectPolicy: RedirectPolicy
            let usesProxyVariables: Bool
        }

        /// A client follows same-origin `GET` and `HEAD` redirects and honours `http_proxy`, `https_proxy`
        /// and `no_proxy` as curl does (never for a loopback host); a proxy passes `false` for both.
        public init(followsRedirects: Bool = true, usesProxyVariables: Bool = true) {
            settings = Settings(
                redirectPolicy: RedirectPolicy(follows: followsRedirects),
                usesProxyVariables: usesProxyVariables)
        }

        deinit {
            engine.stop()
        }

        /// `curl_global_init` and a version check. Call it once from the main thread before other
        /// threads start, as libcurl asks; else the first `CurlTransport` made does it.
        /// Returns nil when ready, or why not.
        @discardableResult
        public static func setUp() -> String? { CurlLibrary.failure }

        /// The longest a transfer may take.
        public static let resourceTimeout: TimeInterval = 300
        /// The most bytes of status lines and fields in a response, 1xx included.
        public static let maximumHeaderBytes = 64 * 1024
        /// Such as `7.88.1`.
        public static var libraryVersion: String { CurlLibrary.version }
        /// What the running libcurl decodes, and so offers.
        public static var acceptedEncodings: [String] {
            let features = CurlLibrary.features
            return (features & CCURL_VERSION_LIBZ != 0 ? ["gzip", "deflate"] : [])
                + (features & CCURL_VERSION_BROTLI != 0 ? ["br"] : [])
                + (features & CCURL_VERSION_ZSTD != 0 ? ["zstd"] : [])
        }
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

        /// Pauses the transfer while `sink` is behind.
        public func stream(
            for request: URLRequest, into sink: any ResponseBodySink, maximumResponseBytes: Int64,
            progress: ProgressHandler?
        ) async throws -> HTTPResponse {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: progress)
            let outcome = try await run(request, state: state, sink: StreamedBody(sink))
            return HTTPResponse(head: outcome.head, body: outcome.body)
        }

        /// `completion` runs on the engine's thread, so a caller on its own thread (the mock server's event
        /// loop) hands off no more than it must. Returns the transfer's cancel.
        public func start(
            _ request: URLRequest, maximumResponseBytes: Int64,
            completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
        ) -> @Sendable () -> Void {
            let state = Transfer(destination: nil, limit: maximumResponseBytes, progress: nil)
            let transfer: CurlTransfer
            do {
                transfer = try CurlTransfer(
                    request: request, state: state, sink: nil, settings: settings, engine: engine)
            } catch {
                completion(.failure(error))
                return {}
            }
            transfer.completion = { outcome in
                completion(outcome.map { HTTPResponse(head: $0.head, body: $0.body) }.mapError { $0 })
            }
            let engine = self.engine
            engine.add(transfer)
            return { engine.cancel(transfer) }
        }

        private func run(_ request: URLRequest, state: Transfer, sink: StreamedBody?) async throws
            -> Transfer.Outcome
        {
            if Task.isCancelled { throw TransportError.cancelled }
            let transfer = try CurlTransfer(
                request: request, state: state, sink: sink, settings: settings, engine: engine)
            let engine = self.engine
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfer.completion = { continuation.resume(with: $0) }
                    engine.add(transfer)
                }
            } onCancel: {
                engine.cancel(transfer)
            }
        }
    }
#endif
