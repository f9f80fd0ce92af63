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
/// - Writes use `BEGIN IMMEDIATE`: an upgraded deferred one gets `SQLITE_BUSY_SNAPSHOT`, never retried.
/// - A damaged file goes to `quarantine/` and the store starts empty; a bad row to `set_aside`.
public final class SQLiteHeroStore: HeroStore {
    /// The database file.
    public let location: URL
    private let folder: StoreFolder
    private let writerPatience: Duration
    private let report: @Sendable (StorageError) -> Void
    private let pool = SQLiteConnectionPool()

    /// The database's name.
    static let fileName = "heroes.sqlite"

    /// Opens (or creates) the store in the folder `url`.
    /// - Parameter writerPatience: how long a write waits for another writer before `.locked`.
    /// - Parameter report: told about a damaged database that was moved aside.
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

    /// Runs `body` on one snapshot, without a lock.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        let (result, damaged) = try transaction(immediate: false) { connection in
            let reader = SQLiteStoreReader(connection: connection)
            return (try body(reader), reader.damaged)
        }
        if !damaged.isEmpty {
            // Set aside once; a store that cannot be written keeps them.
            _ = try? transaction(immediate: true) { connection in
                try SQLiteStoreWriter(connection: connection).setAside(damaged)
            }
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

    private func reportSetAside(_ damaged: [SQLiteDamage]) {
        guard !damaged.isEmpty else { return }
        report(.setAside(location, what: damaged.map(\.line).joined(separator: "; ")))
    }

    // MARK: Transactions

    /// Runs `body` in a transaction, again after a quarantine or a busy read.
    private func transaction<Result>(immediate: Bool, _ body: (SQLiteConnection) throws -> Result) throws
        -> Result
    {
        var quarantined = false
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: writerPatience)
        while true {
            let epoch = pool.epoch
            do {
                return try attempt(immediate: immediate, body)
            } catch let damage as DamageFound {
                guard !quarantined else { throw StorageError.io(location, damage.reason) }
                quarantined = true
                try quarantine(because: damage.reason, epoch: epoch, closing: damage.connection)
            } catch let error as SQLiteError where error.isBusy && !immediate && clock.now < deadline {
                // Brief (WAL setup), and the busy timeout does not retry it.
                usleep(10_000)
            } catch let error as SQLiteError {
                throw storageError(error)
            }
        }
    }

    /// Damage and its connection, closed after the move or it would delete the `-wal`.
    // @unchecked Sendable: thrown and caught on one thread, never kept.
    private struct DamageFound: Error, @unchecked Sendable {
        let reason: String
        let connection: SQLiteConnection?
    }

    private func attempt<Result>(immediate: Bool, _ body: (SQLiteConnection) throws -> Result) throws
        -> Result
    {
        let lease: SQLiteConnectionPool.Lease
        if let idle = pool.take() {
            lease = idle
        } else {
            let epoch = pool.epoch
            lease = SQLiteConnectionPool.Lease(connection: try connect(), epoch: epoch)
        }
        let connection = lease.connection
        do {
            try connection.execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        } catch let error as SQLiteError where error.isDamage {
            throw DamageFound(reason: error.message, connection: connection)
        } catch let error as SQLiteError where error.isBusy {
            pool.give(lease)
            throw StorageError.locked(location)
        } catch {
            pool.give(lease)
            throw error
        }
        do {
            try checkVersion(try connection.integer("PRAGMA user_version") ?? 0)
            let result = try body(connection)
            try connection.execute("COMMIT")
            pool.give(lease)
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            if let damage = error as? SQLiteError, damage.isDamage {
                throw DamageFound(reason: damage.message, connection: connection)
            }
            pool.give(lease)
            throw error
        }
    }

    /// A new, set-up connection.
    private func connect() throws -> SQLiteConnection {
        try createFile()
        let connection = try SQLiteConnection(path: location.path, busyTimeout: writerPatience)
        do {
            try setUp(connection)
        } catch let error as SQLiteError where error.isDamage {
            throw DamageFound(reason: error.message, connection: connection)
        }
        return connection
    }

    /// WAL mode and schema, retried when busy (the busy timeout does not here).
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
                try migrate(connection)
                return
            } catch let error as SQLiteError where error.isBusy && clock.now < deadline {
                try? connection.execute("ROLLBACK")
            } catch StorageError.locked where clock.now < deadline {
                try? connection.execute("ROLLBACK")
            }
            usleep(10_000)
        }
    }

    /// Creates the tables under the write lock, once.
    private func migrate(_ connection: SQLiteConnection) throws {
        guard try schemaVersion(connection, inTransaction: false) == 0 else { return }
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch let error as SQLiteError where error.isBusy {
            throw StorageError.locked(location)
        }
        do {
            if try schemaVersion(connection, inTransaction: true) == 0 {
                try connection.execute(SQLiteSchema.create)
                try connection.execute("PRAGMA user_version = \(SQLiteSchema.version)")
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The schema version; 0 with tables is not this store's.
    private func schemaVersion(_ connection: SQLiteConnection, inTransaction: Bool) throws -> Int {
        if !inTransaction { try connection.execute("BEGIN") }
        defer { if !inTransaction { try? connection.execute("COMMIT") } }
        let version = try connection.integer("PRAGMA user_version") ?? 0
        if version != 0 { try checkVersion(version) }
        if version == 0, try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0 > 0 {
            var verdict: [String] = []
            try connection.run("PRAGMA quick_check") { row in verdict.append(row.text(0) ?? "") }
            let reason = verdict == ["ok"] ? "not a database of this store" : verdict.joined(separator: "; ")
            throw SQLiteError(code: SQLITE_NOTADB, message: reason)
        }
        return version
    }

    /// Refuses a newer version; any other is damage.
    private func checkVersion(_ version: Int) throws {
        guard version <= SQLiteSchema.version else {
            throw StorageError.unsupportedSchema(location, version: version)
        }
        guard version == SQLiteSchema.version else {
            throw SQLiteError(
                code: SQLITE_NOTADB, message: "schema version \(version), a layout this store does not know")
        }
    }

    private func storageError(_ error: SQLiteError) -> StorageError {
        error.isBusy ? .locked(location) : .io(location, error.description)
    }

    // MARK: Files

    /// A database that is not a regular file is moved aside.
    private func prepareFile() throws {
        if folder.contains(Self.fileName), !folder.isRegularFile(Self.fileName) {
            try quarantine(because: "not a regular file", epoch: pool.epoch, closing: nil)
        }
    }

    /// Creates the file 0600 (SQLite would use 0644).
    private func createFile() throws {
        try folder.create(Self.fileName)
    }

    /// Quarantines the files once per `epoch`; connections close after, as the last deletes the `-wal`.
    private func quarantine(because reason: String, epoch: Int, closing finder: SQLiteConnection?) throws {
        guard let idle = pool.retire(ifAt: epoch) else { return }
        let moved = try withExtendedLifetime((idle, finder)) { try moveAside() }
        report(.corrupt(location, movedTo: moved, reason: reason))
    }

    private func moveAside() throws -> URL {
        let moved = try folder.quarantine(Self.fileName) ?? location
        for suffix in ["-wal", "-shm"] {
            try? folder.rename(Self.fileName + suffix, to: "quarantine/" + moved.lastPathComponent + suffix)
        }
        return moved
    }
}
