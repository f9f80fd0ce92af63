import Foundation
import Presentation

/// Makes each screen's view: JSON with `--json`, else console views. Errors, warnings and
/// progress go to standard error.
@MainActor
struct Views {
    let json: Bool
    let terminal: Terminal
    /// `--verbose`: results list everything they hold.
    var verbose = false

    private var output: FileHandleOutputStream { OutputFailure.standardOutput }
    private var errors: FileHandleOutputStream { .standardError }

    /// The hero list; `numbered` for the console, whose rows open by number.
    func heroList(numbered: Bool = false) -> any HeroListView {
        pick(
            json: { JSONHeroListView(output: $0) },
            console: { ConsoleHeroListView(output: $0, style: $1, numbered: numbered) })
    }

    /// A hero's card, also the editor's view; the console, which asks again, `listsProblems`.
    func heroDetails(listsProblems: Bool = false) -> any HeroEditorView {
        pick(
            json: { JSONHeroDetailsView(output: $0) },
            console: { ConsoleHeroDetailsView(output: $0, style: $1, listsProblems: listsProblems) })
    }

    func deleteHero() -> any DeleteHeroView {
        pick(
            json: { JSONDeleteHeroView(output: $0) },
            console: { ConsoleDeleteHeroView(output: $0, style: $1) })
    }

    func teams() -> any TeamListView {
        pick(json: { JSONTeamListView(output: $0) }, console: { ConsoleTeamListView(output: $0, style: $1) })
    }

    func sync() -> any SyncView {
        pick(
            json: { JSONSyncView(output: $0) },
            console: { ConsoleSyncView(output: $0, style: $1, listsEveryID: verbose) })
    }

    /// The picture's result view; on standard error when standard output carries the picture.
    func picture(besideData: Bool = false) -> any PictureView {
        guard besideData else {
            return pick(
                json: { JSONPictureView(output: $0) }, console: { ConsolePictureView(output: $0, style: $1) })
        }
        return json
            ? JSONPictureView(output: errors) : ConsolePictureView(output: errors, style: terminal.errorStyle)
    }

    /// A progress bar on standard error; silent on a pipe and with `--json`.
    func progress() -> any TransferProgressView {
        ConsoleProgressView(output: errors, style: json ? .plain : terminal.errorStyle)
    }

    /// The error view: JSON on standard output, or a line on standard error.
    func error() -> any ErrorView {
        json ? JSONErrorView(output: output) : ConsoleErrorView(output: errors, style: terminal.errorStyle)
    }

    /// An error view on standard output, for the demo's steps that are meant to fail.
    func errorInline() -> any ErrorView {
        pick(json: { JSONErrorView(output: $0) }, console: { ConsoleErrorView(output: $0, style: $1) })
    }

    private func pick<View>(
        json makeJSON: (FileHandleOutputStream) -> View,
        console makeConsole: (FileHandleOutputStream, ConsoleStyle) -> View
    ) -> View {
        json ? makeJSON(output) : makeConsole(output, terminal.outputStyle)
    }

    /// A line for a person on standard error.
    func note(_ line: String) {
        let stream = errors
        stream.write(line + "\n")
    }

    /// A line on standard output, for plain-text results.
    func say(_ line: String) {
        let stream = output
        stream.write(line + "\n")
    }
}
