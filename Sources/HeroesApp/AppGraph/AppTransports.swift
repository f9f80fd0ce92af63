import Foundation
import Locking
import Network

/// The transports a service may name, each made once when first named and then shared
/// (one long-lived transport per client).
public final class AppTransports: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// `CurlTransport`: libcurl, Linux's default.
        case curl
        /// `URLSessionTransport`: Apple's URLSession, or FoundationNetworking's on Linux.
        case urlSession = "urlsession"

        /// For `--version` and `--verbose`, with the library's version where known.
        public var summary: String {
            switch self {
            case .curl:
                #if os(Linux)
                    "libcurl \(CurlTransport.libraryVersion) (decodes \(CurlTransport.acceptedEncodings.joined(separator: ", ")))"
                #else
                    "libcurl (Linux only)"
                #endif
            case .urlSession:
                #if canImport(FoundationNetworking)
                    "URLSession (FoundationNetworking)"
                #else
                    "URLSession"
                #endif
            }
        }

        public var unavailableReason: String? {
            switch self {
            case .urlSession: nil
            case .curl:
                #if os(Linux)
                    nil
                #else
                    "curl is for Linux only; this platform uses urlsession"
                #endif
            }
        }
    }

    /// libcurl on Linux, where FoundationNetworking spins a core while it waits and trusts a
    /// server's numbers; URLSession, the platform's own, elsewhere.
    public static var defaultKind: Kind {
        #if os(Linux)
            .curl
        #else
            .urlSession
        #endif
    }

    private let refusing: RefusingTransport?
    private let announce: (@Sendable (Kind) -> Void)?
    private let made = Locked<[Kind: any HTTPTransport]>([:])

    /// Real transports, made on demand; `announce` hears of each new kind.
    public init(announce: (@Sendable (Kind) -> Void)? = nil) {
        refusing = nil
        self.announce = announce
    }

    /// No network at all: every kind is `refusing` (`--offline`, `lint`), still checked by name.
    public init(refusing: RefusingTransport) {
        self.refusing = refusing
        announce = nil
    }

    public func transport(_ kind: Kind) -> any HTTPTransport {
        if let refusing { return refusing }
        let (transport, isNew) = made.withLock { made in
            if let transport = made[kind] { return (transport, false) }
            let transport = Self.make(kind)
            made[kind] = transport
            return (transport, true)
        }
        if isNew { announce?(kind) }
        return transport
    }

    private static func make(_ kind: Kind) -> any HTTPTransport {
        switch kind {
        #if os(Linux)
            case .curl: CurlTransport()
        #else
            // Never asked for: its `unavailableReason` makes the builder refuse it.
            case .curl: URLSessionTransport()
        #endif
        case .urlSession: URLSessionTransport()
        }
    }
}
