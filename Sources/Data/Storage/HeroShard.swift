/// The heroes whose ids hash to one shard, each record as the server sent it with its entity
/// tag: `{"0007": {"entity_tag": "\"0007-2\"", "record": {…}}, …}`. Read as a tree
/// (`JSONTreeRecord`); encoded as that same tree.
struct HeroShard: Codable, Equatable, JSONTreeRecord {
    var heroes: [String: StoredHero] = [:]

    init() {}

    init?(tree: JSONValue) {
        guard case .object(let members) = tree else { return nil }
        for (id, member) in members {
            guard let record = member[path: "record"] else { return nil }
            let entityTag: String?
            switch member[path: "entity_tag"] {
            case .string(let tag)?: entityTag = tag
            case .null?, nil: entityTag = nil
            default: return nil
            }
            heroes[id] = StoredHero(record: record, entityTag: entityTag)
        }
    }

    var tree: JSONValue {
        .object(
            heroes.mapValues { hero in
                .object(["record": hero.record, "entity_tag": hero.entityTag.map(JSONValue.string) ?? .null])
            })
    }

    init(from decoder: any Decoder) throws {
        guard let shard = HeroShard(tree: try JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a shard"))
        }
        self = shard
    }

    /// Written member by member, not as `tree`: no second tree of the shard is made to be written.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for (id, hero) in heroes {
            var member = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: id))
            try member.encode(hero.record, forKey: JSONKey(stringValue: "record"))
            if let tag = hero.entityTag {
                try member.encode(tag, forKey: JSONKey(stringValue: "entity_tag"))
            } else {
                try member.encodeNil(forKey: JSONKey(stringValue: "entity_tag"))
            }
        }
    }
}
