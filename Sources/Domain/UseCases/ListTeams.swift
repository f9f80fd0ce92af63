/// Lists the teams heroes can belong to.
public struct ListTeams: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Ordered by name (ignoring case), then by id.
    public func callAsFunction() async throws -> Cached<[Team]> {
        try await heroes.teams().map { teams in
            teams.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        }
    }
}
