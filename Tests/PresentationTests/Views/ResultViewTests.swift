import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Teams, sync, delete, picture and error views")
struct ResultViewTests {
    let teams = [Team.sample(), Team.sample(id: "night-shift", name: "Night Shift")]

    func changes() throws -> HeroChangeSet {
        HeroChangeSet(
            inserted: [try Hero.ID("0040"), try Hero.ID("0041")], updated: [try Hero.ID("0007")],
            unchanged: try (1...30).map { try Hero.ID(String(format: "%04d", $0 + 100)) }, deleted: []
        )
    }

    func offlineChanges() throws -> HeroChangeSet {
        HeroChangeSet(
            inserted: [], updated: [try Hero.ID("0007")], unchanged: [try Hero.ID("0012")], deleted: [],
            rejected: [RejectedRecord(id: "0099", index: 4, reason: "code_name must not be empty")],
            conflicts: [
                SyncConflict(
                    id: try Hero.ID("0007"), field: .codeName, local: "Owl", incoming: "Strix",
                    outcome: .localKept)
            ],
            pushed: [try Hero.ID("0007")], dropped: [try Hero.ID("0031")])
    }

    @Test("console teams, sync, delete and pictures")
    func console() throws {
        let buffer = TextBuffer()
        let style = ConsoleStyle(width: 60)
        ConsoleTeamListView(output: buffer, style: style).showTeams(teams, isStale: true)
        ConsoleTeamListView(output: buffer, style: style).showTeams([], isStale: false)
        ConsoleSyncView(output: buffer, style: style).showChanges(try changes())
        ConsoleSyncView(output: buffer, style: style).showChanges(
            HeroChangeSet(inserted: [], updated: [], unchanged: [try Hero.ID("0007")], deleted: []))
        ConsoleSyncView(output: buffer, style: style).showChanges(try offlineChanges())
        ConsoleDeleteHeroView(output: buffer, style: style).showDeleted(try Hero.ID("0007"))
        ConsoleDeleteHeroView(output: buffer, style: style).showDeletionPending(try Hero.ID("0031"))
        let pictures = ConsolePictureView(output: buffer, style: style)
        pictures.showDownloaded(
            PictureFile(location: URL(fileURLWithPath: "/tmp/owl.png"), byteCount: 2048),
            for: try Hero.ID("0007"))
        pictures.showUploaded(URL(fileURLWithPath: "/tmp/new-owl.png"), for: try Hero.ID("0007"))
        Golden.check(buffer.text, named: "results-console")
    }

    @Test("a sync lists at most ten ids a kind and never the unchanged; --verbose lists every one")
    func syncIDs() throws {
        let ids = try (1...25).map { try Hero.ID(String(format: "%04d", $0)) }
        let changes = HeroChangeSet(
            inserted: Array(ids.prefix(12)), updated: [], unchanged: Array(ids.suffix(13)), deleted: [])
        let short = TextBuffer()
        ConsoleSyncView(output: short, style: ConsoleStyle(width: 500)).showChanges(changes)
        #expect(
            short.text == """
                synced: 12 inserted, 0 updated, 13 unchanged, 0 deleted
                  inserted  0001, 0002, 0003, 0004, 0005, 0006, 0007, 0008, 0009, 0010, and 2 more

                """)
        let every = TextBuffer()
        ConsoleSyncView(output: every, style: ConsoleStyle(width: 500), listsEveryID: true).showChanges(
            changes)
        let lines = every.text.split(separator: "\n")
        #expect(lines.count == 3, "\(every.text)")
        #expect(lines[1].hasSuffix("0011, 0012"), "\(every.text)")
        #expect(lines[2].hasPrefix("  unchanged 0013, ") && lines[2].hasSuffix("0025"), "\(every.text)")
    }

    @Test("the same in colour")
    func colour() throws {
        let buffer = TextBuffer()
        let style = ConsoleStyle(width: 60, usesColor: true, isTerminal: true)
        ConsoleTeamListView(output: buffer, style: style).showTeams(teams, isStale: true)
        ConsoleSyncView(output: buffer, style: style).showChanges(try changes())
        ConsoleDeleteHeroView(output: buffer, style: style).showDeleted(try Hero.ID("0007"))
        ConsolePictureView(output: buffer, style: style).showDownloaded(
            PictureFile(location: URL(fileURLWithPath: "/tmp/owl.png"), byteCount: 2048),
            for: try Hero.ID("0007"))
        Golden.check(buffer.text, named: "results-colour")
    }

    @Test("JSON teams, sync, delete and pictures")
    func json() throws {
        let buffer = TextBuffer()
        JSONTeamListView(output: buffer).showTeams(teams, isStale: false)
        JSONSyncView(output: buffer).showChanges(
            HeroChangeSet(
                inserted: [try Hero.ID("0040")], updated: [], unchanged: [try Hero.ID("0007")],
                deleted: [try Hero.ID("0099")]))
        JSONSyncView(output: buffer).showChanges(try offlineChanges())
        JSONDeleteHeroView(output: buffer).showDeleted(try Hero.ID("0007"))
        JSONDeleteHeroView(output: buffer).showDeletionPending(try Hero.ID("0031"))
        let pictures = JSONPictureView(output: buffer)
        pictures.showDownloaded(
            PictureFile(location: URL(fileURLWithPath: "/tmp/owl.png"), byteCount: 2048),
            for: try Hero.ID("0007"))
        pictures.showUploaded(URL(fileURLWithPath: "/tmp/new-owl.png"), for: try Hero.ID("0007"))
        Golden.check(buffer.text, named: "results-json")
    }

    @Test("errors: one line in the console, plain and colour; an error object in JSON")
    func errors() {
        let errors = [
            ErrorPresenter.viewModel(for: DomainError.unauthorized(realm: "heroes")),
            ErrorPresenter.viewModel(for: DomainError.invalid([.codeName: "must not be empty"])),
            ErrorPresenter.viewModel(for: CancellationError()),
            ErrorViewModel(code: .usage, message: "unknown command \"fly\": see heroes-cli --help"),
        ]
        let plain = TextBuffer()
        let colour = TextBuffer()
        let json = TextBuffer()
        for error in errors {
            ConsoleErrorView(output: plain).showError(error)
            ConsoleErrorView(output: colour, style: ConsoleStyle(usesColor: true)).showError(error)
            JSONErrorView(output: json).showError(error)
        }
        Golden.check(plain.text, named: "errors-plain")
        Golden.check(colour.text, named: "errors-colour")
        Golden.check(json.text, named: "errors-json")
        #expect(json.text.hasPrefix(#"{"error":{"code":"unauthorized","message":"#))
    }

    @Test("JSON error fields are keyed by the API's snake_case names, the console's by words")
    func snakeCaseFields() {
        let error = ErrorPresenter.viewModel(
            for: DomainError.invalid([
                .codeName: "must not be empty", .teamID: "is unknown", .powers: "too many",
            ]))
        let json = TextBuffer()
        JSONErrorView(output: json).showError(error)
        #expect(
            json.text.contains(
                #""fields":{"code_name":"must not be empty","powers":"too many","team_id":"is unknown"}"#))
        #expect(error.message == "invalid: code name must not be empty; powers too many; team id is unknown")
    }
}
