import Domain
import Foundation
import Network

/// One run of heroes-cli, from the words typed to the exit code.
@MainActor
public struct HeroesCLI {
    let environment: [String: String]
    let demoServer: (any DemoServer)?

    public init(environment: [String: String], demoServer: (any DemoServer)? = nil) {
        self.environment = environment
        self.demoServer = demoServer
    }

    /// `run(_:)`, where `nil` is a word that is not UTF-8, refused as a usage error first.
    public func run(checking arguments: [String?]) async -> ExitStatus {
        let words = arguments.compactMap { $0 }
        guard let position = arguments.firstIndex(where: { $0 == nil }) else { return await run(words) }
        let views = Views(
            json: words.contains(Option.json.spec.synopsis),
            terminal: Terminal(environment: environment, color: ColorChoice.prescan(words)))
        let error = UsageError("argument \(position + 1) is not valid UTF-8; give text in UTF-8")
        FailureView.show(error, views: views)
        return ExitStatus(for: error)
    }

    /// Runs the command `arguments` ask for and says how the process should exit.
    public func run(_ arguments: [String]) async -> ExitStatus {
        // Before parsing, so that a usage error is already shown the way the user asked.
        let wantsJSON = arguments.contains(Option.json.spec.synopsis)
        let fallbackViews = Views(
            json: wantsJSON,
            terminal: Terminal(environment: environment, color: ColorChoice.prescan(arguments)))
        let invocation: Invocation
        var settings: Settings
        do {
            invocation = try CommandLineParser().parse(arguments)
            settings = try Settings(invocation, environment: environment)
            settings.demoServer = demoServer
        } catch {
            FailureView.show(error, views: fallbackViews)
            return ExitStatus(for: error)
        }
        #if os(Linux)
            // Before any transfer, as libcurl asks.
            if !settings.isOffline { CurlTransport.setUp() }
        #endif
        let views = Views(
            json: settings.isJSON,
            terminal: Terminal(environment: environment, color: settings.color), verbose: settings.isVerbose)
        if invocation[.version] {
            views.say(HelpText.version)
            views.say("transport: \(AppTransports.defaultKind.summary)")
            return .success
        }
        guard let command = invocation.command else {
            if !invocation[.help], !settings.isJSON, ConsoleMode.wanted(environment: environment) {
                if !settings.isOffline { FoundationFolders.keepOut() }
                return await console(invocation, settings: settings, views: views)
            }
            views.say(HelpText.overview())
            return .success
        }
        if invocation[.help] {
            views.say(HelpText.help(for: command))
            return .success
        }
        // Here, before any thread of ours starts; only a run that may use URLSession needs it.
        if command.id.mayUseNetwork, !settings.isOffline { FoundationFolders.keepOut() }
        do {
            try await CommandRunner(
                invocation: invocation, settings: settings, views: views, environment: environment
            )
            .run(command)
            return .success
        } catch {
            // Offline, "unavailable" can only mean the cache had nothing to answer with.
            let error =
                settings.isOffline && Self.isUnavailable(error)
                ? NothingCachedError(server: settings.server) : error
            FailureView.show(error, views: views)
            return ExitStatus(for: error)
        }
    }

    private static func isUnavailable(_ error: any Error) -> Bool {
        if case DomainError.unavailable = error { return true }
        return false
    }

    /// The interactive console; it ends with 0 whenever the person leaves it (q, Ctrl-C, EOF).
    private func console(_ invocation: Invocation, settings: Settings, views: Views) async -> ExitStatus {
        do {
            try await CommandRunner(
                invocation: invocation, settings: settings, views: views, environment: environment
            )
            .runConsole()
            return .success
        } catch {
            FailureView.show(error, views: views)
            return ExitStatus(for: error)
        }
    }
}
