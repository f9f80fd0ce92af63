import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls the endpoints of one service plist, with credentials, retries and a deadline. Share one.
public final class WebService: Sendable {
    /// `call`'s body limit unless the descriptor sets `maxResponseBytes`.
    public static let defaultMaximumResponseBytes: Int64 = 8 * 1024 * 1024
    /// `download`'s and `stream`'s limit unless the descriptor sets `maxResponseBytes`.
    public static let defaultMaximumDownloadBytes: Int64 = 64 * 1024 * 1024

    /// A call's overall time, retries and waits included.
    public static let defaultDeadline: Duration = .seconds(25)

    /// The URL every descriptor's `path` is appended to.
    public let baseURL: URL
    private let base: String
    private let catalog: ServiceCatalog
    private let transport: any HTTPTransport
    private let authentication: (any AuthenticationProvider)?
    private let retryPolicy: RetryPolicy
    public let deadline: Duration
    private let logger: NetworkLogger?
    private let clearTextWarning = OnceFlag()

    /// `authentication` and `retryPolicy` serve descriptors without `auth` or `retry`.
    public init(
        baseURL: URL,
        catalog: ServiceCatalog,
        transport: any HTTPTransport,
        authentication: (any AuthenticationProvider)? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(),
        deadline: Duration = WebService.defaultDeadline,
        logger: NetworkLogger? = nil
    ) {
        self.baseURL = baseURL
        let text = baseURL.absoluteString
        base = text.hasSuffix("/") ? String(text.dropLast()) : text
        self.catalog = catalog
        self.transport = transport
        self.authentication = authentication
        self.retryPolicy = retryPolicy
        self.deadline = deadline
        self.logger = logger
    }

    /// One deadline for all of `body`'s calls, so two cannot take twice. Nested, the sooner holds.
    @discardableResult
    public static func withDeadline<Value>(
        _ deadline: Duration, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Value
    ) async rethrows -> Value {
        let own = ContinuousClock.now + deadline
        let end = Attempts.sharedEnd.map { min($0, own) } ?? own
        return try await Attempts.$sharedEnd.withValue(end, operation: body, isolation: isolation)
    }

    /// The request `endpoint` sends for `arguments`, before credentials are added.
    public func request<Response>(
        _ endpoint: Endpoint<Response>, _ arguments: any Encodable & Sendable...
    ) throws -> URLRequest {
        try request(endpoint, arguments: arguments)
    }

    public func request<Response>(
        _ endpoint: Endpoint<Response>, arguments: [any Encodable & Sendable]
    ) throws -> URLRequest {
        let descriptor = try catalog.descriptor(for: endpoint)
        return try RequestBuilder(descriptor: descriptor, base: base).request(arguments)
    }

    /// `ifNoneMatch`: a 304 comes back as `.notModified`; `ifMatch`: a changed tag gets 412.
    /// - Throws: `NetworkError`, or an authentication provider's error.
    public func call<Response>(
        _ endpoint: Endpoint<Response>,
        _ arguments: any Encodable & Sendable...,
        ifNoneMatch: String? = nil,
        ifMatch: String? = nil,
        progress: ProgressHandler? = nil
    ) async throws -> Reply<Response> {
        try await call(
            endpoint, arguments: arguments, ifNoneMatch: ifNoneMatch, ifMatch: ifMatch, progress: progress)
    }

    public func call<Response>(
        _ endpoint: Endpoint<Response>,
        arguments: [any Encodable & Sendable],
        ifNoneMatch: String? = nil,
        ifMatch: String? = nil,
        progress: ProgressHandler? = nil
    ) async throws -> Reply<Response> {
        let descriptor = try catalog.descriptor(for: endpoint)
        var request = try RequestBuilder(descriptor: descriptor, base: base).request(arguments)
        Self.setConditions(on: &request, ifNoneMatch: ifNoneMatch, ifMatch: ifMatch)
        return try await reportingFailure(of: request) {
            let limit = descriptor.maximumResponseBytes ?? Self.defaultMaximumResponseBytes
            let response = try await send(request, descriptor) { [transport] prepared in
                let response = try await transport.data(
                    for: prepared, maximumResponseBytes: limit, progress: progress)
                return (response, response.head)
            }
            return try ResponseInterpreter.reply(
                to: response, decoding: descriptor.responseDecoding, as: Response.self
            )
        }
    }

    /// Downloads into `destination` by one `rename` once accepted; a failure leaves it as it was.
    public func download(
        _ endpoint: Endpoint<Data>,
        _ arguments: any Encodable & Sendable...,
        to destination: URL,
        ifNoneMatch: String? = nil,
        progress: ProgressHandler? = nil,
        accept: (@Sendable (URL) throws -> Void)? = nil
    ) async throws -> Reply<URL> {
        let descriptor = try catalog.descriptor(for: endpoint)
        var request = try RequestBuilder(descriptor: descriptor, base: base).request(arguments)
        Self.setConditions(on: &request, ifNoneMatch: ifNoneMatch, ifMatch: nil)
        let staged = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        defer { try? FileManager.default.removeItem(at: staged) }
        return try await reportingFailure(of: request) {
            let limit = descriptor.maximumResponseBytes ?? Self.defaultMaximumDownloadBytes
            let head: HTTPResponseHead
            do {
                head = try await send(request, descriptor) { [transport] prepared in
                    let head = try await transport.download(
                        for: prepared, to: staged, maximumResponseBytes: limit, progress: progress)
                    return (head, head)
                }
            } catch NetworkError.transport(let code, let message) {
                // A local file failure names the file the caller asked for, not the staged one.
                throw NetworkError.transport(
                    code: code, message: message.replacingOccurrences(of: staged.path, with: destination.path)
                )
            }
            try ResponseInterpreter.check(head) { Self.excerpt(ofFile: staged) }
            let reply = { (outcome: Reply<URL>.Outcome) in
                Reply(outcome: outcome, status: head.status, headers: head.headers)
            }
            if head.status == 304 || head.status == 204 || head.status == 205 {
                return reply(head.status == 304 ? .notModified : .noContent)
            }
            try accept?(staged)
            guard rename(staged.path, destination.path) == 0 else {
                let reason = errno == EISDIR ? "it is a folder" : String(cString: strerror(errno))
                throw NetworkError.transport(
                    code: URLError.cannotMoveFile.rawValue,
                    message: "cannot move the download to \(destination.path): \(reason)")
            }
            return reply(.content(destination))
        }
    }

