import Data
import Domain
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one parsed command; those needing the graph get a session, `serve`, `lint` and
/// `demo reset` none.
@MainActor
struct CommandRunner {
    let invocation: Invocation
    let settings: Settings
    let views: Views
    let environment: [String: String]
    /// Where a relative FILE is found: here, or the demo tour's scratch folder.
    var fileFolder: URL?

    init(
        invocation: Invocation, settings: Settings, views: Views, environment: [String: String],
        fileFolder: URL? = nil
    ) {
        self.invocation = invocation
        self.settings = settings
        self.views = views
        self.environment = environment
        self.fileFolder = fileFolder
    }

    /// Runs `command`; errors come back unrendered, for the caller to show and map to an exit code.
    func run(_ command: CommandSpec) async throws {
        if [.lint, .demo, .demoReset].contains(command.id), settings.isJSON {
            // Their output is for people; a JSON line beside text would break a script's parse.
            throw UsageError(
                "`\(command.words.joined(separator: " "))` prints text only; drop --json", command: command.id
            )
        }
        if command.id == .demo, invocation[.server] != nil || invocation[.offline] {
            throw UsageError(
                "the demo runs on a fresh copy of the bundled server, online; drop --server and --offline",
                command: .demo)
        }
        switch command.id {
        case .serve:
            try await ServeCommand(views: views, demoServer: settings.demoServer).run(
                port: invocation[.port] ?? 8080, rootDirectory: invocation[.rootDirectory],
                servesHeroes: !invocation[.noHeroes])
        case .lint:
            try LintCommand(settings: settings, views: views).run(file: invocation.argument(0))
        case .demoReset:
            try demo.reset()
        case .demo:
            try await demo.run()
        case .help:
            try HelpCommand(views: views).run(topic: invocation.arguments, man: invocation[.man])
        case .completion:
            // The parser has checked the word against the shells' names.
            views.say(CompletionShell(rawValue: invocation.argument(0) ?? "").map { $0.script() } ?? "")
        case .complete:
            await TeamIDCompletion(settings: settings, environment: environment, views: views).run()
        case .list:
            try await withHeroes { heroes in
                try await heroes.withinDeadline {
                    try await heroes.list(invocation, text: invocation[.search])
                }
            }
        case .search:
            try await withHeroes { heroes in
                try await heroes.withinDeadline {
                    try await heroes.list(invocation, text: invocation.argument(0))
                }
            }
        case .show:
            try await withHeroes { heroes in
                let id = try heroID()
                try await heroes.withinDeadline { try await heroes.show(id) }
                // The picture is a transfer, under the picture service's own longer deadline.
                if invocation[.picture] { try await heroes.drawPicture(id) }
            }
        case .create:
            try await withHeroes { heroes in
                try await heroes.withinDeadline { try await heroes.create(invocation) }
            }
        case .update:
            try await withHeroes { heroes in
                let id = try heroID()
                try await heroes.withinDeadline { try await heroes.update(id, invocation) }
            }
        case .delete:
            try await withHeroes { heroes in
                let id = try heroID()
                try await heroes.withinDeadline { try await heroes.delete(id) }
            }
        case .teams:
            try await withHeroes { heroes in try await heroes.withinDeadline { try await heroes.teams() } }
        case .sync:
            let seconds = invocation[.deadline] ?? SyncDeadlineError.defaultSeconds
            try await withHeroes { try await $0.sync(deadlineSeconds: seconds) }
        case .picture:
            let id = try heroID()
            let toStandardOutput = invocation[.output] == "-"
            if toStandardOutput, isatty(STDOUT_FILENO) == 1 {
                throw UsageError(
                    "--output - would write the PNG to this terminal, which garbles it; "
                        + "see it with `heroes-cli show \(id) --picture`, or redirect standard output",
                    command: .picture)
            }
            let destination =
                toStandardOutput
                ? URL(fileURLWithPath: "/dev/stdout") : file(invocation[.output] ?? "\(id.rawValue).png")
            // A path that cannot be written fails here, before the hero is asked for.
            try RemotePictureRepository.checkDestination(destination)
            try await withHeroes { heroes in
                try await Interruption.cancelling {
                    try await heroes.downloadPicture(id, to: destination, besideData: toStandardOutput)
                }
            }
        case .uploadPicture:
            try await withHeroes {
                try await $0.uploadPicture(file(invocation.argument(1) ?? ""), for: try heroID())
            }
        }
    }

    func runConsole() async throws {
        let views = self.views
        try await AppSession.with(settings, environment: environment) { graph in
            let input = ConsoleInput()
            defer { input.close() }
            try await ConsoleRouter(graph: graph, views: views, input: input).run()
        }
    }

    private var demo: DemoTour {
        DemoTour(settings: settings, views: views, environment: environment)
    }

    /// Runs `body` with the hero and picture commands on a session's graph.
    private func withHeroes(_ body: (HeroCommands) async throws -> Void) async throws {
        let views = self.views
        try await AppSession.with(settings, environment: environment) { graph in
            try await body(HeroCommands(graph: graph, views: views))
        }
    }

    /// A FILE argument as a URL, relative to `fileFolder` when it is not absolute.
    private func file(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: fileFolder)
    }

    /// The `ID` argument, checked against the contract's id rule.
    private func heroID() throws -> Hero.ID {
        let text = invocation.argument(0) ?? ""
        do {
            return try Hero.ID(text)
        } catch {
            let shown = text.count > 80 ? text.prefix(80) + "… (\(text.utf8.count) bytes)" : text[...]
            throw UsageError(
                "'\(shown)' is not a hero id (1–64 of A–Z, a–z, 0–9, '-' and '_')",
                command: invocation.command?.id)
        }
    }
}
