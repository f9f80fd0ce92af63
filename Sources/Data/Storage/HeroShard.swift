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

/// One hero of a shard, read without the others: what the first look into a shard reads. A page
/// of 20 heroes reads 20 shards, and at 10,000 heroes a whole shard is about ten heroes to make
/// trees of; `JSONDecoder` still checks that the whole file is JSON, but makes a tree of the one
/// member only. The hero's id comes in the decoder's `userInfo`, under `idKey`.
struct HeroShardMember: Decodable {
    /// Where the id of the hero to read is in `userInfo`. (`CodingUserInfoKey` is made by a
    /// failable initializer, which fails for no string.)
    static let idKey = CodingUserInfoKey(rawValue: "heroes.shard.member")

    /// The hero, or `nil` when the shard does not hold it.
    let hero: StoredHero?

    init(from decoder: any Decoder) throws {
        guard let idKey = Self.idKey, let id = decoder.userInfo[idKey] as? String else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no hero asked for"))
        }
        let members = try decoder.container(keyedBy: JSONKey.self)
        let key = JSONKey(stringValue: id)
        guard members.contains(key) else {
            hero = nil
            return
        }
        // As `HeroShard(tree:)` reads a member: a record, and a tag that is a string, null or absent.
        // The record is kept in `HeroMapping`'s terms (the repository stores it so), and read in
        // them: each value asked for as its kind, where a tree of any JSON would cost a thrown
        // error per guess.
        let member = try members.nestedContainer(keyedBy: JSONKey.self, forKey: key)
        let record = try member.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: "record"))
        hero = StoredHero(
            record: try HeroMapping.mapping.layout.read(record).tree,
            entityTag: try member.decodeIfPresent(String.self, forKey: JSONKey(stringValue: "entity_tag")))
    }
}
