/// Heroes, pictures and teams, each JSON form cached until the next change. Kept behind
/// the application's lock.
struct HeroTable {
    private struct Entry {
        var record: HeroRecord
        var encoded: EncodedPage
        var sortKey: String
        var searchable: [String]

        init(_ record: HeroRecord) {
            self.record = record
            encoded = EncodedPage(body: record.json, entityTag: record.entityTag)
            sortKey = record.codeName.lowercased()
            searchable = [sortKey] + record.powers.map { $0.lowercased() }
        }
    }

    /// What creates and uploads may fill, so no client grows the server without end.
    struct Limits: Sendable {
        var maximumHeroes = 5_000
        var maximumPictureBytes = 128 << 20
    }

    /// They never change.
    let teams: [TeamRecord]
    let limits: Limits
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private(set) var pictures: [String: [UInt8]] = [:]
    /// The sum of the pictures' sizes, against `limits`.
    private(set) var pictureBytes = 0
    /// Each picture's file name in a state file's folder: `<id>-<version>.png`, unique per upload.
    private(set) var pictureNames: [String: String] = [:]
    /// Pictures not yet written to a state file's folder (fixtures, an older state file, an upload).
    private(set) var unsavedPictures: Set<String> = []
    private var pages: [PageQuery: EncodedPage] = [:]
    /// The pages by query text, so a repeat skips parsing. Emptied with `pages`.
    private var pagesByQueryText: [String: EncodedPage] = [:]
    private var generation = 0
    private let epoch: String

    /// `epoch` keeps page tags unique across runs.
    init(
        teams: [TeamRecord], heroes: [HeroRecord], pictures: [String: [UInt8]], epoch: String,
        limits: Limits = Limits()
    ) {
        self.teams = teams
        self.epoch = epoch
        self.limits = limits
        replaceAll(heroes: heroes, pictures: pictures)
    }

    /// In page order.
    var heroes: [HeroRecord] { order.compactMap { entries[$0]?.record } }

    func hero(_ id: String) -> HeroRecord? { entries[id]?.record }

    /// Tag and cached JSON in one look-up.
    func heroJSON(_ id: String) -> EncodedPage? {
        entries[id]?.encoded
    }

    /// Case-insensitively.
    func isTaken(_ codeName: String, except id: String?) -> Bool {
        let key = codeName.lowercased()
        return entries.values.contains { $0.sortKey == key && $0.record.id != id }
    }

    /// The page cached for a query text; the text alone decides it, as the teams never change.
    func cachedPage(queryText: String) -> EncodedPage? { pagesByQueryText[queryText] }

    /// As `page(_:)`, remembered under `queryText` for `cachedPage(queryText:)`.
    mutating func page(_ query: PageQuery, queryText: String) -> EncodedPage {
        let page = page(query)
        if pagesByQueryText.count >= 512 { pagesByQueryText.removeAll() }
        pagesByQueryText[queryText] = page
        return page
    }

    /// Filtered, sliced, encoded once per change.
    mutating func page(_ query: PageQuery) -> EncodedPage {
        if let cached = pages[query] { return cached }
        // Unfiltered, a page is a slice of the order, not a pass over the roster.
        let isFiltered = query.team != nil || !query.search.isEmpty
        let matching =
            isFiltered
            ? order.filter { id in
                guard let entry = entries[id] else { return false }
                if let team = query.team, entry.record.team?.id != team { return false }
                return query.search.isEmpty || entry.searchable.contains { $0.contains(query.search) }
            } : order
        let start = min(matching.count, (query.page - 1) * query.perPage)
        let slice = matching[start..<min(matching.count, start + query.perPage)]
        let body = PageBody(
            items: slice.compactMap { entries[$0]?.record }, page: query.page, perPage: query.perPage,
            total: matching.count)
        let tag = "\"page-\(epoch)-\(generation)-\(query.hashValue & 0xFFFF_FFFF)\""
        let page = EncodedPage(body: WireJSON.encode(body), entityTag: tag)
        if pages.count >= 512 { pages.removeAll() }
        pages[query] = page
        return page
    }

    /// What a change to an existing hero came to.
    enum Change {
        case changed(HeroRecord)
        case missing
        /// Its version is `Int.max`.
        case versionExhausted
        /// The pictures would pass `limits.maximumPictureBytes`.
        case full
    }

