import Foundation
import Locking
import Network

/// The transports a service's `transport` key may name, each made once, when first named, and
/// shared by every service that names it (Network's README: one long-lived transport per client).
public final class AppTransports: Sendable {
    /// A transport an app plist may name.
    public enum Kind: String, CaseIterable, Sendable {
        /// `CurlTransport`: libcurl's multi interface, waiting in the kernel. Linux only.
        case curl
        /// `URLSessionTransport`: Apple's URLSession, or FoundationNetworking's on Linux.
        case urlSession = "urlsession"
    }

    /// What a service gets when its plist names no transport: libcurl on Linux, where
    /// FoundationNetworking's URLSession spins a core while it waits; URLSession elsewhere.
    public static var defaultKind: Kind {
        #if os(Linux)
            .curl
        #else
            .urlSession
        #endif
    }

    /// The kinds this platform can build.
    public static var availableKinds: [Kind] {
        #if os(Linux)
            Kind.allCases
        #else
            [.urlSession]
        #endif
    }

    private let refusing: RefusingTransport?
    private let made = Locked<[Kind: any HTTPTransport]>([:])

    /// Real transports, made on demand.
    public init() {
        refusing = nil
    }

    /// No network at all: every kind is `refusing` (`--offline`, `lint`), still checked by name.
    public init(refusing: RefusingTransport) {
        self.refusing = refusing
    }

    /// The one transport of `kind`.
    public func transport(_ kind: Kind) -> any HTTPTransport {
        if let refusing { return refusing }
        return made.withLock { made in
            if let transport = made[kind] { return transport }
            let transport = Self.make(kind)
            made[kind] = transport
            return transport
        }
    }

    private static func make(_ kind: Kind) -> any HTTPTransport {
        switch kind {
        #if os(Linux)
            case .curl: CurlTransport()
        #else
            // Never asked for: `availableKinds` leaves it out, and the builder refuses it.
            case .curl: URLSessionTransport()
        #endif
        case .urlSession: URLSessionTransport()
        }
    }
}
