import Domain
import Foundation

/// One hero as a card: the code name, then a line per fact; as the editor's view, field problems.
@MainActor
public final class ConsoleHeroDetailsView: HeroEditorView, HeroCardCollecting {
    private var lines: ConsoleLines
    private var style: ConsoleStyle { lines.style }
    private let pictureBase: URL?
    private let listsProblems: Bool
    var card = HeroCard()

    /// `listsProblems: false` leaves a failed save's problems to the error view, so each is said
    /// once.
    public init(
        output: any TextOutputStream, style: ConsoleStyle = .plain, pictureBase: URL? = nil,
        listsProblems: Bool = true
    ) {
        lines = ConsoleLines(output, style)
        self.pictureBase = pictureBase
        self.listsProblems = listsProblems
    }

    public func endUpdates() {
        write(style.title(card.codeName, isStale: card.isStale))
        field("id", card.id?.rawValue ?? "")
        field("real name", realName, paint: realNamePaint)
        field("powers", card.powers.isEmpty ? "none" : card.powers.joined(separator: ", "))
        field("team", card.team.map { "\($0.name) (\($0.id))" } ?? "none")
        field("picture", card.pictureURL(base: pictureBase) ?? "none")
        field("updated", (card.updatedAt.map(Formats.timestamp) ?? "unknown") + " (version \(card.version))")
        if let motto = card.motto { field("motto", motto) }
        if card.isPending {
            field("sync", "pending: not on the server until the next sync", paint: [.yellow])
        }
        card = HeroCard()
    }

    /// `cannot save:` and one aligned line per field at fault.
    public func showProblems(_ problems: [FieldProblem]) {
        guard listsProblems else { return }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        write(style.paint("cannot save:", .red, .bold) + " \(count)")
        let table = TextTable(headers: ["FIELD", "PROBLEM"], rows: problems.map { [$0.label, $0.message] })
        for line in table.render(style: ConsoleStyle(width: style.width - 2, usesColor: style.usesColor))
            .dropFirst()
        {
            write("  " + line)
        }
    }

    private var realName: String {
        switch card.realName {
        case .revealed(let name): name
        case .classified: "classified (no clearance key, the wrong one, or a damaged seal)"
        case .unrecorded: "not recorded"
        }
    }

    private var realNamePaint: [SGR] {
        switch card.realName {
        case .revealed: [.green]
        case .classified: [.red]
        case .unrecorded: [.dim]
        }
    }

    private static let labelWidth = 11

    private func field(_ label: String, _ value: String, paint: [SGR] = []) {
        let prefix = "  " + label.fitted(toWidth: Self.labelWidth)
        let cut = value.singleLine.truncated(toWidth: max(1, style.width - prefix.displayWidth))
        write(style.paint(prefix, .dim) + style.paint(cut, codes: paint))
    }

    private func write(_ line: String) { lines.write(line) }
}
