import Foundation

/// The cache as earlier versions kept it: the whole roster in one JSON file (`heroes.json`),
/// read here once, to move it into a `JSONFileHeroStore` with nothing lost, pending changes
/// included. The file is then renamed `<name>.migrated`, so a failed move can be retried and
/// a successful one is never repeated.
struct LegacyHeroCache: Decodable {
    struct Envelope: Decodable {
        let schemaVersion: Int
        let value: LegacyHeroCache?

        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case value
        }
    }

    struct Hero: Decodable {
        let hero: JSONValue
        let entityTag: String?

        enum CodingKeys: String, CodingKey {
            case hero
            case entityTag = "entity_tag"
        }
    }

    let heroes: [String: Hero]
    let pages: [String: StoredPage]
    let teams: StoredTeams?
    let pending: [PendingChange]
    let holdsRoster: Bool

    enum CodingKeys: String, CodingKey {
        case heroes, pages, teams, pending
        case holdsRoster = "holds_roster"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        heroes = try container.decode([String: Hero].self, forKey: .heroes)
        pages = try container.decode([String: StoredPage].self, forKey: .pages)
        teams = try container.decodeIfPresent(StoredTeams.self, forKey: .teams)
        pending = try container.decodeIfPresent([PendingChange].self, forKey: .pending) ?? []
        holdsRoster = try container.decodeIfPresent(Bool.self, forKey: .holdsRoster) ?? false
    }

    /// The one-file layout's last schema.
    static let schemaVersion = 1

    /// Moves the cache at `file`, if there is one, into `store`, in one commit. A damaged file is
    /// moved aside and reported (the store starts empty); one of a newer schema is refused.
    static func migrate(
        _ file: URL, into store: JSONFileHeroStore, report: @Sendable (StorageError) -> Void
    ) throws {
        let data: Data
        do {
            guard let bytes = try StoreFiles.read(file.path, limit: 1 << 30) else { return }
            data = bytes
        } catch .system(let reason) {
            throw StorageError.io(file, "cannot be read: \(reason)")
        } catch {
            report(.corrupt(file, movedTo: try moveAside(file, as: "corrupt"), reason: "\(error)"))
            return
        }
        let cache: LegacyHeroCache
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            guard envelope.schemaVersion <= schemaVersion else {
                throw StorageError.unsupportedSchema(file, version: envelope.schemaVersion)
            }
            guard let value = envelope.value else {
                throw DecodingError.valueNotFound(
                    LegacyHeroCache.self, .init(codingPath: [], debugDescription: "no value"))
            }
            cache = value
        } catch let error as StorageError {
            throw error
        } catch {
            report(
                .corrupt(
                    file, movedTo: try moveAside(file, as: "corrupt"), reason: StorageError.reason(error)))
            return
        }
        try store.commit { writer in
            // Another process may have migrated it while this one waited for the lock.
            guard try writer.heroCount() == 0, try writer.pending().changes.isEmpty else { return }
            for (id, stored) in cache.heroes {
                try writer.setHero(id, to: StoredHero(record: stored.hero, entityTag: stored.entityTag))
            }
            for (key, page) in cache.pages { try writer.setPage(key, to: page) }
            if let teams = cache.teams { try writer.setTeams(teams) }
            var queue = PendingQueue()
            queue.changes = cache.pending.map { change in
                var change = change
                if change.kind == .create, change.idempotencyKey == nil {
                    change.idempotencyKey = UUID().uuidString.lowercased()
                }
                return change
            }
            try writer.setPending(queue)
            try writer.setHoldsRoster(cache.holdsRoster)
        }
        _ = try? moveAside(file, as: "migrated")
    }

    private static func moveAside(_ file: URL, as suffix: String) throws -> URL {
        let aside = file.appendingPathExtension(suffix)
        do {
            try StoreFiles.rename(file.path, to: aside.path)
        } catch {
            throw StorageError.io(file, "cannot be moved aside: \(error)")
        }
        return aside
    }
}
