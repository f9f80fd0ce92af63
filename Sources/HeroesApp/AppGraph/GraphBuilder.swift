import Data
import Domain
import Foundation
import Network

/// Builds the graph an app plist describes; every problem names the plist and key path.
public final class GraphBuilder {
    let environment: GraphEnvironment
    private let registry: ComponentRegistry
    private var built: [String: UseCases] = [:]
    /// Use-case sets being built, so a cycle is refused.
    private var building: Set<String> = []
    private var root: PlistNode?
    /// Shared by the services naming the same plist.
    private var catalogs: [String: ServiceCatalog] = [:]
    /// The hero service's deadline, once built.
    var commandDeadline: Duration?
    private var sharedTokenProvider: TokenProvider?
    /// Every service built, with its key path, for `lint`.
    public private(set) var servicesBuilt: [(keyPath: String, service: WebService)] = []
    var useCasesBuilt: Set<String> { Set(built.keys) }
    var catalogsRead: Set<String> { Set(catalogs.keys) }

    public convenience init(environment: GraphEnvironment) {
        self.init(environment: environment, registry: .standard)
    }

    init(environment: GraphEnvironment, registry: ComponentRegistry) {
        self.environment = environment
        self.registry = registry
    }

    /// Builds every use-case set under `root` now, as `lint` does; throws `AppPlistError` naming the
    /// key, or a layer's error.
    public func buildAllUseCases(_ root: PlistNode) throws {
        self.root = root
        guard !root.keys.isEmpty else { throw root.error("names no use cases") }
        for name in root.keys {
            _ = try useCases(named: name, in: root) {
                root.error("needs itself: the use cases name each other in a cycle", at: name)
            }
        }
        _ = try commandsHeroUseCases(in: root)
        _ = try commandsPictureUseCases(in: root)
    }

    func commandsHeroUseCases(in root: PlistNode) throws -> HeroUseCases {
        guard case .heroes(let useCases) = try commandsUseCases(AppGraph.heroUseCasesName, in: root) else {
            throw root.error(
                "is not a HeroUseCases; the hero commands need one", at: AppGraph.heroUseCasesName)
        }
        return useCases
    }

    func commandsPictureUseCases(in root: PlistNode) throws -> PictureUseCases {
        guard case .pictures(let useCases) = try commandsUseCases(AppGraph.pictureUseCasesName, in: root)
        else {
            throw root.error(
                "is not a PictureUseCases; the picture commands need one", at: AppGraph.pictureUseCasesName)
        }
        return useCases
    }

    private func commandsUseCases(_ name: String, in root: PlistNode) throws -> UseCases {
        self.root = root
        let made = try useCases(named: name, in: root) { root.error("needs itself", at: name) }
        guard let made else { throw root.error("is missing; the commands need it", at: name) }
        return made
    }

    /// The hero use cases `name`, which `node` asks for.
    func heroUseCases(named name: String, from node: PlistNode) throws -> HeroUseCases {
        let made = try root.flatMap { root in
            try useCases(named: name, in: root) {
                node.error(
                    "'\(name)' needs itself: the use cases name each other in a cycle", at: "heroUseCases")
            }
        }
        guard let made else {
            throw node.error("names no use cases of this plist: '\(name)'", at: "heroUseCases")
        }
        guard case .heroes(let useCases) = made else {
            throw node.error("'\(name)' is not a HeroUseCases", at: "heroUseCases")
        }
        return useCases
    }

    func repository(in node: PlistNode) throws -> RepositoryComponent {
        try make(
            registry.repositories, from: try node.node("repository"),
            kind: "repository")
    }

    func remoteDataSource(in node: PlistNode) throws -> RemoteDataSourceComponent {
        try make(
            registry.remoteDataSources, from: try node.node("remoteDataSource"),
            kind: "remote data source")
    }

    /// Keyed by `propertyName`.
    func services(in node: PlistNode) throws -> [String: WebService] {
        var services: [String: WebService] = [:]
        for declaration in try node.nodes("services") {
            let name = try declaration.string("propertyName")
            guard services[name] == nil else { throw declaration.error("is used twice", at: "propertyName") }
            let service = try make(registry.services, from: declaration, kind: "network service")
            services[name] = service
            servicesBuilt.append((declaration.path.joined(separator: "."), service))
        }
        return services
    }

    func store(in node: PlistNode) throws -> any HeroStore {
        try make(registry.stores, from: try node.node("store"), kind: "store")
    }

    func cipher(_ node: PlistNode) throws -> any SecretIdentityCipher {
        try make(registry.ciphers, from: node, kind: "cipher")
    }

    /// For use cases naming none: AES-256-GCM with the environment's key.
    func defaultCipher() -> any SecretIdentityCipher {
        AESGCMSecretIdentityCipher(key: environment.clearanceKey)
    }

