import Domain

/// Lists the teams.
@MainActor
public final class TeamListPresenter {
    private let listTeams: ListTeams

    public init(listTeams: ListTeams) { self.listTeams = listTeams }

    /// Errors are rethrown.
    public func activate(with view: any TeamListView) async throws {
        let teams = try await listTeams()
        view.showTeams(teams.value, isStale: teams.isStale)
    }
}
