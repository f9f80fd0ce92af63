import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `HeroStore` kept in one SQLite database, `heroes.sqlite` in the store's folder, over the
/// system's SQLite (`SQLiteSchema` has the tables):
///
/// - **WAL mode**: readers read a snapshot and never wait for the writer, nor it for them.
/// - **A commit is a transaction** opened with `BEGIN IMMEDIATE`, which takes the write lock
///   before the first read: a deferred one that turns into a write after another commit gets
///   `SQLITE_BUSY_SNAPSHOT`, which no busy timeout retries. A second writer waits for the lock up
///   to the store's patience (`busy_timeout`), then fails with `StorageError.locked`.
/// - **Durable**: `synchronous = FULL`, so a commit is on disk before `write` returns, as the
///   JSON store's is.
/// - **Versioned**: `PRAGMA user_version`; a newer database is refused with
///   `StorageError.unsupportedSchema` naming the file, for reads and writes alike; an older one
///   is a layout this store does not know, set aside as damage is.
/// - **Damage is quarantined**: a file SQLite calls damaged or not a database (`SQLITE_CORRUPT`,
///   `SQLITE_NOTADB`), at open or when a page is read, is moved into `quarantine/` with its
///   `-wal` and `-shm`, reported once, and the store starts again empty. A zero-length file is
///   an empty database. No `integrity_check` at open: it reads every page. A row that does not
///   decode is moved alone into the `set_aside` table, and the rest kept.
/// - Files are created 0600 (SQLite gives `-wal` and `-shm` the database's mode), the folder 0700.
public final class SQLiteHeroStore: HeroStore {
    /// The database file.
    public let location: URL
    private let folder: StoreFolder
    private let writerPatience: Duration
    private let report: @Sendable (StorageError) -> Void
    private let pool = SQLiteConnectionPool()

    /// The database's name inside the store's folder.
    static let fileName = "heroes.sqlite"

    /// Opens the store in the folder `url` (creating it and its database), migrating a database
    /// of an earlier schema.
    /// - Parameter writerPatience: how long a write waits for another writer's commit before it
    ///   fails with `StorageError.locked`.
    /// - Parameter report: told about a damaged database that was moved aside (the store goes on
    ///   empty).
    /// - Throws: `StorageError.unsupportedSchema` for a database of a newer schema, `.io` when the
    ///   folder or the file cannot be used, `.locked` when another writer holds the database for
    ///   longer than `writerPatience` while this one must migrate it.
    public static func open(
        at url: URL, writerPatience: Duration = .seconds(5),
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> SQLiteHeroStore {
        let store = SQLiteHeroStore(
            folder: try StoreFolder(url), writerPatience: writerPatience, report: report)
        try store.prepareFile()
        // A first connection checks (and migrates) the schema now, so that a newer database is
        // refused at open, as the JSON store refuses one.
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

    /// Runs `body` in a read transaction: one snapshot, taken without a lock.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        let (result, damaged) = try transaction(immediate: false) { connection in
            let reader = SQLiteStoreReader(connection: connection)
            return (try body(reader), reader.damaged)
        }
        if !damaged.isEmpty {
            // Set aside in a write of its own, once; a store that cannot be written keeps them.
            _ = try? transaction(immediate: true) { connection in
                try SQLiteStoreWriter(connection: connection).setAside(damaged)
            }
            reportSetAside(damaged)
        }
        return result
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction and commits what it changed.
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

    /// Runs `body` in one transaction on a pooled connection. A database found damaged on the
    /// way is quarantined once and `body` runs again on the new, empty one; a read found busy
    /// runs again until the writer's patience is spent.
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
                // A read is busy only for a moment (another process turning a new file to WAL, or
                // recovering its log), and the busy timeout does not retry that: read again.
                usleep(10_000)
            } catch let error as SQLiteError {
                throw storageError(error)
            }
        }
    }

    /// Damage SQLite found, with the connection that found it: it is closed only once the files
    /// are moved, or closing it would remove the `-wal` that is to go with them.
    // @unchecked Sendable: thrown and caught on one thread, in `transaction`, and never kept.
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

    /// A new connection, set up for the store, on a database of this schema.
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

    /// Puts a new connection in WAL mode and brings its database to this schema. Two processes
    /// opening a new file at once can get `SQLITE_BUSY` here that no busy timeout retries (turning
    /// the file to WAL wants it alone), so a busy setup is tried again until the writer's
    /// patience is spent.
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

    /// Makes an empty database this store's, in one transaction that holds the write lock, so two
    /// processes opening a new file at once make its tables once.
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

    /// The database's schema version, refused when newer than this code's. A version 0 with
    /// tables in it looks wrong: a `quick_check` says whether it is damaged, and either way it
    /// is not this store's.
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

    /// A newer version is refused untouched; any other than this code's (an older one, a negative
    /// one) is a layout this store does not know, set aside as damage.
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

    /// A database that is not a regular file (a FIFO, a folder, a link) is moved aside.
    private func prepareFile() throws {
        if folder.contains(Self.fileName), !folder.isRegularFile(Self.fileName) {
            try quarantine(because: "not a regular file", epoch: pool.epoch, closing: nil)
        }
    }

    /// The database file, 0600, unless it exists: made before each new connection opens it
    /// (SQLite would create it 0644 less the umask), and so after a quarantine only once every
    /// connection to the file that was moved is closed.
    private func createFile() throws {
        try folder.create(Self.fileName)
    }

    /// Moves the database, its `-wal` and its `-shm` into `quarantine/`, where nothing reads them
    /// (the next connection makes a new, empty one); reported once. Only this process's first
    /// thread to find the damage moves it (`epoch` says which state of the file it found damaged).
    /// The connections to it are closed only after the move: closing the last one removes the
    /// `-wal` and `-shm` by name, which must by then be gone from under those names.
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

/// The connections a store's transactions take turns with, behind an `NSLock` (a pthread mutex,
/// which ThreadSanitizer sees). The epoch moves on when the database is quarantined: a
/// connection to the file that was moved is closed instead of being pooled again.
// @unchecked Sendable: `idle` and `current` are only touched under `lock`, and a connection is
// in the pool or leased to one transaction, never both.
final class SQLiteConnectionPool: @unchecked Sendable {
    /// A connection leased to one transaction, and the epoch it was opened in.
    struct Lease {
        let connection: SQLiteConnection
        let epoch: Int
    }

    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []
    private var current = 0

    /// The state of the file connections are opened on now.
    var epoch: Int { lock.withLock { current } }

    /// An idle connection, if there is one.
    func take() -> Lease? {
        lock.withLock { idle.popLast().map { Lease(connection: $0, epoch: current) } }
    }

    /// Takes a connection back, unless its file was quarantined since it was opened.
    func give(_ lease: Lease) {
        lock.withLock { if lease.epoch == current { idle.append(lease.connection) } }
    }

    /// Moves to the next epoch and hands over the idle connections, to be closed, if no one
    /// did since `epoch`; `nil` if someone did.
    func retire(ifAt epoch: Int) -> [SQLiteConnection]? {
        lock.withLock {
            guard epoch == current else { return nil }
            current += 1
            defer { idle = [] }
            return idle
        }
    }
}
