import Domain
import Testing

/// Answers as each test sets it up and records every call.
public final class FakeSecretIdentityCipher: SecretIdentityCipher {
    public enum Call: Sendable, Hashable {
        case seal(String)
        case open(SealedSecret)
    }

    public let onSeal: Stub<String, SealedSecret>
    public let onOpen: Stub<SealedSecret, String?>

    private let log = CallLog<Call>()

    /// Every call fails the test at `sourceLocation` until stubbed.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        onSeal = Stub("SecretIdentityCipher.seal(_:)", sourceLocation: sourceLocation)
        onOpen = Stub("SecretIdentityCipher.open(_:)", sourceLocation: sourceLocation)
    }

    public var calls: [Call] { log.calls }

    public func seal(_ realName: String) throws -> SealedSecret {
        log.record(.seal(realName))
        return try onSeal(realName)
    }

    /// `open` cannot throw, so an unset stub records the test failure and answers `nil`.
    public func open(_ sealed: SealedSecret) -> String? {
        log.record(.open(sealed))
        return (try? onOpen(sealed)) ?? nil
    }
}
