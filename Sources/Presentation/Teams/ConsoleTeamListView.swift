import Domain

/// Shows the teams as an aligned table of id and name, or a message when there are none.
@MainActor
public final class ConsoleTeamListView: TeamListView {
    private var output: any TextOutputStream
    private let style: ConsoleStyle

    /// A view writing to `output` in `style`.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain) {
        self.output = output
        self.style = style
    }

    /// Writes the title, then the table or "No teams yet."
    public func showTeams(_ teams: [Team], isStale: Bool) {
        output.write(style.title("Teams", isStale: isStale) + "\n")
        guard !teams.isEmpty else {
            output.write("No teams yet.\n")
            return
        }
        let table = TextTable(headers: ["ID", "NAME"], rows: teams.map { [$0.id.rawValue, $0.name] })
        for line in table.render(style: style) { output.write(line + "\n") }
    }
}
