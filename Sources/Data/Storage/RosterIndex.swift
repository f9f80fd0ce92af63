/// The stored heroes in the contract's order, cut into chunks of about a hundred ids, each its
/// own record: a page of the roster reads the index and one or two chunks, and a hero that
/// comes, goes or changes its code name rewrites one chunk and the index, never the whole order.
/// The index also counts changes to heroes, which is how a stored page knows its entity tag has
/// gone stale without every page being rewritten.
struct RosterIndex: Codable, Equatable {
    /// One chunk: its record key, its first entry and how many entries it holds.
    struct Chunk: Codable, Equatable {
        var key: String
        var first: RosterEntry
        var count: Int
    }

    var holdsRoster = false
    /// Bumped by every commit that changes a hero's record.
    var heroesVersion = 0
    var nextChunk = 1
    var chunks: [Chunk] = []

    /// A chunk splits in two past this many entries.
    static let chunkLimit = 200

    enum CodingKeys: String, CodingKey {
        case chunks
        case holdsRoster = "holds_roster"
        case heroesVersion = "heroes_version"
        case nextChunk = "next_chunk"
    }

    /// How many heroes are stored.
    var count: Int { chunks.reduce(0) { $0 + $1.count } }

    /// The chunk `entry` belongs in: the last whose first entry is not after it.
    func chunkIndex(for entry: RosterEntry) -> Int? {
        guard !chunks.isEmpty else { return nil }
        var low = 0
        var high = chunks.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if chunks[middle].first <= entry { low = middle } else { high = middle }
        }
        return low
    }
}

/// A hero's place in the contract's order: its code name without regard to case, then its id.
/// Written as a two-element array, to keep the chunks small.
struct RosterEntry: Codable, Comparable, Hashable {
    var name: String
    var id: String

    init(name: String, id: String) {
        self.name = name
        self.id = id
    }

    /// The entry of a record as the server sent it.
    init(id: String, record: JSONValue) {
        if case .string(let name)? = record[path: "code_name"] {
            self.init(name: name.lowercased(), id: id)
        } else {
            self.init(name: "", id: id)
        }
    }

    static func < (lhs: RosterEntry, rhs: RosterEntry) -> Bool {
        lhs.name != rhs.name ? lhs.name < rhs.name : lhs.id < rhs.id
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        id = try container.decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(name)
        try container.encode(id)
    }
}
