import Foundation
import Presentation

/// Makes each screen's view for this run: JSON on standard output with `--json`, else console
/// views styled for the terminal. Errors, warnings and progress bars go to standard error.
@MainActor
struct Views {
    /// Print JSON instead of text.
    let json: Bool
    /// What the terminal allows.
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

    /// A hero's card, which is also the editor's view. A failed save's problems are said by the
    /// error view that follows a command; the console, which asks again instead, `listsProblems`.
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

    /// Where a picture's result is said; `besideData` when standard output carries the
    /// picture itself (`--output -`), so the line goes to standard error instead.
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

    /// The error view: JSON on standard output, or a line on standard error, where the console
    /// one is the only view not on standard output.
    func error() -> any ErrorView {
        json ? JSONErrorView(output: output) : ConsoleErrorView(output: errors, style: terminal.errorStyle)
    }

    /// An error view on standard output, for the demo's steps that are meant to fail.
    func errorInline() -> any ErrorView {
        pick(json: { JSONErrorView(output: $0) }, console: { ConsoleErrorView(output: $0, style: $1) })
    }

    /// The one choice between the two kinds of view on standard output: the JSON one with
    /// `--json`, else the console one, styled for the terminal.
    private func pick<View>(
        json makeJSON: (FileHandleOutputStream) -> View,
        console makeConsole: (FileHandleOutputStream, ConsoleStyle) -> View
    ) -> View {
        json ? makeJSON(output) : makeConsole(output, terminal.outputStyle)
    }

    /// A line for a person on standard error (warnings, what the demo is doing).
    func note(_ line: String) {
        let stream = errors
        stream.write(line + "\n")
    }

    /// A line on standard output, for commands whose result is plain text (help, lint, serve).
    func say(_ line: String) {
        let stream = output
        stream.write(line + "\n")
    }
}
