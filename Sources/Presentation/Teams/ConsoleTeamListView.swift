import Domain

/// Shows the teams as an aligned table of id and name, or a message when there are none.
@MainActor
public final class ConsoleTeamListView: TeamListView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }

    /// A view writing to `output` in `style`.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        lines = ConsoleLines(output, style)
    }

    /// Writes the title, then the table or "No teams yet."
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
