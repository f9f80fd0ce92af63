import Domain
import Foundation

/// Runs one parsed command: the ones that need the object graph get a session (and with it the
/// bundled server when no server is named); `serve`, `lint` and `demo reset` need none.
@MainActor
struct CommandRunner {
    let invocation: Invocation
    let settings: Settings
    let views: Views
    let environment: [String: String]

    /// Runs `command`; errors come back unrendered, for the caller to show and map to an exit code.
    func run(_ command: CommandSpec) async throws {
        switch command.id {
        case .serve:
            try await ServeCommand(views: views).run(port: invocation[.port] ?? 8080)
        case .lint:
            try LintCommand(settings: settings, views: views).run(file: invocation.argument(0))
        case .demoReset:
            try demo.reset()
        case .demo:
            try await demo.run()
        default:
            try await AppSession.with(settings, environment: environment) { graph in
                try await runHeroCommand(command.id, HeroCommands(graph: graph, views: views))
            }
        }
    }

    /// The bundled demo's tour, the one place the runner names it.
    private var demo: DemoTour {
        DemoTour(settings: settings, views: views, environment: environment)
    }

    /// The interactive console on a session of its own, until the person leaves it.
    func runConsole() async throws {
        let views = self.views
        try await AppSession.with(settings, environment: environment) { graph in
            let input = ConsoleInput()
            defer { input.close() }
            await ConsoleRouter(graph: graph, views: views, input: input).run()
        }
    }

    private func runHeroCommand(_ id: CommandID, _ heroes: HeroCommands) async throws {
        switch id {
        case .list: try await heroes.list(invocation, text: invocation[.search])
        case .search: try await heroes.list(invocation, text: invocation.argument(0))
        case .show:
            let id = try heroID()
            try await heroes.show(id)
            if invocation[.picture] { try await heroes.drawPicture(id) }
        case .create: try await heroes.create(invocation)
        case .update: try await heroes.update(try heroID(), invocation)
        case .delete: try await heroes.delete(try heroID())
        case .teams: try await heroes.teams()
        case .sync: try await heroes.sync()
        case .picture:
            let id = try heroID()
            let output = invocation[.output] ?? "\(id.rawValue).png"
            try await heroes.downloadPicture(id, to: URL(fileURLWithPath: output))
        case .uploadPicture:
            let file = invocation.argument(1) ?? ""
            try await heroes.uploadPicture(URL(fileURLWithPath: file), for: try heroID())
        case .serve, .lint, .demo, .demoReset:
            break
        }
    }

    /// The `ID` argument, checked against the contract's id rule.
    private func heroID() throws -> Hero.ID {
        let text = invocation.argument(0) ?? ""
        do {
            return try Hero.ID(text)
        } catch {
            throw UsageError(
                "'\(text)' is not a hero id (1–64 of A–Z, a–z, 0–9, '-' and '_')",
                command: invocation.command?.id)
        }
    }
}
