import Foundation
import Synchronization

/// The `HeroStore` kept in one JSON file, `heroes.json`, written by Foundation's `JSONEncoder`:
///
/// - **A commit replaces the file**: the new state goes to a new temporary file in the same
///   folder, is flushed, and is renamed over the old one; the folder is flushed last. A reader
///   opens whatever name is current and so sees one commit whole, without a lock.
/// - **Writers take turns** by `flock(2)` on the folder; one waits up to its patience for another,
///   then fails with `StorageError.locked`.
/// - **The previous commit is kept** as `heroes.json.prev`. A file that does not parse is moved to
///   `quarantine/` and the previous one read instead (losing at most the last commit); a record
///   that parses but does not decode is set aside alone, the rest kept. Either way, one warning.
/// - **A newer schema is refused** for reads and writes, and the file left untouched.
///
/// It costs what its file costs: every read parses the whole roster. Past a few thousand heroes,
/// `SQLiteHeroStore` reads only the rows it needs.
public final class JSONFileHeroStore: HeroStore {
    /// The store's file.
    public var location: URL { folder.path(Self.fileName) }
    private let folder: StoreFolder
    private let writerPatience: Duration
    private let report: @Sendable (StorageError) -> Void
    /// The last state parsed or written, and the file it is: a command's later reads reuse it
    /// until a commit replaces the file, instead of parsing the whole roster again.
    private let parsed = Mutex<(identity: FileIdentity, state: StoreState)?>(nil)

    static let fileName = "heroes.json"
    static let previousName = "heroes.json.prev"
    /// The version of the file's layout this code writes.
    static let schemaVersion = 3
    /// The largest file the store reads: room for the most heroes a sync accepts (100,000, about
    /// 35 MB) with margin.
    static let sizeLimit = 64 << 20

    /// Opens the store in the folder `url`, creating it; a folder in a layout this store does not
    /// know has those files moved to `quarantine/`, with one warning.
    /// - Parameters:
    ///   - writerPatience: how long a write waits for another writer before `StorageError.locked`.
    ///   - report: told about damage set aside (the store goes on without it).
    /// - Throws: `StorageError.unsupportedSchema` for a file of a newer schema, `.io` when the
    ///   folder cannot be used or is not safe to use.
    public static func open(
        at url: URL, writerPatience: Duration = .seconds(5),
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> JSONFileHeroStore {
        let store = JSONFileHeroStore(folder: try StoreFolder(url), patience: writerPatience, report: report)
        try store.setAsideUnknownLayout()
        _ = try store.load()
        return store
    }

    private init(folder: StoreFolder, patience: Duration, report: @escaping @Sendable (StorageError) -> Void)
    {
        self.folder = folder
        self.writerPatience = patience
        self.report = report
    }

    /// Runs `body` against the last commit, taking no lock.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        try body(Reader(try load()))
    }

    /// Runs `body` holding the writers' lock and commits what it changed, all or nothing.
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

    /// The last commit: parsed, with records that do not decode set aside, or the previous commit
    /// when the file does not parse.
    private func load(locked: Bool = false) throws -> StoreState {
        if folder.contains(Self.fileName), !folder.isRegularFile(Self.fileName) {
            return try recover(from: nil, reason: "not a regular file", locked: locked)
        }
        let identity = folder.identity(Self.fileName)
        if let identity, let known = parsed.withLock({ $0?.identity == identity ? $0?.state : nil }) {
            return known
        }
        guard let data = try folder.read(Self.fileName, limit: Self.sizeLimit) else { return StoreState() }
        do {
            let state = try decode(data)
            if !state.setAside.isEmpty {
                try repair(state, found: data, locked: locked)
            } else if let identity {
                parsed.withLock { $0 = (identity, state) }
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
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "an older layout"))
        }
        return try JSONDecoder().decode(StoreState.self, from: data)
    }

    /// The file does not parse: it is moved aside and the previous commit put back in its place
    /// (or, with none that parses, the store starts empty). Under the writers' lock, so a commit
    /// made meanwhile is never the one moved; where the folder cannot be written, the previous
    /// commit is only read.
    private func recover(from damaged: Data?, reason: String, locked: Bool) throws -> StoreState {
        let previous = try? folder.read(Self.previousName, limit: Self.sizeLimit).map(decode)
        let fallback = (previous ?? nil) ?? StoreState()
        guard locked else {
            return (try? folder.withWriterLock(patience: writerPatience) { try load(locked: true) })
                ?? fallback
        }
        // Another process may have recovered it first.
        let current =
            folder.isRegularFile(Self.fileName) ? try folder.read(Self.fileName, limit: Self.sizeLimit) : nil
        if let current, current != damaged { return try load(locked: true) }
        if let moved = try folder.quarantine(Self.fileName) {
            report(.corrupt(location, movedTo: moved, reason: reason))
        }
        if previous != nil { try folder.keepCopy(of: Self.previousName, as: Self.fileName) }
        try folder.sync()
        return fallback
    }

    /// Some records did not decode: the file as found is copied to `quarantine/` and the rest
    /// written back without them, so the warning is given once.
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

    /// Writes `state` as the new commit, keeping the one it replaces as the previous.
    private func commit(_ state: StoreState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(state)
        guard data.count <= Self.sizeLimit else {
            throw StorageError.io(location, "would grow past \(Self.sizeLimit) bytes")
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
        where name.contains(".tmp-") {
            try? folder.remove(name)  // left by a writer that was killed
        }
        try folder.keepCopy(of: Self.fileName, as: Self.previousName)
        try folder.replace(Self.fileName, with: data)
        var written = state
        written.setAside = []
        if let identity = folder.identity(Self.fileName) { parsed.withLock { $0 = (identity, written) } }
    }

    /// Names of a layout this store never wrote (the record folders of earlier builds), moved to
    /// `quarantine/` with one warning.
    private func setAsideUnknownLayout() throws {
        guard !folder.contains(Self.fileName) else { return }
        let known: Set = [Self.fileName, Self.previousName, "quarantine"]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [])
            .filter { !known.contains($0) && !$0.contains(".tmp-") && !$0.hasPrefix("heroes.sqlite") }
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
