import Domain
import Foundation

/// Shows one hero as `{"id","code_name","real_name","powers","team","picture_url","updated_at",
/// "version","stale"}`, plus `"pending":true` for an offline edit not yet synced; `real_name` is
/// `null` when classified or unrecorded, `updated_at` is RFC 3339 UTC, and `version` is the one
/// an `If-Match` names, so a script can update what it read.
/// As the editor's view it writes nothing for field problems: the error view's JSON carries them.
@MainActor
public final class JSONHeroDetailsView: HeroEditorView, HeroCardCollecting {
    private var writer: JSONLineWriter
    private let pictureBase: URL?
    var card = HeroCard()

    /// A view writing one JSON line per hero to `output`; picture paths resolve against
    /// `pictureBase` if given.
    public init(output: any TextOutputStream, pictureBase: URL? = nil) {
        writer = JSONLineWriter(output: output)
        self.pictureBase = pictureBase
    }

    /// Writes the hero and starts the next one afresh.
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
        // Only an offline edit not yet synced says so: the documented shape stays exact for scripts.
        if card.isPending { hero["pending"] = .bool(true) }
        writer.write(.object(hero))
        card = HeroCard()
    }

    /// Writes nothing: the error that follows carries the fields.
    public func showProblems(_ problems: [FieldProblem]) {}
}
