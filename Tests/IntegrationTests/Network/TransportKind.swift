import Network

/// The real transports, each test of the Network integration suites run against each: the
/// rules of `HTTPTransport` are the same for both. One instance of each for the whole run, as
/// an app keeps one (Platform notes #4 in Sources/Transport/README.md).
enum TransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// libcurl's multi interface, the default on Linux.
    case curl
    /// URLSession: Apple's, or FoundationNetworking's on Linux.
    case urlSession

    /// The transports this platform has.
    static var available: [TransportKind] {
        #if os(Linux)
            [.curl, .urlSession]
        #else
            [.urlSession]
        #endif
    }

    /// The kind the app uses when its plist names none (`AppTransports.defaultKind`): libcurl on
    /// Linux. The suites that are not about a transport use it.
    static var appDefault: TransportKind {
        #if os(Linux)
            .curl
        #else
            .urlSession
        #endif
    }

    /// libcurl only, for the bounds URLSession cannot keep (it has no back-pressure and decodes
    /// a body whole before the limit can stop it): empty off Linux.
    static var curlOnly: [TransportKind] { available.filter { $0 == .curl } }

    var description: String { rawValue }

    /// Whether the transport ends a cancelled or timed-out call promptly on a loaded machine, so
    /// that a test may bound the time it takes. FoundationNetworking's URLSession does not: its
    /// cancellations and timeouts lag by seconds while other work keeps the cores busy (Platform
    /// notes #9 in Sources/Transport/README.md), so its Linux tests check outcomes, not time.
    var keepsTimeUnderLoad: Bool {
        #if canImport(FoundationNetworking)
            self != .urlSession
        #else
            true
        #endif
    }

    /// The shared instance of this kind.
    var transport: any HTTPTransport {
        switch self {
        case .curl: Self.curlTransport
        case .urlSession: Self.urlSessionTransport
        }
    }

    /// A second instance of this kind, for tests that flood a transport with large bodies and
    /// must not delay the prompt answers other tests wait for.
    var separateTransport: any HTTPTransport {
        switch self {
        case .curl: Self.separateCurlTransport
        case .urlSession: Self.separateURLSessionTransport
        }
    }

    /// A new instance of this kind.
    func makeTransport() -> any HTTPTransport {
        switch self {
        #if os(Linux)
            case .curl: CurlTransport()
        #else
            case .curl: URLSessionTransport()
        #endif
        case .urlSession: URLSessionTransport()
        }
    }

    private static let urlSessionTransport = TransportKind.urlSession.makeTransport()
    private static let separateURLSessionTransport = TransportKind.urlSession.makeTransport()
    private static let curlTransport = TransportKind.curl.makeTransport()
    private static let separateCurlTransport = TransportKind.curl.makeTransport()
}
