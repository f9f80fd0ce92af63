import Domain
import Foundation

/// One hero as JSON (`docs/CLI.md`): `real_name` null when not revealed. Field problems are
/// the error view's.
@MainActor
public final class JSONHeroDetailsView: HeroEditorView, HeroCardCollecting {
    private var writer: JSONLineWriter
    private let pictureBase: URL?
    var card = HeroCard()

    /// Picture paths resolve against `pictureBase`.
    public init(output: any TextOutputStream, pictureBase: URL? = nil) {
        writer = JSONLineWriter(output: output)
        self.pictureBase = pictureBase
    }

    public func endUpdates() {
        let realName: String? =
            switch card.realName {
            case .revealed(let name): name
            case .classified, .unrecorded: nil
            }
        var hero: [String: JSONDocument] = [
            "id": .string(card.id?.rawValue), "code_name": .string(card.codeName),
            "real_name": .string(realName), "powers": .strings(card.powers), "team": .team(card.team),
            "picture_url": .string(card.pictureURL(base: pictureBase)),
            "updated_at": .string(card.updatedAt.map(Formats.timestamp)), "version": .int(card.version),
            "stale": .bool(card.isStale),
        ]
        // Only an unsynced offline edit says so: the documented shape stays exact for scripts.
        if card.isPending { hero["pending"] = .bool(true) }
        if let motto = card.motto { hero["motto"] = .string(motto) }
        writer.write(.object(hero))
        card = HeroCard()
    }

    /// Nothing: the error that follows carries the fields.
    public func showProblems(_ problems: [FieldProblem]) {}
}
