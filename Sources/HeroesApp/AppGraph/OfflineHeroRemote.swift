import Data
import Domain

/// The remote of an `--offline` run: every call is `.unavailable`, so the repository answers
/// from the cache, and no service is built.
struct OfflineHeroRemote: HeroRemote {
    let reason: String

    func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<JSONValue>
    { throw DomainError.unavailable(reason) }

    func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<HeroPage>
    { throw DomainError.unavailable(reason) }

    func hero(_ id: Hero.ID, ifNoneMatch entityTag: String?) async throws -> Revalidated<Hero> {
        throw DomainError.unavailable(reason)
    }

    func teams(ifNoneMatch entityTag: String?) async throws -> Revalidated<[Team]> {
        throw DomainError.unavailable(reason)
    }

    func create(_ draft: HeroDraft, idempotencyKey: String?) async throws -> (hero: Hero, entityTag: String?)
    {
        throw DomainError.unavailable(reason)
    }

    func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    { throw DomainError.unavailable(reason) }

    func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        throw DomainError.unavailable(reason)
    }
}
