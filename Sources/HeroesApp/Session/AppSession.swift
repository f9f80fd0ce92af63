import Data
import Domain
import Foundation
import Network
import Presentation

/// One run's server, graph, cache and credentials.
@MainActor
final class AppSession {
    let graph: AppGraph
    let serverURL: URL
    let embeddedServer: RunningServer?

    private init(graph: AppGraph, serverURL: URL, embeddedServer: RunningServer?) {
        self.graph = graph
        self.serverURL = serverURL
        self.embeddedServer = embeddedServer
    }

    static let offlineReason = "offline (--offline): only the cache can answer"

    /// Starts the demo server when no server is named, and makes the graph, which builds nothing yet.
    static func open(
        settings: Settings,
        plist: AppPlist,
        environment: [String: String],
        storeReadLimit: Int = JSONFileHeroStore.sizeLimit,
        reportStorageProblem: @escaping @Sendable (StorageError) -> Void
    ) async throws -> AppSession {
        let cacheFolder = try CacheFolder.prepare(in: settings.cacheDirectory, for: settings.server)
        let usesBundledServer = settings.server == nil
        var embeddedServer: RunningServer?
        let serverURL: URL
        if let server = settings.server {
            serverURL = server
        } else if settings.isOffline {
            // Nothing is sent: the repositories keep to the cache, and the transport refuses.
            serverURL = URL(string: "http://offline.invalid") ?? URL(fileURLWithPath: "/")
        } else {
            guard let demo = settings.demoServer else { throw DemoServerError.missing }
            let server = try await demo.start(dataDirectory: settings.dataDirectory)
            embeddedServer = server
            serverURL = server.baseURL
        }
        let keyText = settings.clearanceKey ?? (usesBundledServer ? settings.demoServer?.clearanceKey : nil)
        let environmentForGraph = GraphEnvironment(
            serverURL: serverURL,
            authentication: authentication(
                settings: settings, usesBundledServer: usesBundledServer, environment: environment),
            clearanceKey: try keyText.map { text throws(DomainError) in try ClearanceKey(base64: text) },
            cacheFolder: cacheFolder,
            transports: settings.isOffline
                ? AppTransports(refusing: .offline)
                : AppTransports(announce: DiagnosticLog.transport(verbose: settings.isVerbose)),
            plistFolder: plist.folder,
            reportStorageProblem: reportStorageProblem,
            networkLogger: settings.isOffline ? nil : DiagnosticLog.network(verbose: settings.isVerbose),
            cacheDecided: DiagnosticLog.cache(verbose: settings.isVerbose),
            cachePolicy: settings.isOffline ? .cacheOnly(reason: Self.offlineReason) : .networkFirst,
            storeReadLimit: storeReadLimit)
        do {
            let graph = try AppGraph(
                builder: GraphBuilder(environment: environmentForGraph), plist: plist.root)
            return AppSession(graph: graph, serverURL: serverURL, embeddedServer: embeddedServer)
        } catch {
            await embeddedServer?.stop()
            throw error
        }
    }

    /// Runs `body` in a session, closed whatever happens. Storage warnings go out at once, so none is lost.
    static func with(
        _ settings: Settings, environment: [String: String], _ body: (AppGraph) async throws -> Void
    ) async throws {
        let plist = try settings.configFile.map(AppPlist.file) ?? AppPlist.bundled()
        let session = try await open(
            settings: settings, plist: plist, environment: environment,
            reportStorageProblem: { problem in
                DiagnosticLog.say("warning: \(problem)")
            })
        do {
            try await body(session.graph)
        } catch {
            await session.close()
            throw error
        }
        await session.close()
    }

    func close() async {
        await embeddedServer?.stop()
    }

    /// Basic, the password read when a write first needs it; none offline.
    private static func authentication(
        settings: Settings, usesBundledServer: Bool, environment: [String: String]
    ) -> (any AuthenticationProvider)? {
        let demo = usesBundledServer ? settings.demoServer : nil
        guard !settings.isOffline, let user = settings.user ?? demo?.editor else { return nil }
        let fromEnvironment = environment["HEROES_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        return PromptedBasicAuthentication(user: user) {
            fromEnvironment ?? demo?.password(for: user) ?? PasswordPrompt.ask("Password for \(user): ")
        }
    }
}
