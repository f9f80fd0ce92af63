import CSQLite
import Foundation
import Testing

/// The store a CLI test runs heroes-cli on: the JSON-file store of the bundled `Heroes.plist`,
/// or SQLite, by `--config Sources/HeroesApp/Heroes-SQLite.plist`. The tests that touch the
/// cache take it as an argument, so each runs once per store.
enum AppStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case jsonFiles = "JSONFileHeroStore"
    case sqlite = "SQLiteHeroStore"

    var testDescription: String { rawValue }

    /// The app plist that chooses it; `nil` for the bundled one.
    var appPlist: URL? {
        switch self {
        case .jsonFiles: nil
        case .sqlite: SourceTree.sqlitePlist
        }
    }

    /// The store's folder inside a server's cache folder, as the plist names it.
    var folderName: String {
        switch self {
        case .jsonFiles: "heroes-store"
        case .sqlite: "heroes-sqlite"
        }
    }

    /// The file whose schema version the store checks, in its folder `folder`.
    func schemaFile(in folder: URL) -> URL {
        switch self {
        case .jsonFiles: folder.appendingPathComponent("heroes.json")
        case .sqlite: folder.appendingPathComponent("heroes.sqlite")
        }
    }

    /// Makes the store in `folder` look written by schema 99, as a newer heroes-cli would leave it.
    func makeSchema99(in folder: URL) throws {
        let file = schemaFile(in: folder)
        switch self {
        case .jsonFiles:
            try Data(#"{"schema": 99}"#.utf8).write(to: file)
        case .sqlite:
            var database: OpaquePointer?
            defer { sqlite3_close(database) }
            #expect(sqlite3_open(file.path, &database) == SQLITE_OK)
            #expect(sqlite3_exec(database, "PRAGMA user_version = 99", nil, nil, nil) == SQLITE_OK)
        }
    }
}
