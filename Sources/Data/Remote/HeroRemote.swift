import Domain

/// The server, as `OfflineFirstHeroRepository` asks it: the port that `RemoteHeroDataSource`
/// fills over HTTP and a test fills with a fake. Every error is a `DomainError`.
public protocol HeroRemote: Sendable {
    /// A page's body, unmapped, for a sync.
    func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<JSONValue>
    /// A page of heroes; records that break a rule are left out.
    func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<HeroPage>
    /// One hero; a record that breaks a rule, or is another hero, is bad data.
    func hero(_ id: Hero.ID, ifNoneMatch entityTag: String?) async throws -> Revalidated<Hero>
    /// Every team; teams that break a rule are left out.
    func teams(ifNoneMatch entityTag: String?) async throws -> Revalidated<[Team]>
    /// Creates a hero, once however often it is retried with the same `idempotencyKey`.
    func create(_ draft: HeroDraft, idempotencyKey: String?) async throws -> (hero: Hero, entityTag: String?)
    /// Replaces hero `id` with `input`, only while at `expectedVersion` if given.
    func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    /// Deletes hero `id`, only while at `expectedVersion` if given.
    func delete(_ id: Hero.ID, expectedVersion: Int?) async throws
}

/// A conditional read's answer: a value with its entity tag, or "not modified" (304).
public enum Revalidated<Value: Sendable>: Sendable {
    case fresh(Value, entityTag: String?)
    case notModified

    /// The value, or `nil` when not modified.
    public var content: Value? {
        if case .fresh(let value, _) = self { value } else { nil }
    }

    public var entityTag: String? {
        if case .fresh(_, let tag) = self { tag } else { nil }
    }

    /// The same answer with its value transformed.
    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Revalidated<Other> {
        switch self {
        case .fresh(let value, let tag): .fresh(try transform(value), entityTag: tag)
        case .notModified: .notModified
        }
    }
}