    func webService(configuredBy configuration: PlistNode) throws -> WebService {
        try configuration.allowOnly([
            "catalog", "authentication", "deadlineSeconds", "retryAttempts", "maximumRetryAfterSeconds",
            "transport",
        ])
        let catalog = try self.catalog(named: try configuration.string("catalog"), in: configuration)
        let authentication: (any AuthenticationProvider)?
        switch try configuration.optionalString("authentication") ?? "basic" {
        case "basic": authentication = environment.authentication
        case "token": authentication = tokenProvider()
        case "none": authentication = nil
        case let other:
            throw configuration.error("must be basic, token or none, not '\(other)'", at: "authentication")
        }
        let transport = try self.transport(configuredBy: configuration)
        let deadline = try configuration.optionalNumber("deadlineSeconds", in: 0.1...600) ?? 15
        let attempts = try configuration.optionalNumber("retryAttempts", in: 1...10) ?? 3
        let retryAfter = try configuration.optionalNumber("maximumRetryAfterSeconds", in: 0...600) ?? 5
        return WebService(
            baseURL: environment.serverURL,
            catalog: catalog,
            transport: transport,
            authentication: authentication,
            retryPolicy: RetryPolicy(
                attempts: Int(attempts), maximumRetryAfter: .milliseconds(Int(retryAfter * 1000))),
            deadline: .milliseconds(Int(deadline * 1000)),
            logger: environment.networkLogger)
    }

    /// One token per process, shared by every service naming `token`.
    private func tokenProvider() -> TokenProvider {
        if let sharedTokenProvider { return sharedTokenProvider }
        let endpoint = TokenEndpoint(
            url: environment.serverURL.appendingPathComponent("v1/token"),
            credentials: environment.authentication,
            transport: environment.transports.transport(AppTransports.defaultKind))
        let provider = TokenProvider(fetch: endpoint.fetch)
        sharedTokenProvider = provider
        return provider
    }

    /// `curl` or `urlsession`; by default `AppTransports.defaultKind`.
    private func transport(configuredBy configuration: PlistNode) throws -> any HTTPTransport {
        guard let name = try configuration.optionalString("transport") else {
            return environment.transports.transport(AppTransports.defaultKind)
        }
        guard let kind = AppTransports.Kind(rawValue: name) else {
            let known = AppTransports.Kind.allCases.map(\.rawValue).joined(separator: " or ")
            throw configuration.error("must be \(known), not '\(name)'", at: "transport")
        }
        if let reason = kind.unavailableReason { throw configuration.error(reason, at: "transport") }
        return environment.transports.transport(kind)
    }

    private func catalog(named name: String, in node: PlistNode) throws -> ServiceCatalog {
        if let loaded = catalogs[name] { return loaded }
        let catalog = try loadCatalog(named: name, in: node)
        catalogs[name] = catalog
        return catalog
    }

    private func loadCatalog(named name: String, in node: PlistNode) throws -> ServiceCatalog {
        if name.hasSuffix(".plist") {
            let url = URL(fileURLWithPath: name, relativeTo: environment.plistFolder).standardizedFileURL
            return try HeroAPI.catalog(contentsOf: url)
        }
        guard let load = registry.catalogs[name] else {
            throw node.error(
                "unknown service plist '\(name)'; known: \(registry.catalogs.keys.sorted().joined(separator: ", ")), "
                    + "or a path ending in .plist",
                at: "catalog")
        }
        return try load()
    }

    /// Built on first use; `nil` if `root` has no `name`. Asked for while being built: `cycle`.
    private func useCases(named name: String, in root: PlistNode, cycle: () -> Error) throws -> UseCases? {
        if let made = built[name] { return made }
        guard root.keys.contains(name) else { return nil }
        guard building.insert(name).inserted else { throw cycle() }
        defer { building.remove(name) }
        let made = try make(registry.useCases, from: try root.node(name), kind: "use cases")
        built[name] = made
        return made
    }

    /// Checks that `node` names a remote data source the registry knows, building nothing
    /// (`--offline`, which needs none, still refuses a plist that names an unknown class).
    func checkRemoteDataSource(in node: PlistNode) throws {
        _ = try factory(
            registry.remoteDataSources, for: try node.node("remoteDataSource"),
            kind: "remote data source")
    }

    private func make<Product>(
        _ factories: [String: ComponentRegistry.Factory<Product>], from node: PlistNode, kind: String
    ) throws -> Product {
        try factory(factories, for: node, kind: kind)(node, self)
    }

    private func factory<Product>(
        _ factories: [String: ComponentRegistry.Factory<Product>], for node: PlistNode, kind: String
    ) throws -> ComponentRegistry.Factory<Product> {
        let className = try node.string("className")
        guard let factory = factories[className] else {
            throw node.error(
                "unknown \(kind) class '\(className)'; known: \(factories.keys.sorted().joined(separator: ", "))",
                at: "className")
        }
        return factory
    }
}
