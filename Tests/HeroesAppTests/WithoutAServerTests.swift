import Foundation
import HeroesApp
import Testing

/// `HeroesApp` on its own, as a copy of it runs: no demo server handed in and no server named.
/// The commands that need no server work; the ones that do say to name one.
@Suite("HeroesApp without a demo server")
@MainActor
struct WithoutAServerTests {
    /// A HOME and XDG folders of the test's own, so nothing of the user's is read or written.
    static func environment() throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-app-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return [
            "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "HEROES_CONSOLE": "0",
        ]
    }

    @Test("--version and lint run with no server at all")
    func serverless() async throws {
        let cli = HeroesCLI(environment: try Self.environment())
        #expect(await cli.run(["--version"]) == .success)
        #expect(await cli.run(["lint"]) == .success)
    }

    @Test("a command that needs the demo server is unavailable (69), as is serve, and nothing starts")
    func noDemoServer() async throws {
        let cli = HeroesCLI(environment: try Self.environment())
        #expect(await cli.run(["list"]) == .unavailable)
        #expect(await cli.run(["demo", "reset"]) == .unavailable)
        #expect(await cli.run(["serve", "--port", "0"]) == .unavailable)
    }
}
