import Foundation
import Testing

@testable import HeroesApp

/// The graph builds what a command calls and nothing else: `show` builds the hero use cases and
/// its one web service, no picture use cases; `--offline show` builds no service at all, so it reads
/// no service plist and asks for no transport.
@Suite("A command builds only what it runs")
@MainActor
struct LazyGraphTests {
    /// The session `arguments` open, and its graph after what `show` asks of it.
    static func graphAfterShow(_ arguments: [String]) async throws -> AppSession {
        let invocation = try CommandLineParser().parse(arguments + ["show", "0007"])
        let settings = try Settings(invocation, environment: try WithoutAServerTests.environment())
        let session = try await AppSession.open(
            settings: settings, plist: try AppPlist.bundled(), environment: [:],
            reportStorageProblem: { _ in })
        #expect(session.graph.built.useCases.isEmpty, "nothing is built before a command asks")
        _ = try session.graph.heroes.getHeroDetails
        _ = try session.graph.commandDeadline
        return session
    }

    @Test("--offline show builds the hero use cases alone: no service plist, transport, credentials or log")
    func offlineShow() async throws {
        let session = try await Self.graphAfterShow(["--offline", "--user", "ed"])
        defer { Task { await session.close() } }
        #expect(session.graph.built.useCases == [AppGraph.heroUseCasesName])
        #expect(session.graph.built.services == 0)
        #expect(session.graph.built.catalogs.isEmpty)
        #expect(session.graph.builder.environment.authentication == nil, "no credentials")
        #expect(session.graph.builder.environment.networkLogger == nil, "no network log")
    }

    @Test("show builds the hero use cases and one web service, no picture use cases")
    func onlineShow() async throws {
        let session = try await Self.graphAfterShow(["--server", "http://127.0.0.1:9"])
        defer { Task { await session.close() } }
        #expect(session.graph.built.useCases == [AppGraph.heroUseCasesName])
        #expect(session.graph.built.services == 1)
        #expect(session.graph.built.catalogs == ["HeroService"])
    }

    @Test("--offline picture commands build no service either")
    func offlinePictures() async throws {
        let session = try await Self.graphAfterShow(["--offline"])
        defer { Task { await session.close() } }
        _ = try session.graph.pictures
        #expect(session.graph.built.useCases == [AppGraph.heroUseCasesName, AppGraph.pictureUseCasesName])
        #expect(session.graph.built.services == 0)
        #expect(session.graph.built.catalogs.isEmpty)
    }

    @Test("the picture commands build the picture use cases on top")
    func pictures() async throws {
        let session = try await Self.graphAfterShow(["--server", "http://127.0.0.1:9"])
        defer { Task { await session.close() } }
        _ = try session.graph.pictures
        #expect(session.graph.built.useCases == [AppGraph.heroUseCasesName, AppGraph.pictureUseCasesName])
        #expect(session.graph.built.services == 2)
    }
}
