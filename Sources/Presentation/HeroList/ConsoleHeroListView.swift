/// A title, an aligned table cut to the width, and where the page is.
@MainActor
public final class ConsoleHeroListView: HeroListView {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }
    private let numbered: Bool

    /// `numbered` adds row numbers for the console.
    public init(output: any TextOutputStream, style: ConsoleStyle = .plain, numbered: Bool = false) {
        lines = ConsoleLines(output, style)
        self.numbered = numbered
    }

    /// Columns: id, code name, powers, team.
    public func showHeroes(_ list: HeroListViewModel) {
        writeTitle(list)
        let rows = list.rows.enumerated().map { index, row in
            (numbered ? ["\(index + 1)"] : [])
                + [
                    row.id.rawValue, row.codeName + (row.isPending ? " " + ConsoleStyle.pendingText : ""),
                    row.powers.joined(separator: ", "), row.team?.name ?? "—",
                ]
        }
        let table = TextTable(
            headers: (numbered ? ["#"] : []) + ["ID", "CODE NAME", "POWERS", "TEAM"], rows: rows)
        lines.write(table.render(style: style))
        var footer = list.summary
        if list.hasNextPage { footer += " · next: page \(list.query.page + 1)" }
        write(style.paint(footer, .dim))
    }

    /// The message instead of an empty table.
    public func showNoHeroes(_ list: HeroListViewModel, message: String) {
        writeTitle(list)
        write(message.singleLine)  // it may quote the user's search text
    }

    private func writeTitle(_ list: HeroListViewModel) {
        write(style.title(list.title, isStale: list.isStale))
    }

    private func write(_ line: String) { lines.write(line) }
}
