import Domain

/// `{"items":[{"id","name"}…],"stale"}`.
@MainActor
public final class JSONTeamListView: TeamListView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showTeams(_ teams: [Team], isStale: Bool) {
        writer.write(.object(["items": .array(teams.map(JSONDocument.team)), "stale": .bool(isStale)]))
    }
}
