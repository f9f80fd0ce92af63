import Domain
import Foundation
import Presentation

/// `demo`: a guided, non-interactive tour of every feature against the bundled server. Each step
/// prints the command a person would type, then runs it through the same presenters and views.
/// It cleans up after itself: the hero it creates is deleted at the end. `demo reset` restores the
/// bundled server's data. This folder holds the whole bundled demo: the tour, the embedded
/// server (`EmbeddedServer`) and `serve`.
@MainActor
struct DemoTour {
    let settings: Settings
    let views: Views
    let environment: [String: String]

    /// `demo reset`: the bundled server's saved state and its cache are thrown away, so the next
    /// run serves the demo fixtures again.
    func reset() throws {
        try EmbeddedServer.reset(dataDirectory: settings.dataDirectory)
        let cache = settings.cacheDirectory.appendingPathComponent(
            CacheFolder.name(for: nil), isDirectory: true)
        if FileManager.default.fileExists(atPath: cache.path) {
            try FileManager.default.removeItem(at: cache)
        }
        views.say("demo data restored: the bundled server serves its fixtures again")
    }

    func run() async throws {
        var online = settings
        online.server = nil
        online.isOffline = false
        var offline = online
        offline.isOffline = true
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = scratch.appendingPathComponent("0007.png")
        let codeName = "Demo Comet \(UUID().uuidString.prefix(4))"
        var created: Hero.ID?

        try await AppSession.with(online, environment: environment) { graph in
            let heroes = HeroCommands(graph: graph, views: views)
            try await step("teams", "the teams heroes belong to") { try await heroes.teams() }
            try await step("list --per-page 5", "the first page of the roster, five at a time") {
                try await heroes.list(Self.invocation(["per-page": ["5"]]), text: nil)
            }
            try await step("search wind", "heroes whose code name or a power mentions \"wind\"") {
                try await heroes.list(Self.invocation([:]), text: "wind")
            }
            try await step("show 0007", "one hero; the demo clearance key reveals the real name") {
                try await heroes.show(try Hero.ID("0007"))
            }
            try await step(
                "create --code-name \"\(codeName)\" --real-name \"Ada Quill\" --power \"Tail of fire\" --team dawn-guard",
                "a new hero, its real name sealed with AES-256-GCM before it leaves"
            ) {
                try await heroes.create(
                    Self.invocation([
                        "code-name": [codeName], "real-name": ["Ada Quill"], "power": ["Tail of fire"],
                        "team": ["dawn-guard"],
                    ]))
            }
            created = try await graph.heroes.searchHeroes(codeName).value.items.first {
                $0.codeName == codeName
            }?.id
            guard let created else {
                throw DomainError.badData("the demo's new hero was not found by searching")
            }
            try await step(
                "update \(created) --power \"Tail of fire\" --power Orbit",
                "an edit, guarded by the version it read (If-Match)"
            ) {
                try await heroes.update(created, Self.invocation(["power": ["Tail of fire", "Orbit"]]))
            }
            try await step(
                "create --code-name Basalt", "a taken code name is refused (exit 75)", expectFailure: true
            ) {
                try await heroes.create(Self.invocation(["code-name": ["Basalt"]]))
            }
            try await step("picture 0007 --output 0007.png", "a picture, streamed to a file with progress") {
                try await heroes.downloadPicture(try Hero.ID("0007"), to: picture)
            }
            try await step("upload-picture \(created) 0007.png", "the same picture, sent as the new hero's") {
                try await heroes.uploadPicture(picture, for: created)
            }
            try await step("sync", "the offline cache brought up to date, with what changed") {
                try await heroes.sync()
            }
        }
        guard let created else { return }
        try await AppSession.with(offline, environment: environment) { graph in
            try await step("--offline show \(created)", "no network at all: the cached copy, marked stale") {
                try await HeroCommands(graph: graph, views: views).show(created)
            }
        }
        try await AppSession.with(online, environment: environment) { graph in
            try await step("delete \(created)", "the demo hero removed again") {
                try await HeroCommands(graph: graph, views: views).delete(created)
            }
        }
        views.say("")
        views.say(
            "That was every feature. `heroes-cli --help` lists the commands; `heroes-cli demo reset` restores the data."
        )
    }

    /// Prints the command and what it shows, then runs it. A step that is meant to fail shows
    /// its error the way the command would, and the tour goes on.
    private func step(
        _ command: String, _ explanation: String, expectFailure: Bool = false, _ body: () async throws -> Void
    ) async throws {
        views.say("")
        views.say("$ heroes-cli \(command)")
        views.say("# \(explanation)")
        guard expectFailure else {
            try await body()
            return
        }
        do {
            try await body()
        } catch let error as DomainError {
            // On standard output, so the refusal reads in order with the rest of the tour.
            ErrorPresenter().present(error, with: views.errorInline())
            return
        }
        throw DomainError.badData("the demo expected `\(command)` to be refused")
    }

    private static func invocation(_ options: [String: [String]]) -> Invocation {
        Invocation(command: nil, arguments: [], options: options)
    }
}
