import Data
import Domain

/// The tests' shorthand: unconditional reads, a create without a key, a replace by draft.
extension HeroRemote {
    func heroes(matching query: HeroQuery) async throws -> Revalidated<HeroPage> {
        try await heroes(matching: query, ifNoneMatch: nil)
    }

    func hero(_ id: Hero.ID) async throws -> Revalidated<Hero> { try await hero(id, ifNoneMatch: nil) }

    func teams() async throws -> Revalidated<[Team]> { try await teams(ifNoneMatch: nil) }

    func create(_ draft: HeroDraft) async throws -> (hero: Hero, entityTag: String?) {
        try await create(draft, idempotencyKey: nil)
    }

    func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        try await replace(id, with: HeroInputDTO(draft), expectedVersion: expectedVersion)
    }
}

extension Revalidated {
    var isNotModified: Bool {
        if case .notModified = self { true } else { false }
    }
}
