import Data
import Domain
import Foundation
import Network

/// What the components need from outside the plist; the command line decides it.
public struct GraphEnvironment: Sendable {
    let serverURL: URL
    let authentication: (any AuthenticationProvider)?
    let clearanceKey: ClearanceKey?
    let cacheFolder: URL
    /// The transports a service may name, or one refusing all with `--offline`.
    let transports: AppTransports
    /// Where relative paths in the plist are resolved.
    let plistFolder: URL?
    /// Told about a cache file that had to be moved aside or could not be used.
    let reportStorageProblem: @Sendable (StorageError) -> Void
    /// Sees every request of every service, redacted (warnings, and `--verbose`'s lines).
    let networkLogger: NetworkLogger?
    /// Told what each read did with the cache (`--verbose`).
    let cacheDecided: @Sendable (CacheDecision) -> Void
    /// Whether the repositories ask the server at all (`--offline`: never).
    let cachePolicy: CachePolicy
    /// The largest JSON store file read, when smaller than the store's own bound.
    let storeReadLimit: Int

    public init(
        serverURL: URL,
        authentication: (any AuthenticationProvider)?,
        clearanceKey: ClearanceKey?,
        cacheFolder: URL,
        transports: AppTransports,
        plistFolder: URL?,
        reportStorageProblem: @escaping @Sendable (StorageError) -> Void,
        networkLogger: NetworkLogger? = nil,
        cacheDecided: @escaping @Sendable (CacheDecision) -> Void = { _ in },
        cachePolicy: CachePolicy = .networkFirst,
        storeReadLimit: Int = JSONFileHeroStore.sizeLimit
    ) {
        self.serverURL = serverURL
        self.authentication = authentication
        self.clearanceKey = clearanceKey
        self.cacheFolder = cacheFolder
        self.transports = transports
        self.plistFolder = plistFolder
        self.reportStorageProblem = reportStorageProblem
        self.networkLogger = networkLogger
        self.cacheDecided = cacheDecided
        self.cachePolicy = cachePolicy
        self.storeReadLimit = storeReadLimit
    }
}
