import Domain

/// Lists the teams.
@MainActor
public final class TeamListPresenter {
    private let listTeams: ListTeams

    /// A presenter over the teams use case.
    public init(listTeams: ListTeams) { self.listTeams = listTeams }

    /// Reads and shows the teams; errors are rethrown.
    public func activate(with view: any TeamListView) async throws {
        let teams = try await listTeams()
        view.showTeams(teams.value, isStale: teams.isStale)
    }
}
