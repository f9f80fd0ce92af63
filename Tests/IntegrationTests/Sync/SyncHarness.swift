import Domain
import Foundation
import MockServerKit
import Network
import TestSupport

@testable import Data

/// A mock server, a repository that can go offline over its own store (JSON files by default,
/// or SQLite), and a second client that stays online, for tests of offline edits and sync.
struct SyncHarness {
    let server: MockServer
    let transport: SwitchableTransport
    let store: any HeroStore
    let storeFolder: URL
    let repository: OfflineFirstHeroRepository
    /// Another client of the same server, always online.
    let other: RemoteHeroDataSource

    /// The stores a harness can keep its repository's cache in.
    enum Store: String, CaseIterable, Sendable {
        case jsonFiles = "JSONFileHeroStore"
        case sqlite = "SQLiteHeroStore"
    }

    static func with(
        syncPageSize: Int = 100, store kind: Store = .jsonFiles, _ body: (SyncHarness) async throws -> Void
    ) async throws {
        let editor = IntegrationServer.editor
        let server = MockServer(configuration: MockServerConfiguration(users: [editor]))
        try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = { (transport: any HTTPTransport) in
            WebService(
                baseURL: server.baseURL, catalog: try HeroAPI.catalog(), transport: transport,
                authentication: BasicAuthentication(username: editor.name, password: editor.password),
                retryPolicy: .never, deadline: TestTime.budget(.seconds(20)))
        }
        let transport = SwitchableTransport()
        let storeFolder = folder.appendingPathComponent("heroes-store")
        let store: any HeroStore =
            switch kind {
            case .jsonFiles: try JSONFileHeroStore.open(at: storeFolder)
            case .sqlite: try SQLiteHeroStore.open(at: storeFolder)
            }
        let harness = SyncHarness(
            server: server, transport: transport, store: store, storeFolder: storeFolder,
            repository: OfflineFirstHeroRepository(
                remote: RemoteHeroDataSource(service: try service(transport)), store: store,
                syncPageSize: syncPageSize),
            other: RemoteHeroDataSource(service: try service(IntegrationServer.transport)))
        do {
            try await body(harness)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The pending changes in the store, oldest first.
    func pending() async throws -> [PendingChange] { try await store.read { try $0.pending().changes } }

    /// Every file of the store but SQLite's shared-memory index (which every read marks), by
    /// path: what a test compares to say nothing changed.
    func storeFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: storeFolder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard !url.lastPathComponent.hasSuffix("-shm"), !url.hasDirectoryPath else { continue }
            files[url.path] = try? Data(contentsOf: url)
        }
        return files
    }

    /// The writes the server received, as `METHOD path status`.
    func writes() -> [String] {
        server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path) \($0.status)" }
    }

    /// The server's copy of a hero, read by the other client.
    func serverHero(_ id: String) async throws -> Hero {
        guard let hero = try await other.hero(try Hero.ID(id)).content else {
            throw DomainError.badData("not modified")
        }
        return hero
    }
}
