import Data
import Domain
import Foundation
import Network

/// The classes an app plist may name, each with its typed factory: a table, not
/// `NSClassFromString`. To swap a component, register a factory and name it in the plist.
struct ComponentRegistry: Sendable {
    /// Builds one component from its plist dictionary, asking the builder for its children.
    typealias Factory<Product> = @Sendable (PlistNode, GraphBuilder) throws -> Product

    var useCases: [String: Factory<UseCases>] = [:]
    var repositories: [String: Factory<RepositoryComponent>] = [:]
    var remoteDataSources: [String: Factory<RemoteDataSourceComponent>] = [:]
    var services: [String: Factory<WebService>] = [:]
    var ciphers: [String: Factory<any SecretIdentityCipher>] = [:]
    var stores: [String: Factory<any HeroStore>] = [:]
    /// Service plists by name; a `catalog` ending in `.plist` is loaded as a file instead.
    var catalogs: [String: @Sendable () throws -> ServiceCatalog] = [:]

    static let standard: ComponentRegistry = {
        var registry = ComponentRegistry()
        registry.useCases["HeroUseCases"] = { node, builder in
            try node.allowOnly(["className", "repository", "cipher"])
            guard case .heroes(let repository) = try builder.repository(in: node) else {
                throw node.error("must be a repository of heroes", at: "repository")
            }
            let cipher = try node.optionalNode("cipher").map(builder.cipher) ?? builder.defaultCipher()
            return .heroes(HeroUseCases(repository: repository, cipher: cipher))
        }
        registry.useCases["PictureUseCases"] = { node, builder in
            try node.allowOnly(["className", "repository", "heroUseCases"])
            guard case .pictures(let pictures) = try builder.repository(in: node) else {
                throw node.error("must be a repository of pictures", at: "repository")
            }
            let heroes = try builder.heroUseCases(named: try node.string("heroUseCases"), from: node)
            return .pictures(PictureUseCases(pictures: pictures, heroes: heroes.repository))
        }
        registry.repositories["OfflineFirstHeroRepository"] = { node, builder in
            try node.allowOnly(["className", "remoteDataSource", "store"])
            let remote: any HeroRemote
            if case .cacheOnly(let reason) = builder.environment.cachePolicy {
                // Never asked: builds no service, reads no service plist, makes no transport.
                try builder.checkRemoteDataSource(in: node)
                remote = OfflineHeroRemote(reason: reason)
            } else {
                guard case .heroes(let source) = try builder.remoteDataSource(in: node) else {
                    throw node.error("must be a RemoteHeroDataSource", at: "remoteDataSource")
                }
                remote = source
            }
            return .heroes(
                OfflineFirstHeroRepository(
                    remote: remote, store: try builder.store(in: node),
                    policy: builder.environment.cachePolicy,
                    decided: builder.environment.cacheDecided))
        }
        registry.stores["JSONFileHeroStore"] = { node, builder in
            let folder = try storeFolder(node, default: "heroes-store", in: builder)
            return try JSONFileHeroStore.open(
                at: folder, readLimit: builder.environment.storeReadLimit,
                report: builder.environment.reportStorageProblem)
        }
        registry.stores["SQLiteHeroStore"] = { node, builder in
            try SQLiteHeroStore.open(
                at: try storeFolder(node, default: "heroes-sqlite", in: builder),
                report: builder.environment.reportStorageProblem)
        }
        registry.repositories["RemotePictureRepository"] = { node, builder in
            try node.allowOnly(["className", "remoteDataSource"])
            if case .cacheOnly(let reason) = builder.environment.cachePolicy {
                try builder.checkRemoteDataSource(in: node)
                return .pictures(OfflinePictureRepository(reason: reason))
            }
            guard case .services(let directory) = try builder.remoteDataSource(in: node),
                let service = directory.services["service"]
            else {
                throw node.error(
                    "must be a ServiceDirectory with a service named `service`", at: "remoteDataSource"
                )
            }
            return .pictures(
                RemotePictureRepository(service: service, policy: builder.environment.cachePolicy))
        }
        registry.remoteDataSources["RemoteHeroDataSource"] = { node, builder in
            try node.allowOnly(["className", "services"])
            let services = try builder.services(in: node)
            guard let service = services["service"] else {
                throw node.error("needs a service whose propertyName is `service`", at: "services")
            }
            // The hero commands' one deadline is this service's.
            builder.commandDeadline = service.deadline
            return .heroes(RemoteHeroDataSource(service: service))
        }
        registry.remoteDataSources["ServiceDirectory"] = { node, builder in
            try node.allowOnly(["className", "services"])
            return .services(ServiceDirectory(services: try builder.services(in: node)))
        }
        registry.services["WebService"] = { node, builder in
            try node.allowOnly(["className", "propertyName", "networkServiceConfiguration"])
            return try builder.webService(configuredBy: try node.node("networkServiceConfiguration"))
        }
        registry.ciphers["AESGCMSecretIdentityCipher"] = { node, builder in
            try node.allowOnly(["className"])
            return AESGCMSecretIdentityCipher(key: builder.environment.clearanceKey)
        }
        registry.catalogs["HeroService"] = { try HeroAPI.catalog() }
        return registry
    }()

    private static func storeFolder(_ node: PlistNode, default fallback: String, in builder: GraphBuilder)
        throws
        -> URL
    {
        try node.allowOnly(["className", "folder"])
        let name = try node.optionalString("folder") ?? fallback
        guard !name.contains("/"), name != ".", name != "..", !name.isEmpty else {
            throw node.error("must be a folder name inside the cache folder", at: "folder")
        }
        return builder.environment.cacheFolder.appendingPathComponent(name, isDirectory: true)
    }
}
