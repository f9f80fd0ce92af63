import Domain

/// An aligned table of id and name, or "No teams yet."
@MainActor
public final class ConsoleTeamListView: TeamListView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    public func showTeams(_ teams: [Team], isStale: Bool) {
        lines.write(style.title("Teams", isStale: isStale))
        guard !teams.isEmpty else {
            lines.write("No teams yet.")
            return
        }
        let table = TextTable(headers: ["ID", "NAME"], rows: teams.map { [$0.id.rawValue, $0.name] })
        lines.write(table.render(style: style))
    }
}
