import Foundation

/// Pooled connections; a quarantine starts a new epoch, so old ones are not reused.
// @unchecked Sendable: state only under `lock`; a connection is pooled or leased.
final class SQLiteConnectionPool: @unchecked Sendable {
    /// A leased connection and its epoch.
    struct Lease {
        let connection: SQLiteConnection
        let epoch: Int
    }

    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []
    private var current = 0

    /// The current file's epoch.
    var epoch: Int { lock.withLock { current } }

    /// An idle connection, if there is one.
    func take() -> Lease? {
        lock.withLock { idle.popLast().map { Lease(connection: $0, epoch: current) } }
    }

    /// Takes a connection back, unless its file was quarantined.
    func give(_ lease: Lease) {
        lock.withLock { if lease.epoch == current { idle.append(lease.connection) } }
    }

    /// Next epoch and the idle connections to close; `nil` if already moved on.
    func retire(ifAt epoch: Int) -> [SQLiteConnection]? {
        lock.withLock {
            guard epoch == current else { return nil }
            current += 1
            defer { idle = [] }
            return idle
        }
    }
}
