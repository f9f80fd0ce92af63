import Foundation
import Testing

/// Files of the repository that the CLI suites read or edit copies of.
enum SourceTree {
    /// The repository's root folder, the one holding `Package.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The app plist in the source tree, the same file the build bundles.
    static let appPlist = root.appendingPathComponent("Sources/HeroesApp/Heroes.plist")

    /// The same app graph on the SQLite store, as shipped beside it.
    static let sqlitePlist = root.appendingPathComponent("Sources/HeroesApp/Heroes-SQLite.plist")

    /// The checked-in manual page, which `heroes-cli help --man` must reproduce.
    static let manPage = root.appendingPathComponent("docs/heroes-cli.1")

    /// The keys of hero `id` in the bundled server's fixtures, so a test of what a command shows
    /// follows a field added there.
    static func fixtureKeys(ofHero id: String) throws -> Set<String> {
        let file = root.appendingPathComponent("MockServer/MockServerKit/Fixtures/heroes.json")
        let heroes = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        return Set(try #require(heroes.first { $0["id"] as? String == id }, "no hero \(id)").keys)
    }
}