    /// With the next free id (the first free from 1 once the highest is `Int.max`); nil when
    /// the store holds `limits.maximumHeroes`.
    mutating func insert(_ draft: HeroSubmission, now: String) -> HeroRecord? {
        guard entries.count < limits.maximumHeroes else { return nil }
        let highest = entries.keys.lazy.compactMap { Int($0) }.max() ?? 0
        let (next, overflow) = highest.addingReportingOverflow(1)
        var number = overflow ? 1 : max(next, entries.count + 1)
        var id = Self.format(number)
        while entries[id] != nil {
            number = number == Int.max ? 1 : number + 1
            id = Self.format(number)
        }
        let record = HeroRecord(
            id: id, codeName: draft.codeName, encryptedRealName: draft.encryptedRealName,
            powers: draft.powers,
            team: draft.team, hasPicture: false, updatedAt: now, version: 1, motto: nil)
        store(record)
        return record
    }

    /// Keeps id and picture; bumps the version.
    mutating func replace(_ id: String, with draft: HeroSubmission, now: String) -> Change {
        guard var record = entries[id]?.record else { return .missing }
        guard let version = Self.increment(record.version) else { return .versionExhausted }
        record.codeName = draft.codeName
        record.encryptedRealName = draft.encryptedRealName
        record.powers = draft.powers
        record.team = draft.team
        record.updatedAt = now
        record.version = version
        store(record)
        return .changed(record)
    }

    /// Bumps the version.
    mutating func setPicture(_ id: String, _ bytes: [UInt8], now: String) -> Change {
        guard var record = entries[id]?.record else { return .missing }
        guard let version = Self.increment(record.version) else { return .versionExhausted }
        let total = pictureBytes - (pictures[id]?.count ?? 0) + bytes.count
        guard total <= limits.maximumPictureBytes else { return .full }
        record.hasPicture = true
        record.updatedAt = now
        record.version = version
        pictures[id] = bytes
        pictureBytes = total
        pictureNames[id] = "\(id)-\(version).png"
        unsavedPictures.insert(id)
        store(record)
        return .changed(record)
    }

    /// After the state file's folder got every unsaved picture.
    mutating func picturesSaved() { unsavedPictures.removeAll() }

    /// The next version, or nil at `Int.max`.
    static func increment(_ version: Int) -> Int? {
        let (next, overflow) = version.addingReportingOverflow(1)
        return overflow ? nil : next
    }

    mutating func delete(_ id: String) -> Bool {
        guard entries.removeValue(forKey: id) != nil else { return false }
        pictureBytes -= pictures.removeValue(forKey: id)?.count ?? 0
        pictureNames[id] = nil
        unsavedPictures.remove(id)
        order.removeAll { $0 == id }
        changed()
        return true
    }

    /// Start-up and reset. `names`: the pictures already in a state file's folder; the others
    /// are to be written there.
    mutating func replaceAll(
        heroes: [HeroRecord], pictures: [String: [UInt8]], names: [String: String] = [:]
    ) {
        entries = Dictionary(heroes.map { ($0.id, Entry($0)) }, uniquingKeysWith: { first, _ in first })
        self.pictures = pictures
        pictureBytes = pictures.values.reduce(0) { $0 + $1.count }
        pictureNames = [:]
        unsavedPictures = []
        for id in pictures.keys {
            if let name = names[id] {
                pictureNames[id] = name
            } else {
                pictureNames[id] = "\(id)-\(entries[id]?.record.version ?? 0).png"
                unsavedPictures.insert(id)
            }
        }
        order = entries.keys.sorted(by: precedes)
        changed()
    }

    private mutating func store(_ record: HeroRecord) {
        let isNew = entries[record.id] == nil
        entries[record.id] = Entry(record)
        if !isNew { order.removeAll { $0 == record.id } }
        let index = order.partitioningIndex { precedes(record.id, $0) }
        order.insert(record.id, at: index)
        changed()
    }

    private mutating func changed() {
        generation += 1
        pages.removeAll()
        pagesByQueryText.removeAll()
    }

    /// docs/API.md's order: code name case-insensitively, then id.
    private func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = entries[lhs]?.sortKey ?? ""
        let right = entries[rhs]?.sortKey ?? ""
        return left != right ? left < right : lhs < rhs
    }

    private static func format(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension Array {
    /// The first index satisfying `belongsAfter`, in an array partitioned by it.
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
