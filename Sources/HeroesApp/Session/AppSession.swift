import Data
import Domain
import Foundation
import MockServerKit
import Network
import Presentation

/// One run's world: the server (bundled when none is named), the graph, the cache, the credentials.
@MainActor
final class AppSession {
    /// The managers the commands call.
    let graph: AppGraph
    /// The API the graph talks to.
    let serverURL: URL
    /// The bundled server, when this session started one.
    let embeddedServer: MockServer?
    /// Every service the graph built, for `lint`.
    let services: [(keyPath: String, service: WebService)]

    private init(
        graph: AppGraph, serverURL: URL, embeddedServer: MockServer?,
        services: [(keyPath: String, service: WebService)]
    ) {
        self.graph = graph
        self.serverURL = serverURL
        self.embeddedServer = embeddedServer
        self.services = services
    }

    /// What a read the cache cannot answer says under `--offline`.
    static let offlineReason = "offline (--offline): only the cache can answer"

    /// Starts what `settings` ask for and builds the graph.
    /// - Parameters:
    ///   - plist: the app plist's root.
    ///   - environment: the process environment, for the password.
    ///   - reportStorageProblem: told about a cache file moved aside.
    static func open(
        settings: Settings,
        plist: AppPlist,
        environment: [String: String],
        reportStorageProblem: @escaping @Sendable (StorageError) -> Void
    ) async throws -> AppSession {
        let cacheFolder = try CacheFolder.prepare(in: settings.cacheDirectory, for: settings.server)
        let usesBundledServer = settings.server == nil
        var embeddedServer: MockServer?
        let serverURL: URL
        if let server = settings.server {
            serverURL = server
        } else if settings.isOffline {
            // Nothing will be sent: the repositories keep to the cache (and the transport refuses).
            serverURL = URL(string: "http://offline.invalid") ?? URL(fileURLWithPath: "/")
        } else {
            let server = try await EmbeddedServer.start(dataDirectory: settings.dataDirectory)
            embeddedServer = server
            serverURL = server.baseURL
        }
        let keyText = settings.clearanceKey ?? (usesBundledServer ? EmbeddedServer.demoClearanceKey : nil)
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
            networkLogger: DiagnosticLog.network(verbose: settings.isVerbose),
            cacheDecided: DiagnosticLog.cache(verbose: settings.isVerbose),
            cachePolicy: settings.isOffline ? .cacheOnly(reason: Self.offlineReason) : .networkFirst)
        let builder = GraphBuilder(environment: environmentForGraph)
        do {
            let graph = try builder.build(plist.root)
            return AppSession(
                graph: graph, serverURL: serverURL, embeddedServer: embeddedServer,
                services: builder.servicesBuilt)
        } catch {
            await embeddedServer?.stop()
            throw error
        }
    }

    /// Opens a session, runs `body` on its graph and closes it whatever happens. Storage warnings
    /// go to standard error at once, so none is lost.
    static func with(
        _ settings: Settings, environment: [String: String], _ body: (AppGraph) async throws -> Void
    ) async throws {
        let plist = try settings.configFile.map(AppPlist.file) ?? AppPlist.bundled()
        let session = try await open(
            settings: settings, plist: plist, environment: environment,
            reportStorageProblem: { problem in
                FileHandleOutputStream.standardError.write("heroes-cli: warning: \(problem)\n")
            })
        do {
            try await body(session.graph)
        } catch {
            await session.close()
            throw error
        }
        await session.close()
    }

    /// Stops the bundled server, if this session started one.
    func close() async {
        await embeddedServer?.stop()
    }

    /// Basic credentials for the user (or the bundled server's demo editor), the password read
    /// when a write first needs it.
    private static func authentication(
        settings: Settings, usesBundledServer: Bool, environment: [String: String]
    ) -> (any AuthenticationProvider)? {
        let demoUser = usesBundledServer ? EmbeddedServer.editor : nil
        guard let user = settings.user ?? demoUser?.name else { return nil }
        let fromEnvironment = environment["HEROES_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        let demoPassword = usesBundledServer ? MockUser.demoUsers.first { $0.name == user }?.password : nil
        return PromptedBasicAuthentication(user: user) {
            fromEnvironment ?? demoPassword ?? PasswordPrompt.ask("Password for \(user): ")
        }
    }
}