    /// Streams the body into `sink` (a pipe, a FIFO). Retried only before the first byte is written.
    public func stream(
        _ endpoint: Endpoint<Data>,
        _ arguments: any Encodable & Sendable...,
        into sink: any ResponseBodySink,
        progress: ProgressHandler? = nil
    ) async throws -> Reply<Int64> {
        let descriptor = try catalog.descriptor(for: endpoint)
        let request = try RequestBuilder(descriptor: descriptor, base: base).request(arguments)
        return try await reportingFailure(of: request) {
            let limit = descriptor.maximumResponseBytes ?? Self.defaultMaximumDownloadBytes
            let counted = CountingSink(sink)
            let response = try await send(request, descriptor) { [transport] prepared in
                do {
                    let response = try await transport.stream(
                        for: prepared, into: counted, maximumResponseBytes: limit, progress: progress)
                    return (response, response.head)
                } catch  where counted.count > 0 && NetworkError.from(error)?.isTransient == true {
                    throw NetworkError.transport(
                        code: URLError.Code.downloadDecodingFailedMidStream.rawValue,
                        message: "the body was cut after \(counted.count) bytes had been written: \(error)")
                }
            }
            try ResponseInterpreter.check(response.head) { ResponseInterpreter.excerpt(of: response.body) }
            let outcome: Reply<Int64>.Outcome =
                switch response.head.status {
                case 304: .notModified
                case 204, 205: .noContent
                default: .content(counted.count)
                }
            return Reply(outcome: outcome, status: response.head.status, headers: response.head.headers)
        }
    }

    private func reportingFailure<Value>(
        of request: URLRequest, _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await body()
        } catch {
            if let logger {
                let shown = request.url.map(logger.redaction.url) ?? ""
                logger.log(.failed(method: request.httpMethod ?? "GET", url: shown, error: "\(error)"))
            }
            throw error
        }
    }

    private func send<Value: Sendable>(
        _ request: URLRequest,
        _ descriptor: RequestDescriptor,
        through transport: @escaping @Sendable (URLRequest) async throws -> (Value, HTTPResponseHead)
    ) async throws -> Value {
        let provider: (any AuthenticationProvider)? =
            switch descriptor.authentication {
            case .service: authentication
            case .none: nil
            case .provider(let provider): provider
            }
        let retry = descriptor.retry
        let attempts = Attempts(
            policy: retryPolicy,
            limit: retry?.attempts ?? retryPolicy.attempts,
            retryAllowed: descriptor.method.isIdempotent || retry?.idempotentOnly == false,
            conditional: ["If-Match", "If-Unmodified-Since"].contains {
                request.value(forHTTPHeaderField: $0) != nil
            },
            deadline: descriptor.timeout ?? deadline,
            logger: logger
        )
        let logger = self.logger
        let shownURL = request.url.map { logger?.redaction.url($0) ?? "" } ?? ""
        let method = descriptor.method.rawValue
        // One replay after a 401, so a server refusing every token cannot loop.
        let replay = OnceFlag()
        return try await attempts.run { attempt in
            let send = { @Sendable (prepared: URLRequest) async throws -> (Value, HTTPResponseHead) in
                self.warnOfClearTextBasic(prepared)
                if let logger, logger.logsAttempts {
                    logger.log(.sending(attempt: attempt, curl: logger.redaction.curlCommand(for: prepared)))
                }
                let start = ContinuousClock.now
                let (value, head) = try await transport(prepared)
                logger?.log(
                    .received(status: head.status, method: method, url: shownURL, elapsed: .now - start))
                return (value, head)
            }
            var prepared = request
            try await provider?.authenticate(&prepared)
            let answer = try await send(prepared)
            guard answer.1.status == 401, let refreshable = provider as? any RefreshableAuthentication,
                await refreshable.rejected(prepared), replay.firstTime()
            else { return answer }
            var renewed = request
            try await refreshable.authenticate(&renewed)
            return try await send(renewed)
        }
    }

    /// Warns once of Basic credentials over http to another host.
    private func warnOfClearTextBasic(_ request: URLRequest) {
        guard let logger, let url = request.url, url.scheme?.lowercased() == "http",
            request.value(forHTTPHeaderField: "Authorization")?.lowercased().hasPrefix("basic ") == true,
            let host = url.host?.lowercased(), !Self.isLoopback(host), clearTextWarning.firstTime()
        else { return }
        logger.log(.warning("Basic credentials are sent in clear text over http to \(host); use https"))
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// Entity tags, already quoted.
    static func setConditions(on request: inout URLRequest, ifNoneMatch: String?, ifMatch: String?) {
        if let ifNoneMatch { request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match") }
        if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
    }

    private static func excerpt(ofFile url: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: ResponseInterpreter.excerptLength + 1)) ?? Data()
        return ResponseInterpreter.excerpt(of: data)
    }
}
