import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `HeroStore` in one SQLite database, `heroes.sqlite`, in WAL mode with `synchronous = FULL`.
/// - Writes use `BEGIN IMMEDIATE`: an upgraded deferred one gets `SQLITE_BUSY_SNAPSHOT`.
/// - A damaged file goes to `quarantine/` and the store starts empty; a bad row to `set_aside`.
public final class SQLiteHeroStore: HeroStore {
    public let location: URL
    private let folder: StoreFolder
    private let writerPatience: Duration
    private let report: @Sendable (StorageError) -> Void
    /// Opened at first use; a command's transactions take turns on it.
    private let slot = ConnectionSlot()

    static let fileName = "heroes.sqlite"

    /// Opens (or creates) the store in the folder `url`.
    /// - Parameter writerPatience: how long a write waits for another writer before `.locked`.
    public static func open(
        at url: URL, writerPatience: Duration = .seconds(5),
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> SQLiteHeroStore {
        let store = SQLiteHeroStore(
            folder: try StoreFolder(url), writerPatience: writerPatience, report: report)
        try store.prepareFile()
        // Check the schema now, so a newer database is refused at open.
        try store.transaction(immediate: false) { _ in }
        return store
    }

    private init(
        folder: StoreFolder, writerPatience: Duration, report: @escaping @Sendable (StorageError) -> Void
    ) {
        self.folder = folder
        self.location = folder.path(Self.fileName)
        self.writerPatience = writerPatience
        self.report = report
    }

    /// Runs `body` on one snapshot, without the write lock.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        let (result, damaged) = try transaction(immediate: false) { connection in
            let reader = SQLiteStoreReader(connection: connection)
            return (try body(reader), reader.damaged)
        }
        if !damaged.isEmpty {
            // Read again as a write, which sets the damage aside and warns.
            if let again = try? await write({ try body($0) }) { return again }
            reportSetAside(damaged)
        }
        return result
    }

    /// Runs `body` in a write transaction and commits it.
    public func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result)
        async throws -> Result
    {
        let (result, damaged) = try transaction(immediate: true) { connection in
            let writer = SQLiteStoreWriter(connection: connection)
            let result = try body(writer)
            let damaged = writer.damaged
            try writer.finish()
            return (result, damaged)
        }
        reportSetAside(damaged)
        return result
    }

    private func reportSetAside(_ damaged: [String]) {
        guard !damaged.isEmpty else { return }
        report(.setAside(location, what: damaged.joined(separator: "; ")))
    }

    // MARK: Transactions

    /// Retried once after moving a damaged database aside, and while a plain read is kept busy
    /// (briefly, by another process's WAL setup).
    private func transaction<Result: Sendable>(
        immediate: Bool, _ body: (SQLiteConnection) throws -> Result
    ) throws -> Result {
        try slot.lock.withLock {
            var quarantined = false
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: writerPatience)
            while true {
                // Kept open through a quarantine: the last connection to close deletes the `-wal`.
                var made: SQLiteConnection?
                do {
                    let current: SQLiteConnection
                    if let open = slot.open {
                        current = open
                    } else {
                        try folder.create(Self.fileName)  // 0600; SQLite would use 0644.
                        current = try SQLiteConnection(path: location.path, busyTimeout: writerPatience)
                        made = current
                        try setUp(current)
                        slot.open = current
                    }
                    return try attempt(current, immediate: immediate, body)
                } catch let error as SQLiteError where error.isDamage && !quarantined {
                    quarantined = true
                    try withExtendedLifetime((slot.open, made)) { try quarantine(because: error.message) }
                    slot.open = nil
                } catch let error as SQLiteError where error.isBusy && !immediate && clock.now < deadline {
                    usleep(10_000)
                } catch let error as SQLiteError {
                    throw error.isBusy
                        ? StorageError.locked(location) : StorageError.io(location, error.description)
                }
            }
        }
    }

    private func attempt<Result>(
        _ connection: SQLiteConnection, immediate: Bool, checkingVersion: Bool = true,
        _ body: (SQLiteConnection) throws -> Result
    ) throws -> Result {
        try connection.execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            if checkingVersion {
                try checkVersion(try connection.integer("PRAGMA user_version") ?? 0, connection)
            }
            let result = try body(connection)
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Retried while another process sets up WAL and tables (the busy timeout does not cover it).
    private func setUp(_ connection: SQLiteConnection) throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: writerPatience)
        while true {
            do {
                var mode = ""
                try connection.run("PRAGMA journal_mode = WAL") { row in mode = row.text(0) ?? "" }
                guard mode == "wal" else {
                    throw StorageError.io(location, "cannot use write-ahead logging (\(mode))")
                }
                try connection.execute("PRAGMA synchronous = FULL")
                // In one read transaction: apart, they could straddle another process's creation of the
                // tables and take the new database for a foreign one.
                let version = try attempt(connection, immediate: false, checkingVersion: false) {
                    try schemaVersion($0)
                }
                if version == 0 {
                    // Under the write lock, so two new stores do not both create the tables.
                    try attempt(connection, immediate: true, checkingVersion: false) { connection in
                        if try schemaVersion(connection) == 0 {
                            try connection.execute(SQLiteSchema.create)
                            try connection.execute("PRAGMA user_version = \(SQLiteSchema.version)")
                        }
                    }
                }
                return
            } catch let error as SQLiteError where error.isBusy && clock.now < deadline {
                try? connection.execute("ROLLBACK")
            }
            usleep(10_000)
        }
    }

    /// The schema version; 0 with tables is not this store's.
    private func schemaVersion(_ connection: SQLiteConnection) throws -> Int {
        let version = try connection.integer("PRAGMA user_version") ?? 0
        if version == 0, try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0 > 0 {
            var verdict: [String] = []
            try connection.run("PRAGMA quick_check") { row in verdict.append(row.text(0) ?? "") }
            let reason = verdict == ["ok"] ? "not a database of this store" : verdict.joined(separator: "; ")
            throw SQLiteError(code: SQLITE_NOTADB, message: reason)
        }
        return version
    }

    /// Refuses a newer version; any other is damage, its pending edits named.
    private func checkVersion(_ version: Int, _ connection: SQLiteConnection) throws {
        guard version <= SQLiteSchema.version else {
            throw StorageError.unsupportedSchema(location, version: version)
        }
        guard version == SQLiteSchema.version else {
            var state: Data?
            try? connection.run("SELECT content FROM state WHERE id = 1") { row in state = row.data(0) }
            throw SQLiteError(
                code: SQLITE_NOTADB,
                message: StoreState.EarlierPending.reason(
                    "schema version \(version), a layout this store does not know", document: state))
        }
    }

    // MARK: Files

    /// A database or companion that is not a regular file (a link SQLite would follow) is
    /// quarantined with the rest.
    private func prepareFile() throws {
        if let irregular = ([""] + Self.companions).first(where: { folder.holdsIrregular(Self.fileName + $0) }
        ) {
            try quarantine(
                because: irregular.isEmpty
                    ? "not a regular file" : "\(Self.fileName + irregular) is not a regular file")
        }
    }

    private func quarantine(because reason: String) throws {
        let moved = try folder.quarantine(Self.fileName, with: Self.companions) ?? location
        report(.corrupt(location, movedTo: moved, reason: reason))
    }

    private static let companions = ["-wal", "-shm", "-journal"]
}

/// The connection and the lock its users take turns by.
// @unchecked Sendable: `open` is only touched under `lock`.
private final class ConnectionSlot: @unchecked Sendable {
    let lock = NSLock()
    var open: SQLiteConnection?
}
