import Domain
import Testing

/// A `SecretIdentityCipher` that answers as each test sets it up and records every call.
public final class FakeSecretIdentityCipher: SecretIdentityCipher {
    /// A call the fake received, with its argument.
    public enum Call: Sendable, Hashable {
        case seal(String)
        case open(SealedSecret)
    }

    /// Answers `seal(_:)`.
    public let onSeal: Stub<String, SealedSecret>
    /// Answers `open(_:)`.
    public let onOpen: Stub<SealedSecret, String?>

    private let log = CallLog<Call>()

    /// A fake whose every call fails the test at `sourceLocation` until stubbed.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        onSeal = Stub("SecretIdentityCipher.seal(_:)", sourceLocation: sourceLocation)
        onOpen = Stub("SecretIdentityCipher.open(_:)", sourceLocation: sourceLocation)
    }

    /// Every call so far, oldest first.
    public var calls: [Call] { log.calls }

    /// Records the call, then answers with the stub `onSeal`.
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
