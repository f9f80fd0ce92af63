/// The list as JSON (`docs/CLI.md`); `"pending":true` only on an unsynced item, so the
/// documented shape stays exact.
@MainActor
public final class JSONHeroListView: HeroListView {
    private var writer: JSONLineWriter

    public init(output: any TextOutputStream) { writer = JSONLineWriter(output: output) }

    public func showHeroes(_ list: HeroListViewModel) { write(list) }

    /// The message is for people and is left out.
    public func showNoHeroes(_ list: HeroListViewModel, message: String) { write(list) }

    private func write(_ list: HeroListViewModel) {
        let items = list.rows.map { row in
            var item: [String: JSONDocument] = [
                "id": .string(row.id.rawValue), "code_name": .string(row.codeName),
                "powers": .strings(row.powers), "team": .team(row.team),
            ]
            if row.isPending { item["pending"] = .bool(true) }
            return JSONDocument.object(item)
        }
        writer.write(
            .object([
                "items": .array(items), "page": .int(list.query.page), "per_page": .int(list.query.perPage),
                "total": .int(list.total), "stale": .bool(list.isStale),
            ]))
    }
}
