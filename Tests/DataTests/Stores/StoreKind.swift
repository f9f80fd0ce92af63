import Foundation
import Locking
import Testing

@testable import Data

/// The two adapters of the `HeroStore` port, as the contract tests take them: one argument
/// each, so every test of the port runs once per store.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case jsonFiles = "JSONFileHeroStore"
    case sqlite = "SQLiteHeroStore"

    var testDescription: String { rawValue }

    /// The store in `folder`.
    func open(
        at folder: URL, writerPatience: Duration = .seconds(5),
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> any HeroStore {
        switch self {
        case .jsonFiles:
            try JSONFileHeroStore.open(at: folder, writerPatience: writerPatience, report: report)
        case .sqlite: try SQLiteHeroStore.open(at: folder, writerPatience: writerPatience, report: report)
        }
    }

    /// What `store-writer` needs in its environment to open this kind.
    var writerEnvironment: [String: String] {
        switch self {
        case .jsonFiles: [:]
        case .sqlite: ["STORE_WRITER_STORE": "sqlite"]
        }
    }

    /// Makes the store in `folder` one of schema `version`, as a newer app would leave it, and
    /// answers the file a refusal names and its bytes, to check it is left untouched.
    func makeSchema(_ version: Int, in folder: URL) throws -> URL {
        switch self {
        case .jsonFiles:
            let file = folder.appendingPathComponent(JSONFileHeroStore.fileName)
            var object =
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            object["schema"] = version
            try JSONSerialization.data(withJSONObject: object).write(to: file)
            return file
        case .sqlite:
            let file = folder.appendingPathComponent(SQLiteHeroStore.fileName)
            try SQLiteConnection(path: file.path, busyTimeout: .seconds(5)).execute(
                "PRAGMA user_version = \(version)")
            return file
        }
    }

    /// The schema version a store of this kind writes.
    var schemaVersion: Int {
        switch self {
        case .jsonFiles: JSONFileHeroStore.schemaVersion
        case .sqlite: SQLiteSchema.version
        }
    }

    /// The store's file in `folder`.
    func file(in folder: URL) -> URL {
        switch self {
        case .jsonFiles: folder.appendingPathComponent(JSONFileHeroStore.fileName)
        case .sqlite: folder.appendingPathComponent(SQLiteHeroStore.fileName)
        }
    }

    /// What a crashed commit left behind that the next writer should have cleaned up (for the
    /// JSON store: temporary files), or for SQLite what `integrity_check` finds wrong; empty when
    /// the store is clean.
    func leftovers(in folder: URL) throws -> [String] {
        switch self {
        case .jsonFiles:
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains(".tmp-")
            }
        case .sqlite:
            let connection = try SQLiteConnection(
                path: folder.appendingPathComponent(SQLiteHeroStore.fileName).path, busyTimeout: .seconds(5))
            var verdict: [String] = []
            try connection.run("PRAGMA integrity_check") { row in verdict.append(row.text(0) ?? "") }
            return verdict == ["ok"] ? [] : verdict
        }
    }
}

/// The problems a store reported, in order.
final class StoreProblems: Sendable {
    private let seen = Locked<[StorageError]>([])
    var all: [StorageError] { seen.withLock { $0 } }
    func record(_ problem: StorageError) { seen.withLock { $0.append(problem) } }
}
