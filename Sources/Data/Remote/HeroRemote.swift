import Domain

/// The server, as `OfflineFirstHeroRepository` asks it: `RemoteHeroDataSource` over HTTP, or a
/// fake in tests. Every error is a `DomainError`.
public protocol HeroRemote: Sendable {
    /// Unmapped, for a sync.
    func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<JSONValue>
    /// Records that break a rule are left out.
    func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<HeroPage>
    /// A record that breaks a rule, or is another hero, is bad data.
    func hero(_ id: Hero.ID, ifNoneMatch entityTag: String?) async throws -> Revalidated<Hero>
    /// Teams that break a rule are left out.
    func teams(ifNoneMatch entityTag: String?) async throws -> Revalidated<[Team]>
    /// Once however often it is retried with the same `idempotencyKey`.
    func create(_ draft: HeroDraft, idempotencyKey: String?) async throws -> (hero: Hero, entityTag: String?)
    /// Only while at `expectedVersion`, if given.
    func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    /// Only while at `expectedVersion`, if given.
    func delete(_ id: Hero.ID, expectedVersion: Int?) async throws
}

/// A conditional read's answer: a value with its entity tag, or 304.
public enum Revalidated<Value: Sendable>: Sendable {
    case fresh(Value, entityTag: String?)
    case notModified

    public var content: Value? {
        if case .fresh(let value, _) = self { value } else { nil }
    }

    public var entityTag: String? {
        if case .fresh(_, let tag) = self { tag } else { nil }
    }

    public func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Revalidated<Other> {
        switch self {
        case .fresh(let value, let tag): .fresh(try transform(value), entityTag: tag)
        case .notModified: .notModified
        }
    }
}
