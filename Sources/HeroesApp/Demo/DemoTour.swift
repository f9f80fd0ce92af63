import Domain
import Foundation
import Presentation

/// `demo`: a tour of every feature, each step a printed command line run by `CommandRunner`, on
/// a scratch copy of the fixtures and cache removed at the end.
@MainActor
struct DemoTour {
    let settings: Settings
    let views: Views
    let environment: [String: String]

    /// `demo reset`: throws away the bundled server's state and cache.
    func reset() throws {
        guard let demo = settings.demoServer else { throw DemoServerError.missing }
        try demo.reset(dataDirectory: settings.dataDirectory)
        let cache = settings.cacheDirectory.appendingPathComponent(
            CacheFolder.name(for: nil), isDirectory: true)
        if FileManager.default.fileExists(atPath: cache.path) {
            try FileManager.default.removeItem(at: cache)
        }
        views.say("demo data restored: the bundled server serves its fixtures again")
    }

    /// Runs every step; the last deletes the hero it made.
    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var tour = settings
        tour.server = nil
        tour.dataDirectory = scratch.appendingPathComponent("server", isDirectory: true)
        tour.cacheDirectory = scratch.appendingPathComponent("cache", isDirectory: true)
        let files = scratch.appendingPathComponent("files", isDirectory: true)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let codeName = "Demo Comet"
        func step(_ words: String..., shows explanation: String, refused: Bool = false) async throws {
            try await runStep(words, explanation, refused: refused, settings: tour, files: files)
        }

        try await step("teams", shows: "the teams heroes belong to")
        try await step("list", "--per-page", "5", shows: "the first page of the roster, five at a time")
        try await step("search", "wind", shows: "heroes whose code name or a power mentions \"wind\"")
        try await step("show", "0007", shows: "one hero; the demo clearance key reveals the real name")
        try await step(
            "create", "--code-name", codeName, "--real-name", "Ada Quill", "--power", "Tail of fire",
            "--team",
            "dawn-guard", shows: "a new hero, its real name sealed with AES-256-GCM before it leaves")
        let created = try await find(codeName, settings: tour).rawValue
        try await step(
            "update", created, "--power", "Tail of fire", "--power", "Orbit",
            shows: "an edit, guarded by the version it read (If-Match)")
        try await step(
            "create", "--code-name", "Basalt", shows: "a taken code name is refused (exit 75)", refused: true)
        try await step(
            "picture", "0007", "--output", "0007.png", shows: "a picture, streamed to a file with progress")
        try await step(
            "upload-picture", created, "0007.png", shows: "the same picture, sent as the new hero's")
        try await step("sync", shows: "the offline cache brought up to date, with what changed")
        try await step(
            "--offline", "show", created, shows: "no network at all: the cached copy, marked stale")
        try await step("delete", created, shows: "the demo hero removed again")
        views.say("")
        views.say(
            "That was every feature, on a scratch copy of the demo data: your bundled server's data is as it was. "
                + "`heroes-cli --help` lists the commands.")
    }

    /// Prints the command line, then runs it; a refused step shows its error and the tour goes on.
    private func runStep(
        _ words: [String], _ explanation: String, refused: Bool, settings: Settings, files: URL
    ) async throws {
        views.say("")
        views.say("$ heroes-cli " + words.map(Self.quoted).joined(separator: " "))
        views.say("# \(explanation)")
        let invocation = try CommandLineParser().parse(words)
        guard let command = invocation.command else {
            throw DomainError.badData("the demo's step `\(words.joined(separator: " "))` names no command")
        }
        var stepSettings = settings
        stepSettings.isOffline = invocation[.offline]
        let runner = CommandRunner(
            invocation: invocation, settings: stepSettings, views: views, environment: environment,
            fileFolder: files)
        guard refused else {
            try await runner.run(command)
            return
        }
        do {
            try await runner.run(command)
        } catch let error as DomainError {
            // On standard output, so the refusal reads in order with the rest of the tour.
            ErrorPresenter().present(error, with: views.errorInline())
            return
        }
        throw DomainError.badData("the demo expected `\(words.joined(separator: " "))` to be refused")
    }

    /// The id of the hero the tour made, found by searching its code name.
    private func find(_ codeName: String, settings: Settings) async throws -> Hero.ID {
        var found: Hero.ID?
        try await AppSession.with(settings, environment: environment) { graph in
            found = try await graph.heroes.searchHeroes(codeName).value.items.first {
                $0.codeName == codeName
            }?.id
        }
        guard let found else { throw DomainError.badData("the demo's new hero was not found by searching") }
        return found
    }

    private static func quoted(_ word: String) -> String {
        word.contains(" ") ? "\"\(word)\"" : word
    }
}
