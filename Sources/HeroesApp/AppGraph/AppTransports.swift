import Foundation
import Locking
import Network

/// The transports a service may name, each made once when first named and then shared
/// (one long-lived transport per client).
public final class AppTransports: Sendable {
    /// A transport an app plist may name.
    public enum Kind: String, CaseIterable, Sendable {
        /// `CurlTransport`; Linux builds with the `LibcurlTransport` trait only.
        case curl
        /// `URLSessionTransport`: Apple's URLSession, or FoundationNetworking's on Linux.
        case urlSession = "urlsession"

        /// What `--version` and `--verbose` call it, with the library's version where it has one.
        public var summary: String {
            switch self {
            case .curl:
                #if LibcurlTransport && os(Linux)
                    "libcurl \(CurlTransport.libraryVersion)"
                #else
                    "libcurl (not built)"
                #endif
            case .urlSession:
                #if canImport(FoundationNetworking)
                    "URLSession (FoundationNetworking)"
                #else
                    "URLSession"
                #endif
            }
        }

        /// Why this build cannot make the kind, or nil when it can.
        public var unavailableReason: String? {
            switch self {
            case .urlSession: nil
            case .curl:
                #if LibcurlTransport && os(Linux)
                    nil
                #elseif os(Linux)
                    "curl needs a build with the LibcurlTransport trait (swift build --traits LibcurlTransport)"
                #else
                    "curl is for Linux only; this platform uses urlsession"
                #endif
            }
        }
    }

    /// libcurl on Linux when built in, since FoundationNetworking spins a core while it waits;
    /// URLSession otherwise.
    public static var defaultKind: Kind {
        #if LibcurlTransport && os(Linux)
            .curl
        #else
            .urlSession
        #endif
    }

    /// The kinds this build can make.
    public static var availableKinds: [Kind] { Kind.allCases.filter { $0.unavailableReason == nil } }

    private let refusing: RefusingTransport?
    private let announce: (@Sendable (Kind) -> Void)?
    private let made = Locked<[Kind: any HTTPTransport]>([:])

    /// Real transports, made on demand; `announce` hears of each kind the first time it is made.
    public init(announce: (@Sendable (Kind) -> Void)? = nil) {
        refusing = nil
        self.announce = announce
    }

    /// No network at all: every kind is `refusing` (`--offline`, `lint`), still checked by name.
    public init(refusing: RefusingTransport) {
        self.refusing = refusing
        announce = nil
    }

    /// The one transport of `kind`.
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
        #if LibcurlTransport && os(Linux)
            case .curl: CurlTransport()
        #else
            // Never asked for: `availableKinds` leaves it out, and the builder refuses it.
            case .curl: URLSessionTransport()
        #endif
        case .urlSession: URLSessionTransport()
        }
    }
}
