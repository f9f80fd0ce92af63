import Data
import Domain
import Network

/// What a use-case factory can make: the app knows two sets of use cases.
enum UseCases {
    case heroes(HeroUseCases)
    case pictures(PictureUseCases)
}

/// What a repository factory can make: a repository of heroes or of pictures.
enum RepositoryComponent {
    case heroes(any HeroRepository)
    case pictures(any PictureRepository)
}

/// The heroes' remote data source, or a plain directory of services.
enum RemoteDataSourceComponent {
    case heroes(RemoteHeroDataSource)
    case services(ServiceDirectory)
}

/// Network services by the `propertyName` the plist gives them.
struct ServiceDirectory: Sendable {
    /// The services, by property name.
    let services: [String: WebService]
}
