import CSQLite
import Foundation

struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var isDamage: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    var isBusy: Bool {
        let primary = code & 0xff
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED
    }

    var systemErrno: Int32 = 0

    var description: String {
        // SQLite says "disk I/O error" for a write, truncate or -shm mapping that met a full disk.
        if code & 0xff == SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT {
            return "the disk is full (SQLite \(code))"
        }
        return "\(message) (SQLite \(code))"
    }
}

enum SQLiteValue {
    case integer(Int)
    case text(String)
    case data(Data)
}

/// Statements are cached by SQL so each compiles once; one thread at a time.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Without SQLite's mutex: one user at a time.
    init(path: String, busyTimeout: Duration) throws {
        var opened: OpaquePointer?
        // NOFOLLOW: refuse a link another user may have planted.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: status, message: "cannot open the database") }
        guard status == SQLITE_OK else {
            let error = SQLiteError(code: status, message: String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Statements separated by `;`, answering no rows.
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    func run(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let status = bind(value, at: Int32(index + 1), in: statement)
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    private func bind(_ value: SQLiteValue, at position: Int32, in statement: OpaquePointer) -> Int32 {
        let bytes: Data
        switch value {
        case .integer(let number): return sqlite3_bind_int64(statement, position, Int64(number))
        case .text(let text): bytes = Data(text.utf8)
        case .data(let data): bytes = data
        }
        // By length, not to a NUL: a search text may hold one.
        return bytes.withUnsafeBytes { buffer in
            sqlite3_bind_text(
                statement, position, buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                Int32(buffer.count),
                heroes_sqlite_transient())
        }
    }

    /// `nil` for no row.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int? {
        var found: Int?
        try run(sql, values) { row in if found == nil { found = row.integer(0) } }
        return found
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let known = statements[sql] { return known }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
            systemErrno: sqlite3_system_errno(handle))
    }
}

struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// 0 for `NULL`.
    func integer(_ index: Int32) -> Int { Int(sqlite3_column_int64(statement, index)) }

    /// `nil` for `NULL`.
    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// `nil` for `NULL`.
    func data(_ index: Int32) -> Data? {
        guard sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        let bytes = sqlite3_column_blob(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let bytes else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
