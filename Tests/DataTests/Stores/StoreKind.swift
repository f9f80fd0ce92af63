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
            let manifest = folder.appendingPathComponent("manifest.json")
            try Data(#"{"generation": 9, "schema_version": \#(version)}"#.utf8).write(to: manifest)
            return manifest
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
        case .jsonFiles: RecordFolder.schemaVersion
        case .sqlite: SQLiteSchema.version
        }
    }

    /// What a crashed commit left behind that the next writer should have cleaned up (for the
    /// JSON store: intents, staged versions, records newer than the manifest), or for SQLite
    /// what `integrity_check` finds wrong; empty when the store is clean.
    func leftovers(in folder: URL) throws -> [String] {
        switch self {
        case .jsonFiles: return try JSONFileLeftovers.find(in: folder)
        case .sqlite:
            let connection = try SQLiteConnection(
                path: folder.appendingPathComponent(SQLiteHeroStore.fileName).path, busyTimeout: .seconds(5))
            var verdict: [String] = []
            try connection.run("PRAGMA integrity_check") { row in verdict.append(row.text(0) ?? "") }
            return verdict == ["ok"] ? [] : verdict
        }
    }
}

/// What a killed commit of `JSONFileHeroStore` may leave: intents, staged versions, and records
/// newer than the manifest.
enum JSONFileLeftovers {
    static func find(in folder: URL) throws -> [String] {
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any]
        let generation = manifest?["generation"] as? Int ?? 0
        var found = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("txn").path)
        let records = folder.appendingPathComponent("records")
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            if name.split(separator: ".").count > 2 { found.append(name) }  // `<key>.<generation>.json`
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: records.appendingPathComponent(name)))
            if let written = (object as? [String: Any])?["generation"] as? Int, written > generation {
                found.append(name)
            }
        }
        if let installing = manifest?["installing"] as? [String: Any], !installing.isEmpty {
            found.append("manifest.json installing \(installing)")
        }
        return found
    }
}

/// The problems a store reported, in order.
final class StoreProblems: Sendable {
    private let seen = Locked<[StorageError]>([])
    var all: [StorageError] { seen.withLock { $0 } }
    func record(_ problem: StorageError) { seen.withLock { $0.append(problem) } }
}
