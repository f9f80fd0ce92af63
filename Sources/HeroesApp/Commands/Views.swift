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

    private var output: FileHandleOutputStream { OutputFailure.standardOutput }
    private var errors: FileHandleOutputStream { .standardError }

    func heroList() -> any HeroListView {
        json
            ? JSONHeroListView(output: output)
            : ConsoleHeroListView(output: output, style: terminal.outputStyle)
    }

    func heroDetails() -> any HeroEditorView {
        json
            ? JSONHeroDetailsView(output: output)
            : ConsoleHeroDetailsView(output: output, style: terminal.outputStyle)
    }

    func deleteHero() -> any DeleteHeroView {
        json
            ? JSONDeleteHeroView(output: output)
            : ConsoleDeleteHeroView(output: output, style: terminal.outputStyle)
    }

    func teams() -> any TeamListView {
        json
            ? JSONTeamListView(output: output)
            : ConsoleTeamListView(output: output, style: terminal.outputStyle)
    }

    func sync() -> any SyncView {
        json ? JSONSyncView(output: output) : ConsoleSyncView(output: output, style: terminal.outputStyle)
    }

    func picture() -> any PictureView {
        json
            ? JSONPictureView(output: output)
            : ConsolePictureView(output: output, style: terminal.outputStyle)
    }

    /// A progress bar on standard error; silent on a pipe and with `--json`.
    func progress(unit: ConsoleProgressView.Unit = .bytes) -> any TransferProgressView {
        ConsoleProgressView(output: errors, style: json ? .plain : terminal.errorStyle, unit: unit)
    }

    func error() -> any ErrorView {
        json ? JSONErrorView(output: output) : ConsoleErrorView(output: errors, style: terminal.errorStyle)
    }

    /// An error view on standard output, for the demo's steps that are meant to fail.
    func errorInline() -> any ErrorView {
        json ? JSONErrorView(output: output) : ConsoleErrorView(output: output, style: terminal.outputStyle)
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
