import Domain

/// Shows the teams as `{"items":[{"id","name"}…],"stale"}`.
@MainActor
public final class JSONTeamListView: TeamListView {
    private var writer: JSONLineWriter

    /// A view writing one JSON line to `output`.
    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    /// Writes the teams.
    public func showTeams(_ teams: [Team], isStale: Bool) {
        writer.write(.object(["items": .array(teams.map(JSONDocument.team)), "stale": .bool(isStale)]))
    }
}
