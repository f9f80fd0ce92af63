import Foundation
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an origin answered (the body decoded, capped), or why it could not answer.
enum OriginOutcome: Sendable {
    case answered(status: Int, fields: [HTTPField], body: [UInt8])
    case failed(String)
}

/// The one outbound client (proxying, recording, `verify`). Redirects are answers, proxy
/// variables are ignored, bodies are capped as they arrive and each request has a deadline.
enum OriginClient {
    private static let transport: any HTTPTransport = {
        #if os(Linux)
            CurlTransport(followsRedirects: false, usesProxyVariables: false)
        #else
            // Storage off; no proxy dictionary means the system's, which a test server skips.
            let configuration = URLSessionTransport.standardConfiguration
            configuration.connectionProxyDictionary = [:]
            configuration.httpMaximumConnectionsPerHost = 64
            return URLSessionTransport(configuration: configuration, followsRedirects: false)
        #endif
    }()

    /// See `MockServer.setUpOutboundClient()`.
    static func setUp() {
        #if os(Linux)
            CurlTransport.setUp()
        #endif
    }

    /// Sends `request`; `done` runs once, off the caller's thread (the transport's own, with no
    /// task in between). Returns a cancel, for the event loop's own deadline.
    static func send(
        _ request: URLRequest, bodyLimit: Int, done: @escaping @Sendable (OriginOutcome) -> Void
    ) -> @Sendable () -> Void {
        transport.start(request, maximumResponseBytes: Int64(bodyLimit)) { result in
            done(outcome(result))
        }
    }

    /// Sends `request` and waits for the outcome at most `deadline`; the later of answer and
    /// timer is cancelled.
    static func send(_ request: URLRequest, bodyLimit: Int, deadline: Duration) async -> OriginOutcome {
        let late = OriginOutcome.failed("it did not answer within \(deadline.components.seconds) s")
        return await withTaskGroup(of: OriginOutcome.self) { group in
            group.addTask { await outcome(of: request, bodyLimit: bodyLimit) }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return late
            }
            let first = await group.next() ?? late
            group.cancelAll()
            return first
        }
    }

    private static func outcome(of request: URLRequest, bodyLimit: Int) async -> OriginOutcome {
        do {
            return outcome(
                .success(
                    try await transport.data(
                        for: request, maximumResponseBytes: Int64(bodyLimit), progress: nil)))
        } catch {
            return outcome(.failure(error))
        }
    }

    private static func outcome(_ result: Result<HTTPResponse, any Error>) -> OriginOutcome {
        switch result {
        case .success(let response):
            let fields = response.head.headers.map { HTTPField(name: $0.name, value: $0.value) }
            return .answered(status: response.head.status, fields: fields, body: Array(response.body))
        case .failure(let error as TransportError): return .failed(reason(error))
        case .failure(let error): return .failed("\(error)")
        }
    }

    private static func reason(_ error: TransportError) -> String {
        switch error {
        case .responseTooLarge(let limit): return "its answer is over the \(limit)-byte limit"
        case .timedOut: return "it did not answer in time"
        case .cancelled: return "the request was cancelled"
        case .tooManyRedirects: return "too many redirects"
        case .incompleteBody(let expected, let received):
            return "its body ended after \(received) of \(expected) bytes"
        case .failed(let code, let message):
            switch URLError.Code(rawValue: code) {
            case .cannotConnectToHost: return "connection refused"
            case .timedOut: return "it did not answer in time"
            case .cannotFindHost, .dnsLookupFailed: return "host not found"
            case .networkConnectionLost: return "it closed the connection"
            case .badServerResponse, .cannotParseResponse: return "its answer was not valid HTTP (\(message))"
            case .cannotDecodeContentData: return "its body was not in the encoding it claimed (\(message))"
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
                return "the TLS connection failed"
            default: return "\(message) (URLError \(code))"
            }
        }
    }
}
