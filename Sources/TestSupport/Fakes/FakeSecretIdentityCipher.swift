import Domain

/// A `SecretIdentityCipher` that answers as each test sets it up and records every call.
public final class FakeSecretIdentityCipher: SecretIdentityCipher {
    /// A call the fake received, with its argument.
    public enum Call: Sendable, Hashable {
        case seal(String)
        case open(SealedSecret)
    }

    /// Answers `seal(_:)`.
    public let onSeal = SyncStub<String, SealedSecret>("SecretIdentityCipher.seal(_:)")
    /// Answers `open(_:)`.
    public let onOpen = SyncStub<SealedSecret, String?>("SecretIdentityCipher.open(_:)")

    private let log = CallLog<Call>()

    /// A fake with nothing set up: every call fails the test until its stub is given an answer.
    public init() {}

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
