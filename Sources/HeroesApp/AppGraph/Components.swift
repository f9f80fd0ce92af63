import Data
import Domain
import Network

/// What a manager factory can make: the app knows two kinds of manager.
enum Manager {
    case heroes(HeroManager)
    case pictures(PictureManager)
}

/// What a data access controller factory can make: a repository of heroes or of pictures.
enum DataAccessController {
    case heroes(any HeroRepository)
    case pictures(any PictureRepository)
}

/// The heroes' remote data source, or a plain directory of services.
enum CommunicationController {
    case heroes(RemoteHeroDataSource)
    case services(ServiceDirectory)
}

/// Network services by the `propertyName` the plist gives them.
struct ServiceDirectory: Sendable {
    /// The services, by property name.
    let services: [String: WebService]
}
