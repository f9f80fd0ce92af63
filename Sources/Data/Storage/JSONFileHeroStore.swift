import Foundation
import Synchronization

/// The `HeroStore` in one JSON file, replaced by rename so readers need no lock; writers take
/// turns by `flock(2)`. Every read parses it all: past a few thousand heroes use SQLite.
public final class JSONFileHeroStore: HeroStore {
    public var location: URL { folder.path(Self.fileName) }
    private let folder: StoreFolder
    private let writerPatience: Duration
    /// Past it a read fails and the file stays as it is.
    private let readLimit: Int
    private let report: @Sendable (StorageError) -> Void
    /// The last state parsed or written, and its bytes: comparing a file costs far less than
    /// parsing the roster again.
    private let parsed = Mutex<(data: Data, state: StoreState)?>(nil)

    static let fileName = "heroes.json"
    static let previousName = "heroes.json.prev"
    /// 4: drafts are `local.N`, and a cache's folder names its base URL's path.
    static let schemaVersion = 4
    /// 100,000 heroes (a sync's limit) is about 35 MB.
    public static let sizeLimit = 64 << 20

    /// Opens (or creates) the store in the folder `url`; unknown files go to `quarantine/`.
    /// - Parameters:
    ///   - writerPatience: how long a write waits for another writer.
    ///   - readLimit: at most `sizeLimit`; a smaller one keeps a quick look, such as a shell's
    ///     Tab, from parsing a large roster.
    public static func open(
        at url: URL, writerPatience: Duration = .seconds(5), readLimit: Int = sizeLimit,
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> JSONFileHeroStore {
        let store = JSONFileHeroStore(
            folder: try StoreFolder(url), patience: writerPatience, readLimit: min(readLimit, sizeLimit),
            report: report)
        try store.setAsideUnknownLayout()
        _ = try store.load()
        return store
    }

    private init(
        folder: StoreFolder, patience: Duration, readLimit: Int,
        report: @escaping @Sendable (StorageError) -> Void
    ) {
        self.folder = folder
        self.writerPatience = patience
        self.readLimit = readLimit
        self.report = report
    }

    /// Takes the writers' lock only to set damage aside.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        try body(Reader(try load()))
    }

    /// Runs `body` under the writers' lock and commits it.
    public func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result)
        async throws -> Result
    {
        try folder.withWriterLock(patience: writerPatience) {
            let writer = Writer(try load(locked: true))
            let result = try body(writer)
            if writer.changed { try commit(writer.state) }
            return result
        }
    }

    // MARK: The file

    private func load(locked: Bool = false) throws -> StoreState {
        if folder.holdsIrregular(Self.fileName) {
            return try recover(from: nil, reason: "not a regular file", locked: locked)
        }
        guard let data = try folder.read(Self.fileName, limit: readLimit) else { return StoreState() }
        if let known = parsed.withLock({ $0?.data == data ? $0?.state : nil }) { return known }
        do {
            let state = try decode(data)
            if !state.setAside.isEmpty {
                try repair(state, found: data, locked: locked)
            } else {
                parsed.withLock { $0 = (data, state) }
            }
            return state
        } catch let error as StorageError {
            throw error
        } catch {
            return try recover(from: data, reason: StorageError.reason(error), locked: locked)
        }
    }

    private func decode(_ data: Data) throws -> StoreState {
        let header = try JSONDecoder().decode(StoreState.Header.self, from: data)
        guard header.schema <= Self.schemaVersion else {
            throw StorageError.unsupportedSchema(location, version: header.schema)
        }
        guard header.schema == Self.schemaVersion else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: StoreState.EarlierPending.reason("an older layout", document: data)))
        }
        return try JSONDecoder().decode(StoreState.self, from: data)
    }

    /// Quarantines an unparsable file and restores `.prev`, under the lock so no newer commit moves.
    private func recover(from damaged: Data?, reason: String, locked: Bool) throws -> StoreState {
        let previous = try? folder.read(Self.previousName, limit: Self.sizeLimit).map(decode)
        let fallback = (previous ?? nil) ?? StoreState()
        guard locked else {
            return (try? folder.withWriterLock(patience: writerPatience) { try load(locked: true) })
                ?? fallback
        }
        // Another process may have recovered it first.
        let current =
            folder.holdsIrregular(Self.fileName) ? nil : try folder.read(Self.fileName, limit: Self.sizeLimit)
        if let current, current != damaged { return try load(locked: true) }
        if let moved = try folder.quarantine(Self.fileName) {
            report(.corrupt(location, movedTo: moved, reason: reason))
        }
        if previous != nil { try folder.keepCopy(of: Self.previousName, as: Self.fileName) }
        try folder.sync()
        return fallback
    }

    /// Quarantines a copy and writes back the good records, so it warns once.
    private func repair(_ state: StoreState, found data: Data, locked: Bool) throws {
        let work = { [self] () throws in
            guard try folder.read(Self.fileName, limit: Self.sizeLimit) == data else { return }
            try folder.keepCopy(of: Self.fileName, as: "quarantine-copy")
            let moved = try folder.quarantine("quarantine-copy")
            try commit(state)
            report(
                .setAside(
                    location,
                    what: state.setAside.joined(separator: "; ")
                        + ", copied to \((moved ?? location).lastPathComponent)"))
        }
        if locked { try work() } else { try? folder.withWriterLock(patience: writerPatience, work) }
    }

    /// Keeps the old commit as the previous.
    private func commit(_ state: StoreState) throws {
        let data = try JSONEncoder().encode(state)
        guard data.count <= Self.sizeLimit else {
            throw StorageError.tooLarge(location, limit: Self.sizeLimit)
        }
        for name in folder.names() where name.contains(".tmp-") {
            try? folder.remove(name)  // left by a writer that was killed
        }
        try folder.keepCopy(of: Self.fileName, as: Self.previousName)
        try folder.replace(Self.fileName, with: data)
        var written = state
        written.setAside = []
        parsed.withLock { $0 = (data, written) }
    }

    /// Moves names this store never wrote to `quarantine/`, with one warning.
    private func setAsideUnknownLayout() throws {
        guard !folder.contains(Self.fileName) else { return }
        let known: Set = [Self.fileName, Self.previousName, "quarantine"]
        let names = folder.names().filter {
            !known.contains($0) && !$0.contains(".tmp-") && !$0.hasPrefix("heroes.sqlite")
        }
        guard !names.isEmpty else { return }
        try folder.withWriterLock(patience: writerPatience) {
            for name in names { _ = try folder.quarantine(name) }
            report(
                .corrupt(
                    folder.url, movedTo: folder.path("quarantine"),
                    reason: "a layout this store does not know"))
        }
    }
}
