import Data
import Foundation
import Locking

/// A `HeroStore` in memory, for a repository's unit tests: one commit at a time, all or nothing,
/// with the file stores' rules (a changed hero forgets every page's tag and the roster's).
public final class InMemoryHeroStore: HeroStore {
    private let state = Locked(Contents())

    public init() {}

    public var location: URL { URL(fileURLWithPath: "/dev/null/in-memory-heroes") }

    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result) async throws
        -> Result
    {
        try body(Contents.Access(state.withLock { $0 }))
    }

    public func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result)
        async throws -> Result
    {
        try state.withLock { contents in
            let access = Contents.Access(contents)
            let result = try body(access)
            contents = access.contents
            return result
        }
    }

    /// What the store holds.
    struct Contents: Sendable {
        var heroes: [String: StoredHero] = [:]
        var pages: [String: StoredPage] = [:]
        var teams: StoredTeams?
        var pending = PendingQueue()
        var holdsRoster = false
        var rosterTag: String?

        /// A read or a write of one copy, kept only when the write returns.
        final class Access: HeroStoreWriting {
            var contents: Contents

            init(_ contents: Contents) { self.contents = contents }

            func hero(_ id: String) throws -> StoredHero? { contents.heroes[id] }
            func page(_ key: String) throws -> StoredPage? { contents.pages[key] }
            func teams() throws -> StoredTeams? { contents.teams }
            func pending() throws -> PendingQueue { contents.pending }
            func holdsRoster() throws -> Bool { contents.holdsRoster }
            func rosterTag() throws -> String? { contents.rosterTag }
            func heroCount() throws -> Int { contents.heroes.count }

            func heroIDs(in range: Range<Int>) throws -> [String] {
                let order = contents.heroes.values.sorted {
                    ($0.hero.codeName.lowercased(), $0.hero.id.rawValue)
                        < ($1.hero.codeName.lowercased(), $1.hero.id.rawValue)
                }
                .map(\.hero.id.rawValue)
                return Array(
                    order[min(max(0, range.lowerBound), order.count)..<min(range.upperBound, order.count)])
            }

            func setHero(_ id: String, to hero: StoredHero?) throws {
                if contents.heroes[id]?.hero != hero?.hero {
                    for key in contents.pages.keys { contents.pages[key]?.entityTag = nil }
                    contents.rosterTag = nil
                }
                contents.heroes[id] = hero
            }

            func setPage(_ key: String, to page: StoredPage) throws { contents.pages[key] = page }
            func setTeams(_ teams: StoredTeams) throws { contents.teams = teams }
            func setPending(_ queue: PendingQueue) throws { contents.pending = queue }
            func setHoldsRoster(_ holds: Bool) throws { contents.holdsRoster = holds }
            func setRosterTag(_ tag: String?) throws { contents.rosterTag = tag }
        }
    }
}
